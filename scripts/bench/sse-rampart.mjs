// Fan-out benchmark, server side: the real Rampart app (built) on one node, with one gaming
// session that every client may read, driven by its parent over IPC: `memory` (after a full
// GC), `publish` (events at a steady rate, each in its own transaction, answering with the
// commit time of every sequence). Run with --expose-gc.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openDatabase } from '../../apps/server/dist/db/database.js';
import { migrateToLatest } from '../../apps/server/dist/db/migrate.js';
import { createIdentityServices } from '../../apps/server/dist/modules/identity/index.js';
import { sessionStream } from '../../apps/server/dist/realtime/streams.js';
import { reportMemory, wallClock } from './sse-common.mjs';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  SEED_DEMO_ACCOUNTS: 'false',
  SSE_MAX_STREAMS_PER_USER: '100000',
});
const database = await openDatabase(config.database, { warn: () => {} });
await migrateToLatest(database.db);
const session = randomUUID();
const stream = sessionStream(session);
const app = await buildApp({
  config,
  database,
  logger: false,
  sessionAccess: { canRead: async () => ({ audiences: ['session'] }) },
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });

// One player: the per-account stream cap is raised for the benchmark.
const password = 'Bench#Password1';
const { repo } = createIdentityServices(database.db, config.auth);
const { hashPassword } = await import('../../apps/server/dist/modules/identity/passwords.js');
const username = `bench_${randomUUID().slice(0, 8)}`;
await repo.insertAccount({
  username,
  pseudo: username,
  role: 'player',
  passwordHash: await hashPassword(password),
  locale: 'en',
  avatarId: null,
});
const csrf = await app.inject({ url: '/api/csrf-cookie' });
const jar = new Map(csrf.cookies.map((cookie) => [cookie.name, cookie.value]));
const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { cookie: cookieHeader(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')) },
  payload: { username, password },
});
if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
for (const cookie of login.cookies) jar.set(cookie.name, cookie.value);

const publish = async ({ rate, count }) => {
  const commits = {};
  const period = 1000 / rate;
  const started = performance.now();
  const writes = [];
  for (let index = 0; index < count; index += 1) {
    const due = started + index * period;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    writes.push(
      app.realtime.events
        .transaction(({ append }) =>
          append({
            stream,
            audience: 'session',
            type: 'team.member_joined',
            payload: { teamUuid: session, pseudo: `player ${index}` },
          }),
        )
        .then((event) => (commits[event.sequence] = wallClock())),
    );
  }
  await Promise.all(writes);
  return commits;
};

process.on('message', async (message) => {
  if (message.cmd === 'memory') process.send({ type: 'memory', ...reportMemory() });
  if (message.cmd === 'publish')
    process.send({ type: 'published', commits: await publish(message) });
  if (message.cmd === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
process.send({
  type: 'ready',
  url: `${url}/api/sessions/${session}/events`,
  headers: { cookie: cookieHeader() },
});
