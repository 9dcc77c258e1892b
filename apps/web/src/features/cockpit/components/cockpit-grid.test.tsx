import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import {
  buildCockpit,
  buildTrainerSession,
  objectiveUuids,
  refusal,
  trainerApi,
} from '../../trainer-sessions/testing/trainer-api';

const session = buildTrainerSession();
const team = session.teams[0]!;
const path = `/trainer/sessions/${session.uuid}`;
const events = `/api/trainer/sessions/${session.uuid}/events`;

describe('the grid of objectives × teams', () => {
  it('says in words which objective each team solved, when and by whom, or what it spent', async () => {
    const cockpit = buildCockpit(session, {
      cells: [
        {
          teamUuid: team.uuid,
          objectiveUuid: objectiveUuids[0],
          solved: true,
          solvedAt: '2026-03-02T10:05:00.000Z',
          solvedBy: 'Alice',
          attempts: 1,
          wrongAnswers: 1,
          hints: 0,
          hintCost: 0,
        },
        {
          teamUuid: team.uuid,
          objectiveUuid: objectiveUuids[1],
          solved: false,
          solvedAt: null,
          solvedBy: null,
          attempts: 2,
          wrongAnswers: 3,
          hints: 0,
          hintCost: 0,
        },
      ],
    });
    renderApp(path, { api: trainerApi({ session, cockpit }), streams: fakeEventStreams().create });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Blue Owls' })).toBeTruthy();
    const solved = within(table).getByRole('row', { name: /Spot the sender/ });
    expect(within(solved).getByRole('rowheader').textContent).toContain('Flag · 100 pts');
    expect(within(solved).getAllByRole('cell')[0]!.textContent).toMatch(
      /Solved.*by Alice.*1 wrong answer/,
    );
    const trying = within(table).getByRole('row', { name: /Read the headers/ });
    expect(within(trying).getAllByRole('cell')[0]!.textContent).toBe('2 attempts3 wrong answers');
  });

  it('reads the cockpit again when the stream says a team scored', async () => {
    const streams = fakeEventStreams();
    let cockpit = buildCockpit(session);
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`GET /api/trainer/sessions/${session.uuid}/cockpit`]: () => Response.json(cockpit),
      },
      streams: streams.create,
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('Not tried yet')).toHaveLength(2);
    cockpit = buildCockpit(session, {
      objectives: buildCockpit(session).objectives.map((objective, index) =>
        index === 0
          ? { ...objective, firstBlood: { teamUuid: team.uuid, at: session.serverTime } }
          : objective,
      ),
      cells: [
        {
          teamUuid: team.uuid,
          objectiveUuid: objectiveUuids[0],
          solved: true,
          solvedAt: session.serverTime,
          solvedBy: 'Alice',
          attempts: 0,
          wrongAnswers: 0,
          hints: 0,
          hintCost: 0,
        },
      ],
    });
    streams.emit(events, {
      type: 'objective.solved',
      payload: {
        teamUuid: team.uuid,
        teamName: team.name,
        objectiveUuid: objectiveUuids[0],
        points: 100,
        firstBlood: true,
        speedrun: false,
      },
    });
    expect(await within(table).findByText('First blood: Blue Owls')).toBeTruthy();
    expect(within(table).getAllByText('Not tried yet')).toHaveLength(1);
  });

  it('shows the refusal and a retry when the cockpit cannot be read', async () => {
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`GET /api/trainer/sessions/${session.uuid}/cockpit`]: refusal(404, 'session.not_found'),
      },
      streams: fakeEventStreams().create,
    });
    await waitFor(() => expect(screen.getByText('This session does not exist.')).toBeTruthy());
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });
});
