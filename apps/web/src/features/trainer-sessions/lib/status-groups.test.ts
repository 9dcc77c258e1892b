import { describe, expect, it } from 'vitest';
import { dashboardGroupOf, groupSessions } from './status-groups';

const at = '2026-01-01T10:00:00.000Z';

describe('the dashboard groups', () => {
  it('splits the lobby into scheduled and open by the planned start', () => {
    expect(dashboardGroupOf({ status: 'lobby', scheduledStartAt: at })).toBe('scheduled');
    expect(dashboardGroupOf({ status: 'lobby', scheduledStartAt: null })).toBe('open');
  });

  it('keeps every other status as its own group, each in the order of the list', () => {
    const sessions = [
      { name: 'a', status: 'running', scheduledStartAt: null },
      { name: 'b', status: 'paused', scheduledStartAt: null },
      { name: 'c', status: 'running', scheduledStartAt: null },
      { name: 'd', status: 'canceled', scheduledStartAt: at },
      { name: 'e', status: 'countdown', scheduledStartAt: null },
    ] as const;
    const groups = groupSessions(sessions);
    expect(groups.running.map((session) => session.name)).toEqual(['a', 'c']);
    expect(groups.paused.map((session) => session.name)).toEqual(['b']);
    expect(groups.canceled.map((session) => session.name)).toEqual(['d']);
    expect(groups.countdown.map((session) => session.name)).toEqual(['e']);
    expect(groups.finished).toEqual([]);
  });
});
