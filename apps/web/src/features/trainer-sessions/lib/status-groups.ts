import type { SessionStatus } from '@rampart/contracts';

/**
 * The dashboard's groups, in the order a trainer needs them: what is live first,
 * then what waits, then what is over. The lobby splits into scheduled (a planned start) and open.
 */
export const dashboardGroups = [
  'running',
  'paused',
  'countdown',
  'scheduled',
  'open',
  'finished',
  'stopped',
  'canceled',
] as const;
export type DashboardGroup = (typeof dashboardGroups)[number];

export const dashboardGroupOf = (session: {
  status: SessionStatus;
  scheduledStartAt: string | null;
}): DashboardGroup =>
  session.status === 'lobby'
    ? session.scheduledStartAt === null
      ? 'open'
      : 'scheduled'
    : session.status;

/** Sessions by group, every group present (empty ones too), each keeping the list's order. */
export const groupSessions = <T extends { status: SessionStatus; scheduledStartAt: string | null }>(
  sessions: readonly T[],
): Record<DashboardGroup, T[]> => {
  const groups = Object.fromEntries(dashboardGroups.map((group) => [group, [] as T[]])) as Record<
    DashboardGroup,
    T[]
  >;
  for (const session of sessions) groups[dashboardGroupOf(session)].push(session);
  return groups;
};

/** The groups that are over: shown folded, under the live ones. */
export const endedGroups: readonly DashboardGroup[] = ['finished', 'stopped', 'canceled'];
