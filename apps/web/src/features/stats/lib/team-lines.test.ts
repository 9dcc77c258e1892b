import { describe, expect, it } from 'vitest';
import { formatElapsed, teamLines } from './team-lines';

const uuids = Array.from({ length: 17 }, (_, index) => `team-${index}`);

describe('team lines of the score chart', () => {
  it('tells 16 teams apart by pattern and marker, without their colour', () => {
    const lines = teamLines(uuids.slice(0, 16), null);
    const looks = new Set([...lines.values()].map((line) => `${line.dash.join()}|${line.shape}`));
    expect(looks.size).toBe(16);
  });

  it("emphasises the player's team with a thick solid line, whatever its rank", () => {
    const lines = teamLines(uuids, 'team-5');
    const mine = lines.get('team-5')!;
    expect(mine).toMatchObject({ mine: true, dash: [] });
    for (const [uuid, line] of lines) {
      if (uuid !== 'team-5') expect(line.width).toBeLessThan(mine.width);
    }
  });
});

describe('elapsed time', () => {
  it.each([
    [0, '0:00'],
    [59_600, '1:00'],
    [754_000, '12:34'],
    [3_723_000, '1:02:03'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});
