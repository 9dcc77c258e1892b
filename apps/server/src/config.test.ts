import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const KEY = 'SKLiDed57WACsKXO7kjq2INTIr5iS3v/OgDJjnrX8cA=';

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
      SECRET_KEY: KEY,
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/rampart',
      poolSize: 5,
    });
    expect(config.seedDemoAccounts).toBe(false);
    // Behind a load balancer: a stop drains first.
    expect(config.shutdownDrainMs).toBe(5000);
    expect(config.secretKey).toBe(KEY);
  });

  it('refuses PostgreSQL without SECRET_KEY, and a SECRET_KEY that is no key, never echoing it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/rampart' })).toThrow(
      'SECRET_KEY is required with DATABASE_URL',
    );
    expect(() => loadConfig({ SECRET_KEY: 'hunter2-too-short' })).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/SECRET_KEY must be 32 random bytes(?![^]*hunter2)/),
      }),
    );
    expect(loadConfig({}).secretKey).toBeNull();
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

  it('serves no metrics unless a token or a port is set, and keeps event logs 90 days', () => {
    const defaults = loadConfig({});
    expect(defaults.metrics).toEqual({ token: null, port: null, host: '127.0.0.1' });
    expect(defaults.retention).toEqual({ eventDays: 90, vacuumHours: 24 });
    const set = loadConfig({
      METRICS_TOKEN: 'a-long-enough-token',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
      EVENT_RETENTION_DAYS: '0',
      PGLITE_VACUUM_HOURS: '6',
    });
    expect(set.metrics).toEqual({ token: 'a-long-enough-token', port: 9464, host: '0.0.0.0' });
    expect(set.retention).toEqual({ eventDays: 0, vacuumHours: 6 });
  });

  it.each([
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT must differ from PORT'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
    [{ EVENT_RETENTION_DAYS: '-1' }, 'EVENT_RETENTION_DAYS must be a whole number'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be 16 to 512 printable characters'],
  ])('refuses bad metrics and retention settings: %o', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it('never echoes the metrics token', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'secret token with spaces' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') }),
    );
  });

  it('never echoes the database URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url secret-password' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret-password') }),
    );
  });

  it('leaves the identity provider off unless configured, and takes its settings whole', () => {
    expect(loadConfig({}).auth.oidc).toBeNull();
    const oidc = loadConfig({
      OIDC_ISSUER: 'https://id.school.example/realms/classes',
      OIDC_CLIENT_ID: 'rampart',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_TRAINER_CLAIM: 'realm_access.roles',
      OIDC_TRAINER_VALUES: 'teacher, staff',
      OIDC_CREATE_ACCOUNTS: 'false',
      OIDC_LABEL: 'School account',
    }).auth.oidc!;
    expect(oidc).toMatchObject({
      clientId: 'rampart',
      scopes: 'openid profile email',
      usernameClaim: 'preferred_username',
      trainerClaim: 'realm_access.roles',
      trainerValues: ['teacher', 'staff'],
      createAccounts: false,
      label: 'School account',
    });
    expect(oidc.issuer.href).toBe('https://id.school.example/realms/classes');
    const refused = (environment: Record<string, string>) => () => loadConfig(environment);
    // Half a configuration is a mistake, not a silently missing button.
    expect(refused({ OIDC_ISSUER: 'https://id.school.example' })).toThrow(/go together/);
    const whole = { OIDC_CLIENT_ID: 'rampart', OIDC_CLIENT_SECRET: 's' };
    // Tokens never cross a network in clear: plain HTTP only for a provider on this machine.
    expect(refused({ ...whole, OIDC_ISSUER: 'http://id.school.example' })).toThrow(ConfigError);
    expect(loadConfig({ ...whole, OIDC_ISSUER: 'http://127.0.0.1:9000' }).auth.oidc).not.toBeNull();
    expect(
      refused({ ...whole, OIDC_ISSUER: 'https://id.example', OIDC_SCOPES: 'profile' }),
    ).toThrow(/openid/);
    expect(
      refused({ ...whole, OIDC_ISSUER: 'https://id.example', OIDC_TRAINER_CLAIM: 'roles' }),
    ).toThrow(/OIDC_TRAINER_VALUES/);
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
