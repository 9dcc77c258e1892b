import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testPlayer } from '../../../test/render-app';
import {
  briefingAlreadySeen,
  buildObjectivesBody,
  buildRunningSession,
  gameApi,
  stubViewport,
} from '../../game/testing/game-api';
import { fakeEventStreams } from '../../../lib/event-stream/testing/fake-event-streams';

const session = buildRunningSession();
const ownTeam = session.gaming_session_user!.gaming_session_team!.uuid;
const otherTeam = session.teams.find((team) => team.uuid !== ownTeam)!.uuid;
const environmentUuid = '0190a1b2-c3d4-7e5f-8a9b-00000000b001';

const renderGame = () => {
  stubViewport(1440);
  briefingAlreadySeen(session.uuid, testPlayer.uuid);
  const streams = fakeEventStreams();
  renderApp(`/sessions/${session.uuid}/game`, {
    streams: streams.create,
    api: gameApi(
      () => session,
      () => buildObjectivesBody(),
    ),
  });
  return (teamUuid: string, phase: 'Ready' | 'Released' | 'Failed', expiresAt: string) =>
    streams.emit(`/api/sessions/${session.uuid}/events`, {
      type: 'lab.environment_changed',
      payload: { teamUuid, environmentUuid, phase, expiresAt },
    });
};

describe('what a player is told of their team’s lab environment', () => {
  it('says, translated, that it is ready, extended, then stopped; never another team’s', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const emit = renderGame();
    await screen.findByRole('heading', { level: 1 });
    emit(otherTeam, 'Ready', '2026-03-02T10:20:00.000Z');
    emit(ownTeam, 'Ready', '2026-03-02T10:20:00.000Z');
    expect(
      await screen.findByText('Your team’s lab environment is ready: open the Console tab.'),
    ).toBeTruthy();
    expect(screen.getAllByText(/lab environment is ready/)).toHaveLength(1);
    emit(ownTeam, 'Ready', '2026-03-02T10:50:00.000Z');
    expect(
      await screen.findByText('The trainer extended your team’s lab environment.'),
    ).toBeTruthy();
    emit(ownTeam, 'Released', '2026-03-02T10:50:00.000Z');
    expect(
      await screen.findByText(
        'Your team’s lab environment was stopped. What was done in it is gone.',
      ),
    ).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
