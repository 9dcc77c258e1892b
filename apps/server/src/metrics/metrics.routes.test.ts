import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { testClock } from '../../test/clock.js';
import { buildChapter } from '../../test/content-factories.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.js';
import { openEventStream } from '../../test/event-stream.js';
import { buildAccount } from '../../test/factories.js';
import { HttpBrowser } from '../../test/http-browser.js';
import { buildLabSession, labTemplate } from '../../test/lab-factories.js';
import { freePort } from '../../test/own-postgres.js';
import { parseExposition } from '../../test/prometheus.js';
import { sessionWithTeams } from '../../test/session-factories.js';

const TOKEN = 'scraper-token-0123456789';
const FLAG = 'RAMPART{m3tr1cs}';

/** The families a Prometheus server scraping Rampart relies on (the alerting rules' among them). */
const FAMILIES = [
  'rampart_http_requests_total',
  'rampart_http_request_duration_seconds',
  'rampart_event_streams_open',
  'rampart_events_written_total',
  'rampart_event_fanout_lag_seconds',
  'rampart_answers_total',
  'rampart_answer_batch_size',
  'rampart_database_errors_total',
  'rampart_lab_environments',
  'process_cpu_user_seconds_total',
  'nodejs_eventloop_lag_seconds',
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe(`GET /metrics (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  const clock = testClock();
  let trainer: HttpBrowser;
  let missionUuid: string;
  let objectiveUuid: string;

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
    const response = await fetch(`${base}/metrics`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return Object.assign(parseExposition(text), { text });
  };

  const signedIn = async () => {
    const account = await buildAccount(database.db);
    const browser = new HttpBrowser(app, base);
    await browser.login(account.username, account.password);
    return browser;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // The lab gauge counts the whole deployment's rows: no reconciliation pass may fail the rows
    // a test writes behind the fake provider's back between two scrapes.
    app = await createTestApp(
      database,
      { METRICS_TOKEN: TOKEN, LAB_RECONCILE_SECONDS: '3600' },
      undefined,
      undefined,
      clock,
    );
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const account = await buildAccount(database.db, { role: 'trainer' });
    trainer = new HttpBrowser(app, base);
    await trainer.login(account.username, account.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [
        { objectives: [{ type: 'flag', points: 100, penalty: 10, flag: { accepted: [FLAG] } }] },
      ],
    });
    missionUuid = chapter.missions[0]!.uuid;
    objectiveUuid = chapter.missions[0]!.objectives[0]!.uuid;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers the exposition to the token, with every family', async () => {
    const metrics = await scrape();
    const names = metrics.names();
    for (const family of FAMILIES) expect(names, family).toContain(family);
    if (database.kind === 'postgres') {
      // The pools say how full they are (the test database's has 10 connections at most).
      expect(metrics.total('rampart_database_pool_max_connections', { pool: 'main' })).toBe(10);
      expect(metrics.total('rampart_database_pool_max_connections', { pool: 'answers' })).toBe(5);
      expect(names).toContain('rampart_database_pool_waiting_requests');
      expect(
        metrics.total('rampart_database_pool_connections', { pool: 'main' }),
      ).toBeGreaterThanOrEqual(
        metrics.total('rampart_database_pool_idle_connections', { pool: 'main' }),
      );
    }
  });

  it('refuses a scrape without the token or with another one: 401, and says nothing', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer scraper-token-0123456788' },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${base}/metrics`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await response.text();
      expect(JSON.parse(body).error.code).toBe('auth.unauthenticated');
      expect(body).not.toContain('rampart_');
    }
  });

  it('counts a wrong and a correct answer by outcome, and the batches that decided them', async () => {
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock,
      teams: 1,
    });
    const [player] = members[0]!;
    const before = await scrape();
    const path = `/api/sessions/${uuid}/objectives/${objectiveUuid}/answers`;
    expect((await player!.post(path, { answer: 'RAMPART{nope}' })).statusCode).toBe(200);
    expect((await player!.post(path, { answer: FLAG })).statusCode).toBe(200);
    expect((await player!.post(path, { answer: FLAG })).statusCode).toBe(409);
    const after = await scrape();
    const moved = (outcome: string) =>
      after.total('rampart_answers_total', { outcome }) -
      before.total('rampart_answers_total', { outcome });
    expect(moved('wrong')).toBe(1);
    expect(moved('correct')).toBe(1);
    expect(moved('answer.flag_already_found')).toBe(1);
    expect(
      after.total('rampart_answer_batch_size') - before.total('rampart_answer_batch_size'),
    ).toBe(3);
    // The events of those answers were written (solved, attempted, the trainers' feed…).
    expect(after.total('rampart_events_written_total')).toBeGreaterThan(
      before.total('rampart_events_written_total'),
    );
  });

  it('labels requests by route pattern and status, never by the URL with its ids', async () => {
    const missing = randomUUID();
    const player = await signedIn();
    expect((await player.get(`/api/sessions/${missing}`)).statusCode).toBe(404);
    const metrics = await scrape();
    const series = metrics.samples('rampart_http_requests_total', {
      route: '/api/sessions/:uuid',
      method: 'GET',
      status: '404',
    });
    expect(series.length).toBe(1);
    expect(Number(series[0]!.value)).toBeGreaterThanOrEqual(1);
    const routes = new Set(
      metrics.samples('rampart_http_requests_total').map((sample) => sample.labels!.route!),
    );
    expect(routes).toContain('/api/sessions/:uuid/objectives/:objective/answers');
    expect([...routes].filter((route) => UUID.test(route))).toEqual([]);
    // Timed under the same pattern (the parser flattens a histogram's series: read from the text).
    expect(metrics.text).toMatch(
      /^rampart_http_request_duration_seconds_count\{method="GET",route="\/api\/sessions\/:uuid"\} [1-9]/m,
    );
    expect(metrics.text.split('\n').filter((line) => UUID.test(line))).toEqual([]);
  });

  it('reads the lab environments by phase from the database at each scrape', async () => {
    if (process.env.REPRO) clock.advance(60_000); // a fast machine: the session clock ahead of real time
    const before = await scrape();
    // Not started: a running session with a lab gets its teams' environments from the allocation
    // at start, which would add its own rows between the scrapes (the sessions here run on the
    // test clock, moved ahead by the sessions before, so "running" depends on how fast they went).
    const lab = await buildLabSession(database.db, { lab: labTemplate(), startsAt: null });
    const now = new Date();
    await database.db
      .insertInto('lab_environment')
      .values(
        (['Ready', 'Failed'] as const).map((phase, index) => ({
          id: randomUUID(),
          session_uuid: lab.uuid,
          team_uuid: lab.teamUuids[index]!,
          mission_uuid: lab.missionUuid,
          template: JSON.stringify(labTemplate()),
          provider: 'fake',
          phase,
          created_at: now,
          expires_at: new Date(now.getTime() + 3600_000),
          released_at: phase === 'Failed' ? now : null,
        })),
      )
      .execute();
    if (process.env.REPRO) await new Promise((resolve) => setTimeout(resolve, 2500)); // let a tick land
    const after = await scrape();
    for (const phase of ['Ready', 'Failed'])
      expect(
        after.total('rampart_lab_environments', { phase }) -
          before.total('rampart_lab_environments', { phase }),
        phase,
      ).toBe(1);
  });

  it('counts an open event stream while it is open, and its events’ fan-out lag', async () => {
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid,
      signIn: signedIn,
      clock,
      teams: 1,
    });
    const [player] = members[0]!;
    expect((await scrape()).total('rampart_event_streams_open', { kind: 'session' })).toBe(0);
    const lagBefore = (await scrape()).total('rampart_event_fanout_lag_seconds');
    const stream = await openEventStream(`${base}/api/sessions/${uuid}/events`, {
      cookie: player!.cookieHeader(),
    });
    try {
      expect(stream.response.status).toBe(200);
      expect((await scrape()).total('rampart_event_streams_open', { kind: 'session' })).toBe(1);
      const path = `/api/sessions/${uuid}/objectives/${objectiveUuid}/answers`;
      expect((await player!.post(path, { answer: 'RAMPART{wrong}' })).statusCode).toBe(200);
      await stream.waitUntil(() =>
        stream.messages.some((message) => message.event === 'objective.attempted'),
      );
      expect((await scrape()).total('rampart_event_fanout_lag_seconds')).toBeGreaterThan(lagBefore);
    } finally {
      await stream.close();
    }
    await expect
      .poll(async () => (await scrape()).total('rampart_event_streams_open', { kind: 'session' }))
      .toBe(0);
  });
});

describe(`metrics switched off, or on a port of their own (${testDatabaseKind()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('serves no /metrics at all when neither a token nor a port is configured', async () => {
    const app = await createTestApp(database);
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('rampart_');
    } finally {
      await app.close();
    }
  });

  it('serves them on METRICS_PORT only, at METRICS_HOST, with the token when one is set', async () => {
    const port = await freePort();
    const app = await createTestApp(database, {
      METRICS_PORT: String(port),
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
    });
    try {
      // Open as soon as the app is ready, before the main listener.
      const own = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(own)).status).toBe(401);
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const main = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(main.status).toBe(404);
      const scraped = await fetch(own, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(parseExposition(await scraped.text()).names()).toContain(
        'rampart_http_requests_total',
      );
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await app.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('does not start when its METRICS_PORT cannot be opened, and says which', async () => {
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      await expect(
        createTestApp(database, { METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' }),
      ).rejects.toThrow(`the metrics listener could not open 127.0.0.1:${port}`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
