import { describe, expect, it } from 'vitest';
import { decideHintUnlock, type HintUnlockContext } from './hint-rules.js';

const open: HintUnlockContext = {
  status: 'running',
  teamEliminated: false,
  objectiveLocked: false,
  objectiveClosed: false,
  unlocked: false,
  previousUnlocked: true,
};

describe('deciding a hint unlock', () => {
  it.each([
    ['an open objective, the hints before it unlocked', {}, { kind: 'unlock' }],
    ['a paused game', { status: 'paused' }, { kind: 'refused', code: 'session.paused' }],
    ['a game over', { status: 'finished' }, { kind: 'refused', code: 'session.not_running' }],
    ['a lobby', { status: 'lobby' }, { kind: 'refused', code: 'session.not_running' }],
    ['an eliminated team', { teamEliminated: true }, { kind: 'refused', code: 'team.eliminated' }],
    [
      'a locked objective',
      { objectiveLocked: true },
      { kind: 'refused', code: 'objective.locked' },
    ],
    [
      'a solved objective',
      { objectiveClosed: true },
      { kind: 'refused', code: 'hint.objective_closed' },
    ],
    [
      'a hint before it still locked',
      { previousUnlocked: false },
      { kind: 'refused', code: 'hint.out_of_order' },
    ],
    ['a hint the team has', { unlocked: true }, { kind: 'already_unlocked' }],
    [
      'a hint the team has, once the objective is solved',
      { unlocked: true, objectiveClosed: true },
      { kind: 'already_unlocked' },
    ],
  ] as const)('%s', (_name, change, expected) => {
    expect(decideHintUnlock({ ...open, ...change })).toEqual(expected);
  });
});
