import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type StreamMessage } from '../../apps/server/test/event-stream.js';
import { HttpBrowser } from '../../apps/server/test/http-browser.js';
import { multipart } from '../../apps/server/test/multipart.js';
import { freePort } from '../../apps/server/test/own-postgres.js';
import { createTeamOk, createTrainerSession } from '../../apps/server/test/session-factories.js';

/**
 * The cluster as `npm run cluster` starts it: PostgreSQL, two Rampart nodes from the build and
 * nginx in front, every request of the test through nginx as a browser's would be. A short game:
 * players spread over both nodes, each following the session's stream; a solve answered by one
 * node reaches a stream served by the other; then a node is killed outright and its players'
 * streams resume on the survivor from their Last-Event-ID, with every event once and in order,
 * while answers go on being accepted.
 */

const DEMO_PASSWORD = 'Rampart#2025';
const flagOf = (index: number) => `RAMPART{cluster-${index}}`;
const OBJECTIVES = 8;

interface ClusterState {
  url: string;
  nginx: { pid: number; port: number };
  nodes: { name: string; pid: number; port: number; log: string }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Distinct free ports: nginx, the two nodes and a PostgreSQL of the cluster's own if needed. */
const freePorts = async (count: number) => {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
};

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-cluster-'));
// A private PostgreSQL runs as the postgres user when the tests run as root: it must reach its files.
fs.chmodSync(runDir, 0o755);
const databaseName = `rampart_cluster_${randomBytes(6).toString('hex')}`;
const sharedUrl = process.env.DATABASE_URL;
let script: ChildProcess | undefined;
let scriptOutput = '';
let cluster: ClusterState;

const adminQuery = async (query: string) => {
  const client = new pg.Client({ connectionString: sharedUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts the cluster through its script; resolves once it says it runs, or rejects. */
const startCluster = async (environment: NodeJS.ProcessEnv) => {
  const [lb, node1, node2, postgres] = await freePorts(4);
  const args = ['deploy/cluster/start.mjs', '--dir', runDir, '--host', '127.0.0.1'];
  args.push('--port', String(lb), '--node-ports', `${node1},${node2}`);
  args.push('--pg-port', String(postgres), '--demo');
  scriptOutput = '';
  script = spawn(process.execPath, args, { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  script.stdout!.on('data', (chunk: Buffer) => (scriptOutput += chunk.toString()));
  script.stderr!.on('data', (chunk: Buffer) => (scriptOutput += chunk.toString()));
  const deadline = Date.now() + 300_000;
  while (!scriptOutput.includes('Rampart is running at')) {
    if (script.exitCode !== null || Date.now() > deadline) {
      await exitOf(script);
      throw new Error(`the cluster did not start:\n${scriptOutput}`);
    }
    await sleep(200);
  }
};

beforeAll(async () => {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  if (sharedUrl) {
    // A database of its own on the shared server; without DATABASE_URL the script runs a
    // PostgreSQL of its own in the run directory.
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(sharedUrl);
    url.pathname = `/${databaseName}`;
    environment.DATABASE_URL = url.href;
  } else delete environment.DATABASE_URL;
  await startCluster(environment).catch(async (error: Error) => {
    // Another program took one of the ports between their choice and the start: others, once.
    if (!/already in use/i.test(error.message)) throw error;
    await startCluster(environment);
  });
  cluster = JSON.parse(fs.readFileSync(path.join(runDir, 'cluster.json'), 'utf8')) as ClusterState;
});

afterAll(async () => {
  if (script) {
    script.kill('SIGTERM');
    const stopped = await Promise.race([exitOf(script).then(() => true), sleep(60_000)]);
    if (!stopped) {
      for (const pid of [cluster?.nginx.pid, ...(cluster?.nodes ?? []).map((node) => node.pid)])
        if (pid) process.kill(pid, 'SIGKILL');
      script.kill('SIGKILL');
    }
  }
  if (sharedUrl) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  fs.rmSync(runDir, { recursive: true, force: true });
});

/** A chapter of one mission of flag objectives, imported by the trainer as a content pack. */
const importMission = async (trainer: HttpBrowser) => {
  const missionUuid = randomUUID();
  const objectiveUuids = Array.from({ length: OBJECTIVES }, () => randomUUID());
  const objectives = objectiveUuids
    .map(
      (uuid, index) => `
        - uuid: ${uuid}
          title: { en: Flag ${index}, fr: Drapeau ${index} }
          description: { en: Find it., fr: Trouvez-le. }
          category: web
          difficulty: 1
          points: 10
          type: flag
          flag: { accepted: ['${flagOf(index)}'] }`,
    )
    .join('');
  const pack = `format: rampart.chapter/v1
chapter:
  uuid: ${randomUUID()}
  title: { en: Cluster drill, fr: Exercice de grappe }
  summary: { en: Flags across two nodes., fr: Des drapeaux sur deux nœuds. }
  visibility: assigned
  position: 90
  missions:
    - uuid: ${missionUuid}
      title: { en: Two nodes, fr: Deux nœuds }
      brief: { en: Find the flags., fr: Trouvez les drapeaux. }
      scenario: { en: A load balancer in front., fr: Un répartiteur devant. }
      rules: { en: 'Flags look like RAMPART{...}.', fr: 'Les flags ressemblent à RAMPART{...}.' }
      difficulty: 1
      durationMinutes: 30
      successRule: { kind: required_objectives }
      objectives:${objectives}
`;
  const form = multipart({
    archive: {
      filename: 'cluster.zip',
      contentType: 'application/zip',
      data: zipSync({ 'cluster-drill/chapter.yaml': strToU8(pack) }),
    },
  });
  const imported = await trainer.post('/api/trainer/content-packs', form.payload, {
    headers: form.headers,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  return { missionUuid, objectiveUuids };
};

/**
 * A player's session stream as the web app keeps it, through nginx: reopened from the last event
 * it handled when it ends; each connection remembers which node served it.
 */
const follow = (base: string, sessionUuid: string, cookie: string) => {
  const connections: { node: string; lastEventId: string; messages: StreamMessage[] }[] = [];
  let following = true;
  let close = async () => {};
  const opened = (async () => {
    while (following) {
      const lastEventId =
        connections.flatMap((connection) => connection.messages).findLast((message) => message.id)
          ?.id ?? '0';
      try {
        const stream = await openEventStream(`${base}/api/sessions/${sessionUuid}/events`, {
          cookie,
          'last-event-id': lastEventId,
        });
        if (stream.response.ok) {
          connections.push({
            node: stream.response.headers.get('x-rampart-node') ?? '?',
            lastEventId,
            messages: stream.messages,
          });
        }
        close = stream.close;
        await stream.finished;
      } catch {
        // Refused or cut before an answer: try again, as the browser does.
      }
      if (following) await sleep(100);
    }
  })();
  const messages = () => connections.flatMap((connection) => connection.messages);
  return {
    connections,
    messages,
    node: () => connections.at(-1)?.node,
    /** Resolves once a message matching `test` arrived; fails after 20 s with what did. */
    waitFor: async (test: (message: StreamMessage) => boolean, what: string) => {
      const deadline = Date.now() + 20_000;
      while (!messages().some(test)) {
        if (Date.now() > deadline)
          throw new Error(`no ${what} on the stream; received ${JSON.stringify(messages())}`);
        await sleep(25);
      }
    },
    stop: async () => {
      following = false;
      await close();
      await opened;
    },
  };
};
type Follower = ReturnType<typeof follow>;

const solvedEvent = (objectiveUuid: string, teamUuid: string) => (message: StreamMessage) => {
  const { payload } = message.data as { payload?: { objectiveUuid?: string; teamUuid?: string } };
  return (
    message.event === 'objective.solved' &&
    payload?.objectiveUuid === objectiveUuid &&
    payload.teamUuid === teamUuid
  );
};

describe('the cluster behind nginx', () => {
  it('serves the web app and balances requests over both nodes', async () => {
    const page = await fetch(`${cluster.url}/en/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const nodes = new Set<string | null>();
    for (let request = 0; request < 4; request += 1) {
      const health = await fetch(`${cluster.url}/api/health`);
      expect(health.status).toBe(200);
      nodes.add(health.headers.get('x-rampart-node'));
    }
    expect([...nodes].sort()).toEqual(['node-1', 'node-2']);
  });

  it('plays across both nodes; a killed or stopped node’s players resume on the other with nothing lost', async () => {
    const base = cluster.url;
    const trainer = new HttpBrowser(undefined as never, base);
    await trainer.login('trainer', DEMO_PASSWORD, 'trainer');
    const { missionUuid, objectiveUuids } = await importMission(trainer);
    const session = await createTrainerSession(trainer, {
      missionUuid,
      maxTeams: 4,
      playersPerTeam: 1,
    });

    const players = await Promise.all(
      ['alice', 'bob', 'carol', 'dave'].map(async (username) => {
        const browser = new HttpBrowser(undefined as never, base);
        await browser.login(username, DEMO_PASSWORD);
        return { username, browser };
      }),
    );
    const teams: string[] = [];
    for (const { username, browser } of players)
      teams.push((await createTeamOk(browser, session.uuid, `${username} team`)).uuid);

    // One stream per player, opened one after the other: nginx deals them to both nodes.
    const followers: Follower[] = [];
    for (const { browser } of players) {
      const follower = follow(base, session.uuid, browser.cookieHeader());
      followers.push(follower);
      const deadline = Date.now() + 20_000;
      while (!follower.node() && Date.now() < deadline) await sleep(25);
      expect(follower.node()).toMatch(/^node-[12]$/);
    }
    try {
      expect(new Set(followers.map((follower) => follower.node()))).toEqual(
        new Set(['node-1', 'node-2']),
      );

      // The start reaches every stream before anything else happens: nginx holds nothing back.
      const started = await trainer.post(`/api/trainer/sessions/${session.uuid}/start`, {
        force: true,
      });
      expect(started.statusCode, started.body).toBe(200);
      for (const follower of followers)
        await follower.waitFor(
          (message) => message.event === 'session.status_changed',
          'session.status_changed',
        );
      // The countdown, on the database's clock.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const read = await players[0]!.browser.get(`/api/sessions/${session.uuid}`);
        if ((read.json() as { session: { status: string } }).session.status === 'running') break;
        if (Date.now() > deadline) throw new Error(`the session did not start: ${read.body}`);
        await sleep(250);
      }

      /** Answers through nginx as the web app does: the same client id again if cut. */
      const answer = async (player: number, objective: number) => {
        const clientId = randomUUID();
        for (let attempt = 0; ; attempt += 1) {
          const response = await players[player]!.browser.post(
            `/api/sessions/${session.uuid}/objectives/${objectiveUuids[objective]}/answers`,
            { answer: flagOf(objective), clientId },
            // A browser's write names its page's origin: nginx passes the Host it came for.
            { headers: { origin: base } },
          );
          if (response.statusCode === 502 && attempt < 3) continue;
          expect(response.statusCode, response.body).toBe(200);
          expect((response.json() as { correct: boolean }).correct).toBe(true);
          return String(response.headers['x-rampart-node']);
        }
      };

      // Each player solves one objective; each solve reaches a stream served by the other node.
      const answeredBy = new Set<string>();
      for (let player = 0; player < players.length; player += 1) {
        const node = await answer(player, player);
        answeredBy.add(node);
        const elsewhere = followers.find((follower) => follower.node() !== node)!;
        await elsewhere.waitFor(
          solvedEvent(objectiveUuids[player]!, teams[player]!),
          `solve of ${players[player]!.username} answered by ${node}`,
        );
      }
      expect([...answeredBy].sort()).toEqual(['node-1', 'node-2']);

      /** The team that solves each objective: one each first, then the first two in turn. */
      const solverOf = (objective: number) =>
        objective < players.length ? objective : objective % 2;

      /**
       * Stops a node with `signal`; meanwhile the first two players answer `objectives`, each
       * through nginx and answered by the node `answeredBy` accepts. The streams the node served
       * end and resume, through nginx, on the other node from their Last-Event-ID.
       */
      const stopNode = async (
        name: string,
        signal: NodeJS.Signals,
        objectives: number[],
        answeredBy: (node: string) => boolean,
      ) => {
        const survivor = name === 'node-1' ? 'node-2' : 'node-1';
        const victim = cluster.nodes.find((node) => node.name === name)!;
        const orphans = followers.filter((follower) => follower.node() === name);
        expect(orphans.length, `streams on ${name}`).toBeGreaterThan(0);
        const connectionsBefore = orphans.map((follower) => follower.connections.length);
        process.kill(victim.pid, signal);
        for (const objective of objectives) {
          const node = await answer(solverOf(objective), objective);
          expect(answeredBy(node), `answer ${objective} answered by ${node}`).toBe(true);
        }
        for (const [index, follower] of orphans.entries()) {
          // A graceful stop closes the streams once its drain is over.
          const deadline = Date.now() + 30_000;
          while (follower.connections.length <= connectionsBefore[index]! && Date.now() < deadline)
            await sleep(25);
          const resumed = follower.connections.at(-1)!;
          expect(resumed.node).toBe(survivor);
          expect(Number(resumed.lastEventId)).toBeGreaterThan(0);
        }
      };

      // node-1 killed outright: its streams end, and nginx sends their reconnections, and every
      // request, to node-2; answers go on meanwhile.
      await stopNode('node-1', 'SIGKILL', [4, 5], (node) => node === 'node-2');

      // The script starts node-1 again, as a process manager would, and nginx takes it back.
      const killedPid = cluster.nodes.find((node) => node.name === 'node-1')!.pid;
      const restartDeadline = Date.now() + 120_000;
      for (;;) {
        const state = JSON.parse(
          fs.readFileSync(path.join(runDir, 'cluster.json'), 'utf8'),
        ) as ClusterState;
        const health = await fetch(`${base}/api/health`);
        if (
          state.nodes.find((node) => node.name === 'node-1')!.pid !== killedPid &&
          health.headers.get('x-rampart-node') === 'node-1'
        ) {
          cluster = state;
          break;
        }
        if (Date.now() > restartDeadline)
          throw new Error(`node-1 was not started again:\n${scriptOutput}`);
        await sleep(250);
      }

      // node-2 stopped gracefully: it drains (still answering), then closes its streams, which
      // resume on node-1.
      await stopNode('node-2', 'SIGTERM', [6, 7], () => true);

      // Every stream ends up with every solve, each event once and in order.
      for (const follower of followers) {
        for (let objective = 0; objective < OBJECTIVES; objective += 1) {
          const team = teams[solverOf(objective)]!;
          await follower.waitFor(solvedEvent(objectiveUuids[objective]!, team), 'a late solve');
        }
      }
      for (const [index, follower] of followers.entries()) {
        const received = follower
          .messages()
          .filter((message) => message.id !== undefined)
          .map((message) => Number(message.id));
        expect(new Set(received).size, 'no event twice').toBe(received.length);
        // What the player may read of the log, replayed from its start through nginx.
        const replay = await openEventStream(`${base}/api/sessions/${session.uuid}/events`, {
          cookie: players[index]!.browser.cookieHeader(),
          'last-event-id': '0',
        });
        const last = received.at(-1)!;
        await replay.waitUntil(() => replay.messages.some((message) => Number(message.id) >= last));
        await replay.close();
        const logged = replay.messages
          .filter((message) => message.id !== undefined)
          .map((message) => Number(message.id))
          .filter((id) => id <= last);
        expect(received, `the stream of ${players[index]!.username}`).toEqual(logged);
      }
    } finally {
      await Promise.all(followers.map((follower) => follower.stop()));
    }
  });

  it('stops every part on Ctrl+C: the nodes, nginx, and its state file', async () => {
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // Every part up, the node stopped by the previous test started again.
    let state: ClusterState;
    let pids: number[];
    const deadline = Date.now() + 120_000;
    do {
      if (Date.now() > deadline) throw new Error(`a node was not started again:\n${scriptOutput}`);
      await sleep(250);
      state = JSON.parse(
        fs.readFileSync(path.join(runDir, 'cluster.json'), 'utf8'),
      ) as ClusterState;
      pids = [state.nginx.pid, ...state.nodes.map((node) => node.pid)];
    } while (!pids.every(alive));
    script!.kill('SIGINT');
    await exitOf(script!);
    expect(script!.exitCode, scriptOutput).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(fs.existsSync(path.join(runDir, 'cluster.json'))).toBe(false);
    const refused = await fetch(`${state.url}/api/health`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
  });
});
