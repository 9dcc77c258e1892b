import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { buildApp, loggerOptions } from '../app.js';
import { maskDisplayToken, maskLogSecrets, maskTicket } from './request-log.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  url?: string;
  status?: number;
  ms?: number;
  err?: { message: string; stack: string };
}

const INFO = 30;
const ERROR = 50;

describe('request logs', () => {
  it('never carry a console ticket', () => {
    expect(maskTicket('/ws/console?ticket=abc-DEF_123')).toBe('/ws/console?ticket=[redacted]');
    expect(maskTicket('/ws/console?x=1&ticket=abc&y=2')).toBe(
      '/ws/console?x=1&ticket=[redacted]&y=2',
    );
    expect(maskTicket('/api/health')).toBe('/api/health');
  });

  it('never carry a display link’s token, on the page or the API', () => {
    const token = 'Abc-123_xyzAbc-123_xyzAbc-123_xyzAbc-123_x';
    expect(maskDisplayToken(`/display/${token}?lang=fr`)).toBe('/display/[redacted]?lang=fr');
    expect(maskDisplayToken(`/fr/display/${token}`)).toBe('/fr/display/[redacted]');
    expect(maskDisplayToken(`/api/display/${token}/events`)).toBe('/api/display/[redacted]/events');
    expect(maskDisplayToken(`/api/display/${token}/teams/t/logo`)).toBe(
      '/api/display/[redacted]/teams/t/logo',
    );
    expect(maskDisplayToken('/api/trainer/sessions/x/display-links')).toBe(
      '/api/trainer/sessions/x/display-links',
    );
  });
});

describe('log lines', () => {
  const logged = (write: (log: pino.Logger) => void) => {
    const lines: string[] = [];
    const log = pino(loggerOptions(testConfig({ LOG_LEVEL: 'info' })), {
      write: (line: string) => lines.push(line),
    });
    write(log);
    return lines.join('');
  };

  it('never carry a private key, at the top level or one level down, nor a credential header', () => {
    const key = 'kA3SuperSecretWireGuardKey0123456789abcdefgh=';
    const line = logged((log) => {
      log.warn({ privateKey: key, gateway: { private_key: key, address: '10.0.0.1' } }, 'probe');
      const headers = { cookie: `s=${key}`, authorization: `Bearer ${key}` };
      log.info({ req: { method: 'GET', url: '/api/x', ip: '10.0.0.2', headers } }, 'r');
    });
    expect(line).toContain('probe');
    expect(line).toContain('10.0.0.1');
    expect(line).not.toContain(key);
    expect(JSON.parse(line.split('\n')[0]!)).toMatchObject({
      privateKey: '[Redacted]',
      gateway: { private_key: '[Redacted]', address: '10.0.0.1' },
    });
  });

  it('keep an error’s message and stack when its details hold a key', () => {
    const error = Object.assign(new Error('peer refused'), { privateKey: 'k-secret' });
    const line = logged((log) => log.error({ err: error }, 'failed'));
    expect(line).not.toContain('k-secret');
    expect(JSON.parse(line)).toMatchObject({
      err: { type: 'Error', message: 'peer refused', stack: expect.stringContaining('Error') },
    });
    expect(error.privateKey).toBe('k-secret');
  });

  it('mask a key behind a getter or in a frozen object, and mask whole what cannot be read', () => {
    const frozen = Object.freeze({ private_key: 'k-frozen', port: 51820 });
    const withGetter = Object.defineProperty({}, 'privateKey', {
      get: () => 'k-getter',
      enumerable: true,
    });
    const broken = Object.defineProperty({ privateKey: 'k-broken' }, 'peer', {
      get: () => {
        throw new Error('unreadable');
      },
      enumerable: true,
    });
    const line = logged((log) => log.warn({ frozen, withGetter, broken }, 'probe'));
    expect(line).not.toMatch(/k-frozen|k-getter|k-broken/);
    expect(JSON.parse(line)).toMatchObject({
      frozen: { private_key: '[Redacted]', port: 51820 },
      withGetter: { privateKey: '[Redacted]' },
      broken: '[Redacted]',
    });
  });

  it('copy nothing when a line holds no key: the details go out as they came', () => {
    const details = { method: 'GET', route: '/api/x', status: 200, nested: { a: 1 } };
    expect(maskLogSecrets(details)).toBe(details);
    const masked = maskLogSecrets({ ...details, gateway: { private_key: 'k' } });
    expect(masked).toEqual({ ...details, gateway: { private_key: '[Redacted]' } });
  });
});

describe(`the access log at info level (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        // The lines of requests, which carry their id: the app's own jobs (the retention
        // job's report at start) log on their own time.
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const parsed = JSON.parse(line) as LogLine;
          if (parsed.reqId !== undefined) logs.push(parsed);
        }
        done();
      },
    });
    app = await buildApp({
      config,
      database,
      logger: { ...loggerOptions(config), stream },
      configure: (instance) => {
        instance.get('/broken', async () => {
          throw new Error('the disk is on fire');
        });
      },
    });
    await app.ready();
  });

  beforeEach(() => {
    logs.length = 0;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes one line per request: method, route, status, duration and request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/app-info' });
    expect(response.statusCode).toBe(200);

    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      level: INFO,
      msg: 'request',
      reqId: response.headers['x-request-id'],
      method: 'GET',
      route: '/api/app-info',
      url: '/api/app-info',
      status: 200,
    });
    expect(logs[0]!.ms).toBeGreaterThanOrEqual(0);
  });

  it('logs a client error at info in that same single line, with the route pattern', async () => {
    const url = `/api/sessions/${randomUUID()}/ranking`;
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      level: INFO,
      route: '/api/sessions/:uuid/ranking',
      url,
      status: 401,
    });
  });

  it('writes nothing for health checks', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    expect(logs).toEqual([]);
  });

  it('logs a server error once, at error level, with its stack', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('fire');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      level: ERROR,
      reqId: response.headers['x-request-id'],
      method: 'GET',
      route: '/broken',
      status: 500,
      err: { message: 'the disk is on fire' },
    });
    expect(logs[0]!.err!.stack).toContain('request-log.test.ts');
  });
});
