import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { consoleTicketSchema, teamEnvironmentSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { testConfig } from '../../../../test/app.js';
import { TestBrowser } from '../../../../test/browser.js';
import { testClock } from '../../../../test/clock.js';
import { buildChapter } from '../../../../test/content-factories.js';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../../test/database.js';
import { buildAccount } from '../../../../test/factories.js';
import { startFakeKubeApi, type FakeKubeApi } from '../../../../test/fake-kube-api.js';
import { labTemplate, setMissionLab } from '../../../../test/lab-factories.js';
import { sessionWithTeams, signedInPlayer } from '../../../../test/session-factories.js';
import { buildApp } from '../../../app.js';

/** A kubeconfig file for the fake API server, as an operator would write one. */
const kubeconfigFor = (api: FakeKubeApi) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rampart-kube-')), 'config');
  writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      // The client refuses plain HTTP unless told to: the fake serves no TLS.
      `clusters: [{ name: fake, cluster: { server: "${api.url}", insecure-skip-tls-verify: true } }]`,
      'users: [{ name: rampart, user: { token: fake-token } }]',
      'contexts: [{ name: fake, context: { cluster: fake, user: rampart } }]',
      'current-context: fake',
    ].join('\n'),
  );
  return file;
};

describe(`a server whose labs run on Kubernetes (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let api: FakeKubeApi;
  let app: FastifyInstance;
  let trainer: TestBrowser;
  let labMission: string;
  let base: string;
  const clock = testClock();
  const origin = 'http://rampart.test';

  const game = async () =>
    sessionWithTeams({
      trainer,
      missionUuid: labMission,
      signIn: () => signedInPlayer(app, database.db),
      clock,
      teams: 2,
      settings: { durationMinutes: 600 },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await startFakeKubeApi();
    // The provider is the one the configuration names: nothing injected.
    app = await buildApp({
      config: testConfig({
        LAB_PROVIDER: 'kubernetes',
        LAB_K8S_KUBECONFIG: kubeconfigFor(api),
        ALLOWED_ORIGINS: origin,
        // The tests allocate by hand: a start pass would give a team a lab they did not ask for.
        LAB_ALLOCATE_AT_START: 'false',
      }),
      database,
      logger: false,
      sessionClock: clock,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db);
    labMission = chapter.missions[0]!.uuid;
    await setMissionLab(database.db, labMission, labTemplate());
  });

  afterAll(async () => {
    await app.close();
    await api.close();
    await database.close();
  });

  it('gives each team its own namespace in the cluster, Ready once its pods are', async () => {
    const { uuid, members, teamUuids } = await game();
    const alice = members[0]![0]!;
    const allocated = await alice.post(`/api/sessions/${uuid}/environment`);
    expect(allocated.statusCode, allocated.body).toBe(200);
    const environment = teamEnvironmentSchema.parse(allocated.json()).environment!;
    expect(environment.phase).toBe('Provisioning');
    const namespace = api.get('namespaces', null, `rampart-lab-${environment.uuid}`);
    expect(namespace?.metadata.labels).toMatchObject({
      'rampart/session': uuid,
      'rampart/team': teamUuids[0],
    });

    api.setPods(`rampart-lab-${environment.uuid}`, 'Ready');
    const read = await alice.get(`/api/sessions/${uuid}/environment`);
    expect(teamEnvironmentSchema.parse(read.json()).environment!.phase).toBe('Ready');

    const other = await members[1]![0]!.post(`/api/sessions/${uuid}/environment`);
    expect(other.json().environment.uuid).not.toBe(environment.uuid);
    expect(
      api.get('namespaces', null, `rampart-lab-${other.json().environment.uuid}`),
    ).toBeDefined();
  });

  it('answers "Game connection error" when the cluster cannot be reached, and leaves nothing behind', async () => {
    const { uuid, members } = await game();
    const alice = members[0]![0]!;
    api.setDown(true);
    try {
      const refused = await alice.post(`/api/sessions/${uuid}/environment`);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error).toEqual({
        code: 'lab.connection_error',
        message: 'Game connection error: contact the administrator',
      });
      expect(refused.body).not.toContain('127.0.0.1');
    } finally {
      api.setDown(false);
    }
    expect((await alice.get(`/api/sessions/${uuid}/environment`)).json().environment).toBeNull();
    const retried = await alice.post(`/api/sessions/${uuid}/environment`);
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('deletes the teams’ namespaces when the trainer releases the session’s labs', async () => {
    const { uuid, members } = await game();
    const made = [];
    for (const team of members) {
      const response = await team[0]!.post(`/api/sessions/${uuid}/environment`);
      made.push(`rampart-lab-${response.json().environment.uuid}`);
    }
    const released = await trainer.post(`/api/trainer/sessions/${uuid}/environments/release`, {});
    expect(released.json()).toEqual({ released: 2 });
    for (const name of made) expect(api.get('namespaces', null, name)).toBeUndefined();
  });

  it('opens the Console tab’s terminal on the team’s workstation pod through the exec API', async () => {
    const { uuid, members } = await game();
    const alice = members[0]![0]!;
    const allocated = await alice.post(`/api/sessions/${uuid}/environment`);
    api.setPods(`rampart-lab-${allocated.json().environment.uuid}`, 'Ready');
    // The Console tab asks for tickets once the team's environment reads Ready.
    const read = await alice.get(`/api/sessions/${uuid}/environment`);
    expect(read.json().environment.phase).toBe('Ready');
    const ticket = await alice.post(
      `/api/sessions/${uuid}/environment/console-tickets`,
      undefined,
      { headers: { origin } },
    );
    expect(ticket.statusCode, ticket.body).toBe(201);
    const socket = new WebSocket(`${base}${consoleTicketSchema.parse(ticket.json()).url}`, {
      origin,
    });
    let screen = '';
    socket.on('message', (data, isBinary) => {
      if (isBinary) screen += String(data);
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(Buffer.from('id\r'), { binary: true });
    await expect.poll(() => screen, { timeout: 5000 }).toMatch(/uid=1000\(player\)/);
    socket.close();
    expect(api.requests.filter((item) => item.method === 'EXEC')).toHaveLength(1);
  });

  it('on start-up removes the namespaces the game does not know and fails the labs whose namespace is gone', async () => {
    const { uuid, members } = await game();
    const alice = members[0]![0]!;
    const environment = (await alice.post(`/api/sessions/${uuid}/environment`)).json().environment;
    const lost = `rampart-lab-${environment.uuid}`;
    api.setPods(lost, 'Ready');
    expect((await alice.get(`/api/sessions/${uuid}/environment`)).json().environment.phase).toBe(
      'Ready',
    );
    // Deleted by hand while the game ran; and a lab made by a server that forgot it.
    api.remove('namespaces', null, lost);
    const orphan = 'rampart-lab-00000000-0000-4000-8000-000000000000';
    api.put('namespaces', null, {
      metadata: {
        name: orphan,
        labels: { 'app.kubernetes.io/managed-by': 'rampart' },
        annotations: {
          'rampart/env-id': '00000000-0000-4000-8000-000000000000',
          'rampart/expires-at': new Date(Date.now() + 3600_000).toISOString(),
          'rampart/machines': '[]',
        },
      },
    });

    const restarted = await buildApp({
      config: testConfig({
        LAB_PROVIDER: 'kubernetes',
        LAB_K8S_KUBECONFIG: kubeconfigFor(api),
        LAB_ALLOCATE_AT_START: 'false',
      }),
      database,
      logger: false,
      sessionClock: clock,
    });
    await restarted.ready();
    await restarted.close();

    expect(api.get('namespaces', null, orphan)).toBeUndefined();
    const row = await database.db
      .selectFrom('lab_environment')
      .select(['phase', 'last_error'])
      .where('id', '=', environment.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      phase: 'Failed',
      last_error: 'the environment disappeared from the provider',
    });
    expect((await alice.get(`/api/sessions/${uuid}/environment`)).json().environment).toBeNull();
  });
});
