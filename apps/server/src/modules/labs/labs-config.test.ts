import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('lab configuration', () => {
  it('runs the fake provider with bounded capacity by default', () => {
    expect(loadConfig({}).labs).toEqual({
      provider: 'fake',
      maxEnvironments: 20,
      maxEnvironmentsPerSession: 20,
      maxExtensions: 2,
      reconcileSeconds: 20,
      retryAfterSeconds: 30,
      allocateAtStart: true,
      allocationsPerTeamPerMinute: 6,
      console: { perTeam: 8, idleSeconds: 1800, graceSeconds: 60 },
    });
  });

  it('reads its limits from the environment', () => {
    const config = loadConfig({
      LAB_MAX_ENVIRONMENTS: '100',
      LAB_MAX_ENVIRONMENTS_PER_SESSION: '12',
      LAB_MAX_EXTENSIONS: '0',
      LAB_RECONCILE_SECONDS: '5',
      LAB_RETRY_AFTER_SECONDS: '60',
    });
    expect(config.labs).toMatchObject({
      maxEnvironments: 100,
      maxEnvironmentsPerSession: 12,
      maxExtensions: 0,
      reconcileSeconds: 5,
      retryAfterSeconds: 60,
    });
  });

  it('refuses the providers that are not built yet, and unknown ones, naming the variable', () => {
    for (const provider of ['local', 'kubernetes'])
      expect(() => loadConfig({ LAB_PROVIDER: provider })).toThrow(
        /LAB_PROVIDER .* not available yet/,
      );
    expect(() => loadConfig({ LAB_PROVIDER: 'docker' })).toThrow(ConfigError);
    expect(() => loadConfig({ LAB_RECONCILE_SECONDS: '0' })).toThrow(/LAB_RECONCILE_SECONDS/);
  });
});
