import type { SessionStatus, StartPhase } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { sessionRedirect, type SessionScreen } from './session-screens';

const inTeam = (status: SessionStatus, startPhase: StartPhase = 'idle') => ({
  status,
  startPhase,
  joined: true,
  inTeam: true,
});

describe('verify-session-status', () => {
  it.each<[SessionScreen, ReturnType<typeof inTeam>, SessionScreen | null]>([
    ['lobby', inTeam('lobby'), null],
    ['game', inTeam('lobby'), 'lobby'],
    ['lobby', inTeam('lobby', 'waiting_for_players'), 'startScreen'],
    ['lobby', inTeam('countdown'), 'startScreen'],
    ['startScreen', inTeam('countdown'), null],
    ['startScreen', inTeam('running'), 'game'],
    ['lobby', inTeam('paused'), 'game'],
    ['game', inTeam('paused'), null],
    ['game', inTeam('finished'), 'statsTransition'],
    ['game', inTeam('stopped'), 'statsTransition'],
    ['lobby', inTeam('canceled'), 'startScreen'],
    ['statsTransition', inTeam('canceled'), 'startScreen'],
    ['stats', inTeam('canceled'), 'startScreen'],
    ['survey', inTeam('canceled'), 'startScreen'],
    ['stats', inTeam('running'), null],
    ['survey', inTeam('finished'), null],
    ['videoTransitionCreation', inTeam('lobby'), null],
    ['join', inTeam('lobby'), 'lobby'],
    ['createTeam', inTeam('running'), 'game'],
  ])('on %s with %j → %s', (screen, position, expected) => {
    expect(sessionRedirect(screen, position)).toBe(expected);
  });

  it('sends a player who is not in a team to join, and lets the joining screens through', () => {
    const outside = {
      status: 'lobby' as const,
      startPhase: 'idle' as const,
      joined: false,
      inTeam: false,
    };
    expect(sessionRedirect('lobby', outside)).toBe('join');
    expect(sessionRedirect('game', { ...outside, status: 'running' })).toBe('join');
    expect(sessionRedirect('joinTeams', outside)).toBeNull();
    expect(sessionRedirect('createTeam', { ...outside, joined: true })).toBeNull();
    // Someone who never joined does not read another session's stats.
    expect(sessionRedirect('stats', { ...outside, status: 'finished' })).toBeNull();
    expect(sessionRedirect('survey', { ...outside, status: 'running' })).toBe('join');
  });
});
