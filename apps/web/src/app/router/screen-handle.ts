import type { WebAccess, WebLayout, WebRouteId } from '@rampart/contracts';

/** What every screen route carries in its `handle`, read with `useMatches()` (guards, analytics…). */
export interface ScreenHandle {
  screen: WebRouteId;
  layout: WebLayout;
  access: WebAccess;
}
