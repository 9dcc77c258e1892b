import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app.js';
import { testConfig } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { testClock } from '../../test/clock.js';
import { buildChapter } from '../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { buildAccount } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { sessionWithTeams } from '../../test/session-factories.js';

const NUL = '\u0000';

/** What every API answer carries, whatever the request (see security-headers.ts). */
const expectRampartError = (
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(JSON.parse(response.body)).toEqual({
    error: expect.objectContaining({ code, message: expect.any(String) }),
  });
  expect(response.headers['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
};

/** One raw HTTP/1.1 exchange over a socket: what a client that writes its own bytes gets back. */
const rawExchange = (
  port: number,
  request: Buffer | string,
  options: { abortAfter?: number } = {},
) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('connect', () => {
      socket.write(request);
      if (options.abortAfter !== undefined) setTimeout(() => socket.destroy(), options.abortAfter);
    });
    socket.setTimeout(10_000, () => reject(new Error('no answer within 10 s')));
  });

/** A raw HTTP answer as status, lower-case headers and body. */
const parseRaw = (raw: string) => {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
};

describe(`hostile input never gets a 5xx (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  const logs: { level: number; msg: string }[] = [];
  const clock = testClock();
  let trainer: TestBrowser;
  let player: TestBrowser;
  let game: { uuid: string; objective: string };
  /** A session over, which its players may rate. */
  let over: { uuid: string; player: TestBrowser };
  let logsBefore = 0;

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          logs.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    app = await buildApp({
      config,
      database,
      logger: { ...loggerOptions(config), stream },
      sessionClock: clock,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [{ objectives: [{ type: 'flag', flag: { accepted: ['FLAG'] } }] }],
    });
    const played = await sessionWithTeams({
      trainer,
      missionUuid: chapter.missions[0]!.uuid,
      signIn: signedIn,
      clock,
      teams: 1,
    });
    player = played.members[0]![0]!;
    game = { uuid: played.uuid, objective: chapter.missions[0]!.objectives[0]!.uuid };
    const stopped = await sessionWithTeams({
      trainer,
      missionUuid: chapter.missions[0]!.uuid,
      signIn: signedIn,
      clock,
      teams: 1,
    });
    expect((await trainer.post(`/api/trainer/sessions/${stopped.uuid}/stop`)).statusCode).toBe(200);
    over = { uuid: stopped.uuid, player: stopped.members[0]![0]! };
  });

  beforeEach(() => {
    logsBefore = logs.length;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** No request of this test logged above info level (a stack trace for bad input). */
  const expectNoErrorLogs = () =>
    expect(
      logs
        .slice(logsBefore)
        .filter((line) => line.level > 30)
        .map((line) => line.msg),
    ).toEqual([]);

  describe('the anti-forgery header', () => {
    it('answers 419 to a malformed percent-encoding, with any cookie', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/profile/locale',
        headers: { cookie: player.cookieHeader(), 'x-xsrf-token': '%E0%A4%A' },
        payload: { locale: 'fr' },
      });
      expectRampartError(response, 419, 'auth.csrf_mismatch');
      const stranger = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { cookie: 'rampart_session=x', 'x-xsrf-token': '%' },
        payload: { username: 'a', password: 'b' },
      });
      expectRampartError(stranger, 419, 'auth.csrf_mismatch');
      expectNoErrorLogs();
    });
  });

  describe('multipart bodies', () => {
    const form = () => multipart({ name: 'Red team' });
    const teams = () => `/api/sessions/${game.uuid}/teams`;

    it('answers 400 to a multipart body without a boundary', async () => {
      const response = await player.post(teams(), form().payload, {
        headers: { 'content-type': 'multipart/form-data' },
      });
      expectRampartError(response, 400, 'request.malformed');
      expectNoErrorLogs();
    });

    it('answers 400 to a multipart body with another boundary', async () => {
      const response = await player.post(teams(), form().payload, {
        headers: { 'content-type': 'multipart/form-data; boundary=not-the-one' },
      });
      expectRampartError(response, 400, 'request.malformed');
      expectNoErrorLogs();
    });

    it('answers 400 to a truncated multipart body', async () => {
      const { payload, headers } = form();
      const response = await player.post(teams(), payload.subarray(0, payload.length - 20), {
        headers,
      });
      expectRampartError(response, 400, 'request.malformed');
      expectNoErrorLogs();
    });

    it('answers 400 to a broken form posted as a PUT', async () => {
      const { payload, headers } = multipart({ _method: 'PUT', locale: 'fr' });
      const response = await player.post(
        '/api/profile/locale',
        payload.subarray(0, payload.length - 20),
        { headers },
      );
      expectRampartError(response, 400, 'request.malformed');
      const noBoundary = await player.post('/api/profile/locale', payload, {
        headers: { 'content-type': 'multipart/form-data' },
      });
      expectRampartError(noBoundary, 400, 'request.malformed');
      expectNoErrorLogs();
    });
  });

  describe('the NUL character in a text field', () => {
    const refusesNul = (
      response: { statusCode: number; headers: never; body: string },
      field: string,
    ) => {
      expectRampartError(response, 422, 'request.invalid');
      expect(JSON.parse(response.body).error.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: field })]),
      );
    };

    it('is refused in a login username and password', async () => {
      const anonymous = new TestBrowser(app);
      refusesNul(
        (await anonymous.post('/api/auth/login', {
          username: `alice${NUL}`,
          password: 'x',
        })) as never,
        'body.username',
      );
      refusesNul(
        (await anonymous.post('/api/trainer/auth/login', {
          username: 'alice',
          password: `x${NUL}`,
        })) as never,
        'body.password',
      );
      expectNoErrorLogs();
    });

    it("is refused in a token's device name", async () => {
      const account = await buildAccount(database.db);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: {
          username: account.username,
          password: account.password,
          deviceName: `cli${NUL}`,
        },
      });
      refusesNul(response as never, 'body.deviceName');
      expectNoErrorLogs();
    });

    it('is refused in a flag answer', async () => {
      const response = await player.post(
        `/api/sessions/${game.uuid}/objectives/${game.objective}/answers`,
        { answer: `FL${NUL}AG` },
      );
      refusesNul(response as never, 'body.answer');
      expectNoErrorLogs();
    });

    it('is refused in a survey comment', async () => {
      const response = await over.player.post(`/api/sessions/${over.uuid}/survey`, {
        rating: 'satisfied',
        comment: `good${NUL}`,
      });
      refusesNul(response as never, 'body.comment');
      expectNoErrorLogs();
    });

    it("is refused in a trainer's text fields, JSON or multipart", async () => {
      const chapter = await buildChapter(database.db);
      const session = await trainer.post('/api/trainer/sessions', {
        name: `Friday${NUL}`,
        missionUuid: chapter.missions[0]!.uuid,
        maxTeams: 2,
        playersPerTeam: 2,
        durationMinutes: 30,
      });
      refusesNul(session as never, 'body.name');
      const form = multipart({ name: `Blue${NUL}team` });
      const team = await player.post(`/api/sessions/${game.uuid}/teams`, form.payload, {
        headers: form.headers,
      });
      refusesNul(team as never, 'body.name');
      expectNoErrorLogs();
    });
  });

  describe('text that is not well-formed Unicode (a lone surrogate)', () => {
    const LONE = '\ud800';

    it('is refused in a login username, where the throttle keys on it, and in an answer', async () => {
      const anonymous = new TestBrowser(app);
      const login = await anonymous.post('/api/auth/login', {
        username: LONE,
        password: '+',
      });
      expectRampartError(login as never, 422, 'request.invalid');
      expect(JSON.parse(login.body).error.issues).toEqual([
        expect.objectContaining({ path: 'body.username' }),
      ]);
      const answer = await player.post(
        `/api/sessions/${game.uuid}/objectives/${game.objective}/answers`,
        { answer: `FL${LONE}AG` },
      );
      expectRampartError(answer as never, 422, 'request.invalid');
      expectNoErrorLogs();
    });
  });

  describe("the framework's own refusals, over a real socket", () => {
    it('answers 431 to headers too large, in the error shape', async () => {
      const raw = await rawExchange(
        port,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expectRampartError(parseRaw(raw), 431, 'request.headers_too_large');
    });

    it('answers 414 to a path parameter too long, without echoing the URL', async () => {
      const long = 'b'.repeat(500);
      const raw = await rawExchange(
        port,
        `GET /api/sessions/${long} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      const response = parseRaw(raw);
      expectRampartError(response, 414, 'request.url_too_long');
      expect(response.body).not.toContain(long);
    });

    it('answers 400 to a URL that does not decode, without echoing it', async () => {
      const raw = await rawExchange(
        port,
        'GET /api/sessions/%E0%A4%A<script> HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      const response = parseRaw(raw);
      expectRampartError(response, 400, 'request.malformed');
      expect(response.body).not.toContain('script');
    });

    it('answers 400 to a request the HTTP parser refuses', async () => {
      const raw = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost x\r\n\r\n');
      expectRampartError(parseRaw(raw), 400, 'request.malformed');
    });

    it('logs a body the client aborts as an aborted request, not a lost database', async () => {
      const before = logs.length;
      await rawExchange(
        port,
        'POST /api/auth/token HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user',
        { abortAfter: 100 },
      );
      await expect
        .poll(() => logs.slice(before).map((line) => line.msg))
        .toContain('request body aborted by the client');
      const lines = logs.slice(before).map((line) => line.msg);
      expect(lines).not.toContain('database unavailable');
      expectNoErrorLogs();
    });
  });
});
