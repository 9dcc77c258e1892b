import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import { briefingAlreadySeen, buildRunningSession, gameApi } from '../../game/testing/game-api';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';
import { buildPlayerSession, sessionApi } from '../../sessions/testing/session-api';
import { buildSurveyResponse, debriefApi } from '../testing/stats-api';
import { holdTimeoutsOf } from '../../../test/held-timeouts';
import { STATS_TRANSITION_MS } from './session-stats-transition-screen';

const reduceMotion = () =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query })),
  );

describe('the end of a session', () => {
  it('announces the end, then asks a player who has not rated the session for the survey', async () => {
    const transition = holdTimeoutsOf(STATS_TRANSITION_MS);
    const session = buildPlayerSession({ status: 'finished' });
    const { router } = renderApp(`/sessions/${session.uuid}/statsTransition`, {
      api: { ...sessionApi(() => session), ...debriefApi(session.uuid).routes },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Session over' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Time is upRed Foxes: here are the results',
    );
    await screen.findByRole('button', { name: /Skip/ });
    await waitFor(() => expect(transition.count()).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/statsTransition`);
    act(() => transition.fire());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/survey`),
    );
  });

  it('goes straight to the stats for a player who already rated it, skipped with Escape', async () => {
    const session = buildPlayerSession({ status: 'stopped' });
    const { router } = renderApp(`/fr/sessions/${session.uuid}/statsTransition`, {
      api: {
        ...sessionApi(() => session),
        ...debriefApi(session.uuid, { response: buildSurveyResponse() }).routes,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Session terminée' })).toBeTruthy();
    expect(screen.getByText('La session a été arrêtée')).toBeTruthy();
    const skip = await screen.findByRole('button', { name: /Passer/ });
    await waitFor(() => expect(document.activeElement).toBe(skip));
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/fr/sessions/${session.uuid}/stats`),
    );
  });

  it('is instant for a player who asks for reduced motion', async () => {
    reduceMotion();
    const session = buildPlayerSession({ status: 'finished' });
    const { router } = renderApp(`/sessions/${session.uuid}/statsTransition`, {
      api: { ...sessionApi(() => session), ...debriefApi(session.uuid).routes },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/survey`),
    );
  });

  it('follows a game that ends while the player is on it', async () => {
    let session = buildRunningSession();
    briefingAlreadySeen(session.uuid, testPlayer.uuid);
    const streams = fakeEventStreams();
    const { router } = renderApp(`/sessions/${session.uuid}/game`, {
      streams: streams.create,
      api: { ...gameApi(() => session), ...debriefApi(session.uuid).routes },
    });
    await screen.findByRole('tablist', { name: 'Game' });
    session = { ...session, status: 'stopped', remainingMs: 0 };
    streams.emit(`/api/sessions/${session.uuid}/events`, {
      type: 'session.status_changed',
      payload: {
        sessionUuid: session.uuid,
        status: 'stopped',
        startPhase: 'idle',
        startWaitEndsAt: null,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        remainingMs: 0,
        serverTime: new Date().toISOString(),
      },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/statsTransition`),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Session over' })).toBeTruthy();
  });

  it('sends a player who opens the lobby of an ended session to its end', async () => {
    const session = buildPlayerSession({ status: 'finished' });
    const { router } = renderApp(`/sessions/${session.uuid}/lobby`, {
      api: { ...sessionApi(() => session), ...debriefApi(session.uuid).routes },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/statsTransition`),
    );
  });

  it('has nothing to announce while the game can still be played', async () => {
    const session = buildRunningSession();
    briefingAlreadySeen(session.uuid, testPlayer.uuid);
    const { router } = renderApp(`/sessions/${session.uuid}/statsTransition`, {
      api: { ...gameApi(() => session), ...debriefApi(session.uuid).routes },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/sessions/${session.uuid}/game`),
    );
  });
});
