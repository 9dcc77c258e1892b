import type { SessionStatus } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { sessionRedirect } from '../../sessions/lib/session-screens';
import { screenAfterStatsTransition } from './debrief-flow';

const rated = {
  response: { rating: 'satisfied' as const, comment: null, updatedAt: '2026-01-01T10:00:00Z' },
};

describe('the end of a session', () => {
  it.each<[string, Parameters<typeof screenAfterStatsTransition>[0], 'survey' | 'stats']>([
    ['not rated yet', { response: null }, 'survey'],
    ['already rated', rated, 'stats'],
    ['survey unreadable', 'unreadable', 'stats'],
  ])('after the transition, %s → %s', (_case, survey, expected) => {
    expect(screenAfterStatsTransition(survey)).toBe(expected);
  });

  it.each<[SessionStatus, 'game' | 'lobby', 'statsTransition' | null]>([
    ['finished', 'game', 'statsTransition'],
    ['stopped', 'game', 'statsTransition'],
    ['finished', 'lobby', 'statsTransition'],
    ['stopped', 'lobby', 'statsTransition'],
    ['running', 'game', null],
  ])('a %s session opened on the %s screen → %s', (status, screen, expected) => {
    expect(
      sessionRedirect(screen, { status, startPhase: 'idle', joined: true, inTeam: true }),
    ).toBe(expected);
  });

  it.each<['statsTransition' | 'survey' | 'stats', SessionStatus]>([
    ['statsTransition', 'finished'],
    ['survey', 'stopped'],
    ['stats', 'finished'],
  ])('lets a player who played stay on %s of a %s session', (screen, status) => {
    expect(
      sessionRedirect(screen, { status, startPhase: 'idle', joined: true, inTeam: true }),
    ).toBeNull();
  });
});
