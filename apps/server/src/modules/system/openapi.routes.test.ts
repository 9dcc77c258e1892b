import { cookieNames, CSRF_HEADER_NAME, type RouteContract } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { headers?: Record<string, { schema: { type: string } }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, Record<string, string>> };
}

const sampleUuid = '0196f3b0-9d7e-7b7a-8c1e-2f3a4b5c6d7e';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/sessions/:uuid` → `/api/sessions/{uuid}`, the document's spelling. */
const templated = (url: string) => url.replace(/:([a-zA-Z_]+)/g, '{$1}');
const concrete = (url: string) => url.replace(/:[a-zA-Z_]+/g, sampleUuid);

describe(`GET /api/openapi.json tells the truth (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let document: Document;
  let routes: { method: string; url: string; contract: RouteContract }[];

  const operationOf = (method: string, url: string) => {
    const operation = document.paths[templated(url)]?.[method.toLowerCase()];
    expect(operation, `${method} ${url} is documented`).toBeDefined();
    return operation!;
  };
  const isAuthenticated = (contract: RouteContract) =>
    contract.access === 'player' || contract.access === 'trainer';
  const isCookieWrite = (route: { method: string; contract: RouteContract }) =>
    UNSAFE.has(route.method) && !route.contract.csrfExempt;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
    document = (await app.inject({ url: '/api/openapi.json' })).json() as Document;
    routes = [...app.registeredRoutes];
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('declares how a caller authenticates: session cookies, the CSRF header, bearer tokens', () => {
    expect(document.components?.securitySchemes).toMatchObject({
      playerCookie: { type: 'apiKey', in: 'cookie', name: cookieNames.playerSession },
      trainerCookie: { type: 'apiKey', in: 'cookie', name: cookieNames.trainerSession },
      csrfHeader: { type: 'apiKey', in: 'header', name: CSRF_HEADER_NAME },
      bearerToken: { type: 'http', scheme: 'bearer' },
      consoleTicket: { type: 'apiKey', in: 'query', name: 'ticket' },
    });
  });

  it('gives every operation its security: its cookie (and CSRF header on writes) or a bearer token', () => {
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    for (const route of routes) {
      const { security } = operationOf(route.method, route.url);
      const name = `${route.method} ${route.url}`;
      expect(security, name).toBeDefined();
      for (const requirement of security!)
        for (const scheme of Object.keys(requirement)) expect(schemes, name).toContain(scheme);
      const csrf = isCookieWrite(route) ? { csrfHeader: [] } : {};
      if (isAuthenticated(route.contract)) {
        expect(security, name).toEqual([
          { [`${route.contract.access}Cookie`]: [], ...csrf },
          { bearerToken: [] },
        ]);
      } else if (isCookieWrite(route)) {
        expect(security, name).toEqual([
          { playerCookie: [], csrfHeader: [] },
          { trainerCookie: [], csrfHeader: [] },
        ]);
      } else {
        expect(security, name).toEqual([]);
      }
    }
  });

  it('documents 401 on every authenticated operation, which answers 401 to a token that is not one', async () => {
    const authenticated = routes.filter((route) => isAuthenticated(route.contract));
    expect(authenticated.length).toBeGreaterThan(50);
    for (const route of authenticated) {
      const name = `${route.method} ${route.url}`;
      expect(Object.keys(operationOf(route.method, route.url).responses), name).toContain('401');
      const response = await app.inject({
        method: route.method as never,
        url: concrete(route.url),
        headers: { authorization: 'Bearer not-a-token' },
        payload: {},
      });
      expect(response.statusCode, name).toBe(401);
    }
  });

  it('documents 419 on every cookie write, which answers 419 without the CSRF header', async () => {
    const writes = routes.filter(isCookieWrite);
    expect(writes.length).toBeGreaterThan(40);
    for (const route of writes) {
      const name = `${route.method} ${route.url}`;
      expect(Object.keys(operationOf(route.method, route.url).responses), name).toContain('419');
      const response = await app.inject({
        method: route.method as never,
        url: concrete(route.url),
        headers: { cookie: `${cookieNames.playerSession}=guest` },
        payload: {},
      });
      expect(response.statusCode, name).toBe(419);
    }
  });

  it('documents the multipart _method=PUT twin of every PUT, and a form built from it is taken', async () => {
    const twins = routes.filter(
      (route) => route.method === 'POST' && route.contract.method === 'PUT',
    );
    expect(twins.length).toBe(routes.filter((route) => route.method === 'PUT').length);
    expect(twins.length).toBeGreaterThan(0);
    for (const route of twins) {
      const twin = operationOf('POST', route.url);
      const form = twin.requestBody?.content['multipart/form-data']?.schema;
      expect(form, route.url).toMatchObject({
        properties: { _method: { enum: ['PUT'] } },
        required: expect.arrayContaining(['_method']) as unknown,
      });
      expect(twin.operationId).not.toBe(operationOf('PUT', route.url).operationId);
    }

    const account = await buildAccount(database.db);
    const player = new TestBrowser(app);
    await player.login(account.username, account.password);
    const { properties } = document.paths['/api/profile/locale']!.post!.requestBody!.content[
      'multipart/form-data'
    ]!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(properties).sort()).toEqual(['_method', 'locale']);
    const response = await player.post('/api/profile/locale', undefined, {
      ...multipart({ _method: 'PUT', locale: 'en' }),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  });

  it('documents GET /ws/console, the WebSocket it serves, with its ticket', async () => {
    const socket = document.paths['/ws/console']?.get;
    expect(socket).toMatchObject({
      security: [{ consoleTicket: [] }],
      parameters: [{ name: 'ticket', in: 'query', required: true }],
    });
    expect(Object.keys(socket!.responses)).toEqual(expect.arrayContaining(['101', '401']));
    // Served there: without its ticket, the documented refusal.
    const refused = await app.inject({ url: '/ws/console' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('lab.console_ticket_invalid');
  });

  it('declares Retry-After on the 429 of an answer (answer.rate_limited) and of a chat message', () => {
    for (const url of [
      '/api/sessions/:uuid/objectives/:objective/answers',
      '/api/session/:uuid/chat/messages',
      '/api/trainer/support/messages',
    ])
      expect(
        operationOf('POST', url).responses['429']?.headers?.['Retry-After'],
        url,
      ).toMatchObject({ required: true, schema: { type: 'integer' } });
  });
});
