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
      vpn: { endpoint: 'localhost:51820', listenPort: 51820 },
      local: { maxLabs: 8, rootFilesystems: { debian: '/' } },
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

  it('refuses unknown providers and bad limits, naming the variable', () => {
    expect(() => loadConfig({ LAB_PROVIDER: 'docker' })).toThrow(ConfigError);
    expect(() => loadConfig({ LAB_PROVIDER: 'docker' })).toThrow(/LAB_PROVIDER/);
    expect(() => loadConfig({ LAB_RECONCILE_SECONDS: '0' })).toThrow(/LAB_RECONCILE_SECONDS/);
  });

  it('runs the local provider outside production, and in production only when allowed', () => {
    expect(loadConfig({ LAB_PROVIDER: 'local', NODE_ENV: 'development' }).labs.provider).toBe(
      'local',
    );
    expect(() => loadConfig({ LAB_PROVIDER: 'local' })).toThrow(
      /refused when NODE_ENV is production unless ALLOW_LOCAL_PROVIDER=1/,
    );
    expect(
      loadConfig({ LAB_PROVIDER: 'local', NODE_ENV: 'production', ALLOW_LOCAL_PROVIDER: '1' }).labs
        .provider,
    ).toBe('local');
  });

  it('reads the local provider’s size and root filesystems, never from the repository or data', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      LAB_PROVIDER: 'local',
      LAB_LOCAL_MAX_LABS: '3',
      LAB_LOCAL_ROOTFS: 'kali=/srv/rootfs/kali, alpine=/srv/rootfs/alpine/',
    });
    expect(config.labs.local).toEqual({
      maxLabs: 3,
      rootFilesystems: { debian: '/', kali: '/srv/rootfs/kali', alpine: '/srv/rootfs/alpine' },
    });
    expect(() => loadConfig({ LAB_LOCAL_ROOTFS: 'kali' })).toThrow(/id=\/absolute\/dir/);
    expect(() =>
      loadConfig({ LAB_LOCAL_ROOTFS: 'data=/var/rampart', PGLITE_DIR: '/var/rampart' }),
    ).toThrow(/may not lie in the repository or the data dir/);
    expect(() => loadConfig({ LAB_LOCAL_ROOTFS: `repo=${process.cwd()}` })).toThrow(
      /may not lie in the repository or the data dir/,
    );
  });
});
