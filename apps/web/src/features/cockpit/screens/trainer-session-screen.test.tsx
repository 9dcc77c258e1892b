import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { renderApp } from '../../../test/render-app';
import {
  buildTrainerSession,
  refusal,
  trainerApi,
} from '../../trainer-sessions/testing/trainer-api';

const session = buildTrainerSession();
const path = `/trainer/sessions/${session.uuid}`;

describe('the cockpit’s confirmations', () => {
  it('says stop is irreversible, and returns focus to Stop when cancelled', async () => {
    const { fetchMock } = renderApp(path, {
      api: trainerApi({ session }),
      streams: fakeEventStreams().create,
    });
    const stop = await screen.findByRole('button', { name: 'Stop' });
    stop.focus();
    fireEvent.click(stop);
    const dialog = await screen.findByRole('dialog', { name: 'Stop the session?' });
    expect(dialog.textContent).toContain('This cannot be undone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(stop));
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/${session.uuid}/stop`)),
    ).toBe(false);
  });

  it('keeps the dialog open with the translated refusal when another trainer acted first', async () => {
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`POST /api/trainer/sessions/${session.uuid}/pause`]: refusal(
          409,
          'session.invalid_transition',
        ),
      },
      streams: fakeEventStreams().create,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause the session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The session cannot do this in its current state.',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('asks for the reason of an elimination before sending it, and keeps it on refusal', async () => {
    const { fetchMock } = renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`POST /api/trainer/sessions/${session.uuid}/teams/${session.teams[0]!.uuid}/eliminate`]:
          refusal(409, 'session.ended'),
      },
      streams: fakeEventStreams().create,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminate Blue Owls' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminate Blue Owls?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminate' }));
    expect(await within(dialog).findByText('Give the reason the team will read.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/eliminate'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Attacked the scoring server' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This session is over.');
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe(
      'Attacked the scoring server',
    );
  });

  it('follows a pause announced on the trainers’ stream without reloading', async () => {
    const streams = fakeEventStreams();
    // The server's side of the pause: read again after the event, the session says paused too.
    let current = session;
    renderApp(path, {
      api: {
        ...trainerApi({ session }),
        [`GET /api/trainer/sessions/${session.uuid}`]: () => Response.json({ session: current }),
      },
      streams: streams.create,
    });
    await screen.findByRole('button', { name: 'Pause' });
    current = { ...session, status: 'paused', remainingMs: 1_200_000 };
    streams.emit(`/api/trainer/sessions/${session.uuid}/events`, {
      type: 'session.status_changed',
      payload: {
        sessionUuid: session.uuid,
        status: 'paused',
        startPhase: 'idle',
        startWaitEndsAt: null,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        remainingMs: 1_200_000,
        serverTime: session.serverTime,
      },
    });
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.getByTestId('cockpit-summary').textContent).toContain('20:00 left (frozen)');
  });

  it('starts without forcing, names the short teams, and forces the start only when asked', async () => {
    const lobby = buildTrainerSession({ status: 'lobby', startsAt: null, endsAt: null });
    const short = [{ uuid: lobby.teams[0]!.uuid, name: 'Blue Owls', missing: 1 }];
    const sent: unknown[] = [];
    let current = { ...lobby, shortTeams: short };
    renderApp(path, {
      api: {
        ...trainerApi({ session: current }),
        [`GET /api/trainer/sessions/${lobby.uuid}`]: () => Response.json({ session: current }),
        [`POST /api/trainer/sessions/${lobby.uuid}/start`]: (init) => {
          const body = init.body ? JSON.parse(String(init.body)) : null;
          sent.push(body);
          current = body?.force
            ? { ...current, status: 'countdown' as const, shortTeams: [] }
            : { ...current, startPhase: 'waiting_for_players' as const };
          return Response.json({ session: current });
        },
      },
      streams: fakeEventStreams().create,
    });
    const controls = await screen.findByRole('group', { name: 'Session controls' });
    expect(within(controls).getByText('Blue Owls: 1 player missing')).toBeTruthy();
    fireEvent.click(within(controls).getByRole('button', { name: 'Start' }));
    let dialog = await screen.findByRole('dialog', { name: 'Start the session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([null]);
    expect(await within(controls).findByText('The start waits for players')).toBeTruthy();
    expect(within(controls).queryByRole('button', { name: 'Start' })).toBeNull();

    fireEvent.click(within(controls).getByRole('button', { name: 'Force the start' }));
    dialog = await screen.findByRole('dialog', { name: 'Start without the missing players?' });
    expect(dialog.textContent).toContain('records that the start was forced');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Force the start' }));
    await waitFor(() => expect(sent).toEqual([null, { force: true }]));
  });
});
