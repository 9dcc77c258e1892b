import { describe, expect, it } from 'vitest';
import { controlsFor } from './session-controls';

describe('the controls a session offers its trainer', () => {
  it.each([
    ['lobby', {}, ['start', 'stop']],
    ['lobby', { shortTeams: 2 }, ['start', 'forceStart', 'stop']],
    ['lobby', { waiting: true, shortTeams: 1 }, ['forceStart', 'stop']],
    ['countdown', {}, ['stop']],
    ['running', {}, ['pause', 'stop']],
    ['paused', {}, ['resume', 'stop']],
    ['finished', {}, []],
    ['stopped', {}, []],
    ['canceled', { shortTeams: 1 }, []],
  ] as const)('%s %o → %o', (status, options, controls) => {
    expect(controlsFor(status, options)).toEqual(controls);
  });
});
