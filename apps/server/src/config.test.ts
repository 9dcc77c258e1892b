import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has sensible defaults: port 3000, embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data') });
    expect(config.app).toEqual({ name: 'Rampart', mentions: null, goHomeEnabled: true });
    expect(config.bodyLimitBytes).toBe(2 * 1024 * 1024);
    expect(config.seedDemoAccounts).toBe(true);
    expect(config.shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2500' }).shutdownDrainMs).toBe(2500);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/rampart',
      DATABASE_POOL_SIZE: '5',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/rampart',
      poolSize: 5,
    });
    expect(config.seedDemoAccounts).toBe(false);
    // Behind a load balancer: a stop drains first.
    expect(config.shutdownDrainMs).toBe(5000);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', APP_NAME: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number between 0 and 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ GO_HOME_ENABLED: 'maybe' }, 'GO_HOME_ENABLED must be true or false'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [
      { PRESENCE_RENEW_SECONDS: '30', PRESENCE_TTL_SECONDS: '20' },
      'PRESENCE_TTL_SECONDS must exceed PRESENCE_RENEW_SECONDS (got 20 and 30)',
    ],
  ])('names the bad variable in %o', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it('never echoes the database URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url secret-password' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret-password') }),
    );
  });

  it('reads lists of trusted proxies and origins', () => {
    const config = loadConfig({
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      ALLOWED_ORIGINS: 'https://a.example',
    });
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(config.allowedOrigins).toEqual(['https://a.example']);
  });
});
