import { describe, expect, it } from 'vitest';
import { defaultBackoff, reconnectDelay } from './reconnect-delay';

const almostOne = 1 - Number.EPSILON;

describe('reconnect delay', () => {
  it.each([
    { attempt: 0, ceiling: 1_000 },
    { attempt: 1, ceiling: 2_000 },
    { attempt: 2, ceiling: 4_000 },
    { attempt: 4, ceiling: 16_000 },
    { attempt: 5, ceiling: 30_000 },
    { attempt: 12, ceiling: 30_000 },
    { attempt: 5_000, ceiling: 30_000 },
  ])('draws attempt $attempt in [0, $ceiling ms)', ({ attempt, ceiling }) => {
    expect(reconnectDelay(attempt, () => 0)).toBe(0);
    expect(reconnectDelay(attempt, () => 0.5)).toBe(ceiling / 2);
    expect(reconnectDelay(attempt, () => almostOne)).toBe(ceiling - 1);
  });

  it('starts around a second and never waits more than 30 seconds', () => {
    expect(defaultBackoff).toEqual({ baseMs: 1_000, capMs: 30_000 });
  });

  it('follows the settings given', () => {
    expect(reconnectDelay(3, () => 0.5, { baseMs: 100, capMs: 500 })).toBe(250);
    expect(reconnectDelay(2, () => 0.5, { baseMs: 100, capMs: 500 })).toBe(200);
  });
});
