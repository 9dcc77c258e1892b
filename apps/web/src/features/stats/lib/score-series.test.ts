import type { ScoreEvolution } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { minutesOf, scoreSeries } from './score-series';

const red = '0190a1b2-c3d4-7e5f-8a9b-000000000001';
const blue = '0190a1b2-c3d4-7e5f-8a9b-000000000002';

/** A ledger as rows of points, and the running sum the server turns it into. */
const ledger: { team: string; at: number; points: number }[] = [
  { team: red, at: 0, points: 0 },
  { team: red, at: 60_000, points: 100 },
  { team: blue, at: 90_000, points: 150 },
  { team: red, at: 90_000, points: -20 },
  { team: red, at: 90_000, points: 50 },
  { team: blue, at: 400_000, points: -30 },
];
const evolution: ScoreEvolution = {
  durationMs: 600_000,
  teams: [red, blue].map((team) => {
    let sum = 0;
    return {
      teamUuid: team,
      points: ledger
        .filter((row) => row.team === team)
        .map((row) => ({ at: row.at, score: (sum += row.points) })),
    };
  }),
};

describe('score evolution', () => {
  it("equals the ledger's running sum at every point", () => {
    const series = scoreSeries(evolution);
    expect(series.times).toEqual([0, 60_000, 90_000, 400_000, 600_000]);
    for (const team of series.teams) {
      series.times.forEach((time, index) => {
        const expected = ledger
          .filter((row) => row.team === team.teamUuid && row.at <= time)
          .reduce((sum, row) => sum + row.points, 0);
        expect(team.scores[index], `${team.teamUuid} at ${time}`).toBe(expected);
      });
    }
  });

  it('marks only the moments a team scored, and starts every team at 0', () => {
    const series = scoreSeries(evolution);
    const [redSeries, blueSeries] = series.teams;
    expect(redSeries!.changes).toEqual([true, true, true, false, false]);
    expect(blueSeries!.scores).toEqual([0, 0, 150, 120, 120]);
    expect(blueSeries!.changes).toEqual([false, false, true, true, false]);
  });

  it('draws flat lines for a session nobody scored in', () => {
    const series = scoreSeries({ durationMs: 0, teams: [{ teamUuid: red, points: [] }] });
    expect(series).toEqual({
      times: [0],
      teams: [{ teamUuid: red, scores: [0], changes: [false] }],
    });
  });

  it('reads time in minutes since the start', () => {
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(90_000)).toBe(1.5);
    expect(minutesOf(3_000)).toBe(0.05);
  });
});
