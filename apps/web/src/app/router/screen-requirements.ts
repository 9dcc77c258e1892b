import type { WebRouteId } from '@rampart/contracts';

/**
 * What a screen needs beyond its `access`. `has-avatar`: a player without
 * an avatar picks one first. Kept here until `webRoutes` in the contracts carries it.
 */
export type ScreenRequirement = 'has-avatar';

export const screenRequirements: Partial<Record<WebRouteId, readonly ScreenRequirement[]>> = {
  home: ['has-avatar'],
};
