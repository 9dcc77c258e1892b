import type { SessionSummary } from '@rampart/contracts';

/** The screen of a session the player is in, from its status (the screens follow it). */
export const sessionPath = ({ uuid, status }: Pick<SessionSummary, 'uuid' | 'status'>): string => {
  switch (status) {
    case 'lobby':
      return `/sessions/${uuid}/lobby`;
    // A game that never began (canceled): the start screen says so.
    case 'countdown':
    case 'canceled':
      return `/sessions/${uuid}/startScreen`;
    case 'running':
    case 'paused':
      return `/sessions/${uuid}/game`;
    case 'finished':
    case 'stopped':
      return `/sessions/${uuid}/stats`;
  }
};

/** Where a player joins a session they are not in yet. */
export const sessionJoinPath = (uuid: string): string => `/sessions/${uuid}/join`;
