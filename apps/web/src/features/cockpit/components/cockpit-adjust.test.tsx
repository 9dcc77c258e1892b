import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import {
  buildCockpit,
  buildTrainerSession,
  refusal,
  trainerApi,
} from '../../trainer-sessions/testing/trainer-api';

const session = buildTrainerSession();
const team = session.teams[0]!;
const path = `/trainer/sessions/${session.uuid}`;
const adjustPath = `POST /api/trainer/sessions/${session.uuid}/teams/${team.uuid}/adjustments`;

const openDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Adjust the score of Blue Owls' }));
  return screen.findByRole('dialog', { name: 'Adjust the score of Blue Owls' });
};

describe('adjusting a team’s score', () => {
  it('asks for non-zero points within the limits and a reason before sending anything', async () => {
    const { fetchMock } = renderApp(path, {
      api: trainerApi({ session }),
      streams: fakeEventStreams().create,
    });
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Adjust the score' });
    fireEvent.change(within(dialog).getByLabelText('Points (negative to remove)'), {
      target: { value: '0' },
    });
    fireEvent.click(confirm);
    expect(
      within(dialog).getByText('Enter a whole number from -10000 to 10000, other than 0.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Points (negative to remove)'), {
      target: { value: '-30' },
    });
    expect(within(dialog).getByText('Score: 120 → 90 pts')).toBeTruthy();
    fireEvent.click(confirm);
    expect(within(dialog).getByText('Give the reason the players will read.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/adjustments'))).toBe(false);
  });

  it('keeps the dialog and what was typed with the translated refusal', async () => {
    renderApp(path, {
      api: { ...trainerApi({ session }), [adjustPath]: refusal(409, 'session.ended') },
      streams: fakeEventStreams().create,
    });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Points (negative to remove)'), {
      target: { value: '50' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Helped another team' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust the score' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This session is over.');
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe(
      'Helped another team',
    );
  });

  it('sends points and reason, then shows the new score the stream announces', async () => {
    const streams = fakeEventStreams();
    let cockpit = buildCockpit(session);
    const { fetchMock } = renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`GET /api/trainer/sessions/${session.uuid}/cockpit`]: () => Response.json(cockpit),
        [adjustPath]: () => {
          cockpit = buildCockpit(session, {
            teams: cockpit.teams.map((entry) => ({ ...entry, score: 170 })),
          });
          return Response.json(
            {
              adjustment: {
                id: 1,
                teamUuid: team.uuid,
                points: 50,
                reason: 'Found a real bug',
                score: 170,
                createdAt: session.serverTime,
              },
            },
            { status: 201 },
          );
        },
      },
      streams: streams.create,
    });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Points (negative to remove)'), {
      target: { value: '50' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: '  Found a real bug ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust the score' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/adjustments'))!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ points: 50, reason: 'Found a real bug' });
    streams.emit(`/api/trainer/sessions/${session.uuid}/events`, {
      type: 'score.adjusted',
      payload: {
        teamUuid: team.uuid,
        teamName: team.name,
        points: 50,
        reason: 'Found a real bug',
        score: 170,
      },
    });
    await waitFor(() => expect(screen.getByTestId('team-score').textContent).toBe('170 pts'));
  });
});
