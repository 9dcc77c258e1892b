import type { SessionStatus, StartPhase } from '@rampart/contracts';

/** The session screens, by the last segment of their path. */
export const sessionScreens = {
  join: 'join',
  joinTeams: 'join/teams',
  createTeam: 'join/teams/create',
  videoTransitionCreation: 'videoTransitionCreation',
  lobby: 'lobby',
  startScreen: 'startScreen',
  game: 'game',
  statsTransition: 'statsTransition',
  stats: 'stats',
  survey: 'survey',
} as const;

export type SessionScreen = keyof typeof sessionScreens;

export const sessionScreenPath = (uuid: string, screen: SessionScreen) =>
  `/sessions/${uuid}/${sessionScreens[screen]}`;

/** Screens a player may be on before they are in a team. */
const joiningScreens: readonly SessionScreen[] = ['join', 'joinTeams', 'createTeam'];

/**
 * verify-session-status: screens a session lets through whatever its status (the spec lets the
 * transitions, stats and survey through; the creation transition plays once, then the lobby).
 */
const passThroughScreens: readonly SessionScreen[] = [
  'videoTransitionCreation',
  'statsTransition',
  'stats',
  'survey',
];

export interface SessionPosition {
  status: SessionStatus;
  startPhase: StartPhase;
  /** Whether the player joined the session, and whether they are in a team. */
  joined: boolean;
  inTeam: boolean;
}

/** The screen that matches a session's status for this player (screens follow it). */
export const screenForStatus = ({ status, startPhase, joined, inTeam }: SessionPosition) => {
  if (!joined || !inTeam) {
    if (status === 'lobby' || status === 'countdown' || status === 'running' || status === 'paused')
      return 'join' as const;
    return 'stats' as const;
  }
  switch (status) {
    case 'lobby':
      // A start waiting for players shows on the start screen: "players missing".
      return startPhase === 'waiting_for_players' ? ('startScreen' as const) : ('lobby' as const);
    case 'countdown':
    case 'canceled':
      return 'startScreen' as const;
    case 'running':
    case 'paused':
      return 'game' as const;
    case 'finished':
    case 'stopped':
      return 'statsTransition' as const;
  }
};

/**
 * Where a player on `screen` must go instead, or null to stay. The joining screens stay open to
 * whoever has no team yet; a player in a team who opens them goes to where the session is.
 */
export const sessionRedirect = (screen: SessionScreen, position: SessionPosition) => {
  const expected = screenForStatus(position);
  if (expected === screen) return null;
  // A game that never began (canceled) has no end transition, stats or survey: "game canceled".
  if (passThroughScreens.includes(screen) && position.joined && position.status !== 'canceled')
    return null;
  if (joiningScreens.includes(screen) && expected === 'join') return null;
  return expected;
};
