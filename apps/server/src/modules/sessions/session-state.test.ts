import type { SessionStatus } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import {
  allowedFrom,
  applySessionAction,
  deriveSessionState,
  startRequirementsMet,
  type SessionAction,
  type SessionTimeline,
} from './session-state.js';

const t0 = new Date('2026-03-14T09:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const minutes = (n: number) => n * 60_000;

const timeline = (overrides: Partial<SessionTimeline> = {}): SessionTimeline => ({
  durationMs: minutes(30),
  countdownMs: 10_000,
  startWaitMs: minutes(2),
  scheduledStartAt: null,
  startRequestedAt: null,
  startsAt: null,
  pausedAt: null,
  pausedMs: 0,
  stoppedAt: null,
  ...overrides,
});

/** A session of each status, as observed at `at(100)`. */
const sessionIn: Record<SessionStatus, SessionTimeline> = {
  lobby: timeline(),
  countdown: timeline({ startsAt: at(105) }),
  running: timeline({ startsAt: at(50) }),
  paused: timeline({ startsAt: at(50), pausedAt: at(90) }),
  finished: timeline({ startsAt: at(100 - 31 * 60) }),
  stopped: timeline({ startsAt: at(50), stoppedAt: at(80) }),
  canceled: timeline({ startRequestedAt: at(-30) }),
};
const now = at(100);

describe('the derived status of the sample sessions', () => {
  it.each(Object.entries(sessionIn))('%s', (status, sample) => {
    expect(deriveSessionState(sample, now).status).toBe(status);
  });
});

const actions: Record<SessionAction['kind'], SessionAction> = {
  start: { kind: 'start', requirementsMet: true },
  force_start: { kind: 'force_start', teamCount: 1 },
  teams_changed: { kind: 'teams_changed', requirementsMet: true },
  pause: { kind: 'pause' },
  resume: { kind: 'resume' },
  stop: { kind: 'stop' },
};

/** Every action from every status: allowed ones lead to the expected status, the rest refuse. */
const expectedAfter: Record<
  SessionAction['kind'],
  Partial<Record<SessionStatus, SessionStatus>>
> = {
  start: { lobby: 'countdown' },
  force_start: { lobby: 'countdown' },
  teams_changed: { lobby: 'lobby' },
  pause: { running: 'paused' },
  resume: { paused: 'running' },
  stop: { lobby: 'canceled', countdown: 'canceled', running: 'stopped', paused: 'stopped' },
};

const cases = Object.entries(actions).flatMap(([kind, action]) =>
  (Object.keys(sessionIn) as SessionStatus[]).map((from) => ({
    kind,
    action,
    from,
    to: expectedAfter[kind as SessionAction['kind']][from],
  })),
);

describe('the transition table', () => {
  it.each(cases)('$kind from $from → $to', ({ action, from, to }) => {
    const result = applySessionAction(sessionIn[from], action, now);
    if (to === undefined) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        const ended = ['finished', 'stopped', 'canceled'].includes(from);
        expect(result.code).toBe(ended ? 'session.ended' : 'session.invalid_transition');
      }
      return;
    }
    expect(result).toMatchObject({ ok: true, status: to });
    if (!result.ok) return;
    // What the action stores really leads to the status it announces.
    const after = { ...sessionIn[from], ...result.changes };
    expect(deriveSessionState(after, now).status).toBe(to);
  });

  it('lists exactly the statuses the table allows', () => {
    for (const [kind, allowed] of Object.entries(allowedFrom))
      expect([...allowed].sort()).toEqual(
        Object.keys(expectedAfter[kind as SessionAction['kind']]).sort(),
      );
  });
});

