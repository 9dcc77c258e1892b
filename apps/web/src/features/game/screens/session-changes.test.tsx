import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import {
  briefingAlreadySeen,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../testing/game-api';

const running = () => {
  const session = buildRunningSession();
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  return session;
};

beforeEach(() => stubViewport(1024));

/** The game is a lazy screen: on a busy machine its first render may take a while. */
const firstRender = { timeout: 15_000 };

describe('a session changed or left while its game is open', () => {
  it.each([
    ['English', '', 'Quit', 'The trainer added 10 minutes to the game.', 'Friday, extended'],
    ['French', '/fr', 'Quitter', 'Le formateur a ajouté 10 minutes à la partie.', 'Vendredi'],
  ])(
    'moves the timer and says so when a trainer adds minutes, without a reload (%s)',
    async (_language, prefix, quit, told, name) => {
      let session = running();
      const streams = fakeEventStreams();
      renderApp(`${prefix}/sessions/${session.uuid}/game`, {
        streams: streams.create,
        api: gameApi(() => session),
      });
      // The screen in its language first: the toast is said in it.
      await screen.findByRole('button', { name: quit }, firstRender);
      const timer = screen.getByTestId('game-timer');
      expect(timer.textContent).toMatch(/^(29|30):/);
      const path = `/api/sessions/${session.uuid}/events`;
      await waitFor(() =>
        expect(streams.opened.some((stream) => stream.path === path && !stream.closed)).toBe(true),
      );
      const endsAt = new Date(Date.parse(session.endsAt!) + 600_000).toISOString();
      session = { ...session, name, endsAt, durationMinutes: 40, remainingMs: 2_400_000 };
      streams.emit(`/api/sessions/${session.uuid}/events`, {
        type: 'session.settings_changed',
        payload: {
          sessionUuid: session.uuid,
          name,
          maxTeams: session.maxTeams,
          playersPerTeam: session.playersPerTeam,
          durationMinutes: 40,
          minutesAdded: 10,
          status: 'running',
          startPhase: 'idle',
          startWaitEndsAt: null,
          startsAt: session.startsAt,
          endsAt,
          remainingMs: 2_400_000,
          serverTime: new Date().toISOString(),
        },
      });
      expect((await screen.findAllByText(told)).length).toBeGreaterThan(0);
      await waitFor(() =>
        expect(screen.getByTestId('game-timer').textContent).toMatch(/^(39|40):/),
      );
    },
  );

  it('leaves the session from the quit dialog after a confirmation, and goes home', async () => {
    const session = running();
    let left = 0;
    const { router } = renderApp(`/sessions/${session.uuid}/game`, {
      api: {
        ...gameApi(() => session),
        [`POST /api/sessions/${session.uuid}/leave`]: () => {
          left += 1;
          return Response.json({ left: true });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Quit' }, firstRender));
    const quit = await screen.findByRole('dialog', { name: 'Leave the game?' });
    fireEvent.click(within(quit).getByRole('button', { name: 'Leave the session…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave this session?' });
    expect(
      within(confirm).getByText(/Your team keeps its points and plays on without you/),
    ).toBeTruthy();
    expect(left).toBe(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Leave the session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(left).toBe(1);
    expect((await screen.findAllByText('You left the session.')).length).toBeGreaterThan(0);
  });

  it('sends a player a trainer removed home, and says why', async () => {
    const session = running();
    const streams = fakeEventStreams();
    const { router } = renderApp(`/sessions/${session.uuid}/game`, {
      streams: streams.create,
      api: gameApi(() => session),
    });
    await screen.findByTestId('game-timer', {}, firstRender);
    // The player's own stream opens once the screen is drawn.
    await waitFor(() =>
      expect(streams.opened.some((s) => s.path === '/api/me/events' && !s.closed)).toBe(true),
    );
    streams.emit(
      '/api/me/events',
      { type: 'session.changed', payload: { sessionUuid: session.uuid, removed: true } },
      `user:${testPlayer.uuid}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(
      (
        await screen.findAllByText(
          'A trainer removed you from a session. Your team keeps its points.',
        )
      ).length,
    ).toBeGreaterThan(0);
  });
});
