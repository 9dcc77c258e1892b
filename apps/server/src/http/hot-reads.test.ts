import { Writable } from 'node:stream';
import { rankingSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { buildChapter } from '../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { buildAccount } from '../../test/factories.js';
import { sessionWithTeams } from '../../test/session-factories.js';
import { buildApp, loggerOptions } from '../app.js';

interface LogLine {
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  url?: string;
  status?: number;
  ip?: string;
}

/** Headers that differ between any two answers. */
const VARYING = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);

describe(`the ranking read over HTTP, from memory once warm (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let trainer: TestBrowser;
  let missionUuid: string;
  const logs: LogLine[] = [];

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new TestBrowser(app);
    await browser.login(account.username, account.password);
    return browser;
  };

  /** A GET over a real connection, as a browser makes it with the player's cookies. */
  const get = async (path: string, player: TestBrowser) => {
    const response = await fetch(`${base}${path}`, { headers: { cookie: player.cookieHeader() } });
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !VARYING.has(name)),
    );
    return {
      status: response.status,
      id: response.headers.get('x-request-id'),
      headers,
      body: await response.text(),
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const parsed = JSON.parse(line) as LogLine;
          if (parsed.msg === 'request') logs.push(parsed);
        }
        done();
      },
    });
    app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream } });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [{ objectives: [{ type: 'flag', points: 100, flag: { accepted: ['F'] } }] }],
    });
    missionUuid = chapter.missions[0]!.uuid;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers a warm read exactly as the first: status, body, headers and its log line', async () => {
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock: { advance: () => {} },
      teams: 2,
    });
    const player = members[0]![0]!;
    const path = `/api/sessions/${uuid}/ranking`;
    logs.length = 0;
    const first = await get(path, player);
    const warm = await get(path, player);
    const again = await get(path, player);
    expect(first.status, first.body).toBe(200);
    expect(rankingSchema.parse(JSON.parse(first.body)).teams).toHaveLength(2);
    for (const read of [warm, again]) {
      expect(read.status).toBe(200);
      expect(read.body).toBe(first.body);
      expect(read.headers).toEqual(first.headers);
    }
    expect(first.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    // One access line each, the same but for its id, which the answer carries.
    await expect.poll(() => logs.length).toBe(3);
    expect(logs.map((line) => line.reqId)).toEqual([first.id, warm.id, again.id]);
    for (const line of logs)
      expect(line).toMatchObject({
        method: 'GET',
        route: '/api/sessions/:uuid/ranking',
        url: path,
        status: 200,
        ip: '127.0.0.1',
      });
  });

  it('refuses a warm read at once to a player who logged out, and to an outsider', async () => {
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock: { advance: () => {} },
      teams: 1,
    });
    const player = members[0]![0]!;
    const path = `/api/sessions/${uuid}/ranking`;
    expect((await get(path, player)).status).toBe(200);
    expect((await get(path, player)).status).toBe(200);
    const outsider = await signedIn();
    const refused = await get(path, outsider);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'session.not_joined' } });
    const cookies = player.cookieHeader();
    expect((await player.post('/api/auth/logout')).statusCode).toBe(204);
    const gone = await fetch(`${base}${path}`, { headers: { cookie: cookies } });
    expect(gone.status).toBe(401);
  });
});
