import { useMatches } from 'react-router';
import type { WebAccess, WebLayout, WebRouteId } from '@rampart/contracts';

/** What every screen route carries in its `handle`, read with `useMatches()` (guards, analytics…). */
export interface ScreenHandle {
  screen: WebRouteId;
  layout: WebLayout;
  access: WebAccess;
}

/** Whether the screen on display is one of the player's (not a login page, not the trainer's). */
export const useOnPlayerScreen = (): boolean =>
  useMatches().some((match) => (match.handle as ScreenHandle | undefined)?.access === 'player');