describe('starting', () => {
  it('counts down for the countdown, then runs', () => {
    const result = applySessionAction(timeline(), { kind: 'start', requirementsMet: true }, at(0));
    expect(result).toMatchObject({ ok: true, changes: { startsAt: at(10) } });
    const started = { ...timeline(), ...(result.ok ? result.changes : {}) };
    expect(deriveSessionState(started, at(9.999)).status).toBe('countdown');
    expect(deriveSessionState(started, at(10)).status).toBe('running');
    expect(deriveSessionState(started, at(10)).remainingMs).toBe(minutes(30));
  });

  it('waits for players when teams are not ready, and cancels when the wait is over', () => {
    const result = applySessionAction(timeline(), { kind: 'start', requirementsMet: false }, at(0));
    expect(result).toEqual({ ok: true, status: 'lobby', changes: { startRequestedAt: at(0) } });
    const waiting = timeline({ startRequestedAt: at(0) });
    expect(deriveSessionState(waiting, at(119.999))).toMatchObject({
      status: 'lobby',
      startPhase: 'waiting_for_players',
      startWaitEndsAt: at(120),
    });
    expect(deriveSessionState(waiting, at(120)).status).toBe('canceled');
  });

  it('keeps the first deadline when the start is asked again while waiting', () => {
    const waiting = timeline({ startRequestedAt: at(0) });
    expect(applySessionAction(waiting, { kind: 'start', requirementsMet: false }, at(60))).toEqual({
      ok: true,
      status: 'lobby',
      changes: {},
    });
  });

  it('begins the countdown when the teams fill during the wait, and not otherwise', () => {
    const waiting = timeline({ startRequestedAt: at(0) });
    const ready = applySessionAction(
      waiting,
      { kind: 'teams_changed', requirementsMet: true },
      at(40),
    );
    expect(ready).toMatchObject({ ok: true, status: 'countdown', changes: { startsAt: at(50) } });
    expect(
      applySessionAction(waiting, { kind: 'teams_changed', requirementsMet: false }, at(40)),
    ).toEqual({ ok: true, status: 'lobby', changes: {} });
    // A lobby where nobody asked to start stays a lobby when teams become ready.
    expect(
      applySessionAction(timeline(), { kind: 'teams_changed', requirementsMet: true }, at(40)),
    ).toEqual({ ok: true, status: 'lobby', changes: {} });
  });

  it('lets a trainer force the start with teams not ready, but not with no team at all', () => {
    const waiting = timeline({ startRequestedAt: at(0) });
    expect(
      applySessionAction(waiting, { kind: 'force_start', teamCount: 2 }, at(30)),
    ).toMatchObject({ ok: true, status: 'countdown', changes: { startsAt: at(40) } });
    expect(applySessionAction(waiting, { kind: 'force_start', teamCount: 0 }, at(30))).toEqual({
      ok: false,
      code: 'session.no_team',
    });
  });

  it('treats a due scheduled start as a start asked at the scheduled instant', () => {
    const scheduled = timeline({ scheduledStartAt: at(60) });
    expect(deriveSessionState(scheduled, at(59.999))).toMatchObject({
      status: 'lobby',
      startPhase: 'idle',
    });
    expect(deriveSessionState(scheduled, at(60))).toMatchObject({
      status: 'lobby',
      startPhase: 'waiting_for_players',
      startWaitEndsAt: at(180),
    });
    expect(deriveSessionState(scheduled, at(180)).status).toBe('canceled');
    const ready = applySessionAction(
      scheduled,
      { kind: 'teams_changed', requirementsMet: true },
      at(61),
    );
    expect(ready).toMatchObject({
      ok: true,
      changes: { startsAt: at(71), startRequestedAt: at(60) },
    });
  });
});

describe('time-derived status at boundary instants', () => {
  const running = timeline({ startsAt: at(0) });

  it('runs until the very end and is finished at the end instant', () => {
    expect(deriveSessionState(running, at(0)).status).toBe('running');
    expect(deriveSessionState(running, at(30 * 60 - 0.001))).toMatchObject({
      status: 'running',
      remainingMs: 1,
    });
    expect(deriveSessionState(running, at(30 * 60))).toMatchObject({
      status: 'finished',
      remainingMs: 0,
      endsAt: at(30 * 60),
    });
  });

  it('excludes paused time: the end moves later while paused and stays there after resume', () => {
    const paused = applySessionAction(running, { kind: 'pause' }, at(600));
    expect(paused.ok).toBe(true);
    const whilePaused = { ...running, ...(paused.ok ? paused.changes : {}) };
    // Paused past the original end: still paused, time left frozen at 20 minutes.
    expect(deriveSessionState(whilePaused, at(40 * 60))).toMatchObject({
      status: 'paused',
      remainingMs: minutes(20),
      endsAt: at(60 * 60),
    });
    const resumed = applySessionAction(whilePaused, { kind: 'resume' }, at(900));
    const afterResume = { ...whilePaused, ...(resumed.ok ? resumed.changes : {}) };
    expect(afterResume).toMatchObject({ pausedAt: null, pausedMs: 300_000 });
    // Just after resume: running, with exactly the time left at the pause.
    expect(deriveSessionState(afterResume, at(900))).toMatchObject({
      status: 'running',
      remainingMs: minutes(20),
      endsAt: at(35 * 60),
    });
    expect(deriveSessionState(afterResume, at(35 * 60 - 0.001)).status).toBe('running');
    expect(deriveSessionState(afterResume, at(35 * 60)).status).toBe('finished');
  });

  it('stays stopped whatever the time, with nothing left to play', () => {
    const stopped = timeline({ startsAt: at(0), stoppedAt: at(300) });
    for (const instant of [at(300), at(30 * 60), at(99_999)])
      expect(deriveSessionState(stopped, instant)).toMatchObject({
        status: 'stopped',
        remainingMs: 0,
        endsAt: at(300),
      });
  });
});

describe('a stop before play began', () => {
  it.each([
    ['in the lobby', timeline({}), at(10)],
    ['during the countdown', timeline({ startsAt: at(10) }), at(5)],
  ])('cancels the game %s, whatever the time after', (_label, before, instant) => {
    const result = applySessionAction(before, { kind: 'stop' }, instant);
    expect(result).toMatchObject({ ok: true, status: 'canceled' });
    if (!result.ok) return;
    for (const later of [instant, at(60), at(99_999)])
      expect(deriveSessionState({ ...before, ...result.changes }, later)).toMatchObject({
        status: 'canceled',
        startsAt: null,
        endsAt: null,
        remainingMs: 0,
      });
  });
});

describe('start requirements', () => {
  it.each([
    { sizes: [], min: 1, met: false },
    { sizes: [1], min: 1, met: true },
    { sizes: [2, 1], min: 2, met: false },
    { sizes: [2, 3], min: 2, met: true },
  ])('teams $sizes with at least $min each: $met', ({ sizes, min, met }) => {
    expect(startRequirementsMet(sizes, min)).toBe(met);
  });
});
