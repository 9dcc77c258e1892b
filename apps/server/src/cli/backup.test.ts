import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { rankingSchema } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { testClock } from '../../test/clock.js';
import { buildChapter } from '../../test/content-factories.js';
import {
  createTestDatabase,
  migratedDataDirectory,
  postgresUrl,
  testDatabaseKind,
  withDatabaseName,
} from '../../test/database.js';
import { buildAccount } from '../../test/factories.js';
import { HttpBrowser } from '../../test/http-browser.js';
import { removeTemporaryDirectories, temporaryDirectory } from '../../test/pack-factory.js';
import { spawnServer, TEST_SECRET_KEY, type ServerProcess } from '../../test/process.js';
import { sessionWithTeams } from '../../test/session-factories.js';
import { buildApp } from '../app.js';
import { writeTar } from '../db/backup/tar.js';
import { openPGlite, type DatabaseHandle } from '../db/database.js';

const FLAG = 'RAMPART{backed-up}';
const started: ServerProcess[] = [];

afterEach(async () => {
  for (const run of started.splice(0)) {
    run.child.kill('SIGKILL');
    await run.exited;
  }
  removeTemporaryDirectories();
});

/** `npm run admin -- <args>`, as an operator runs it (the build). */
const admin = async (environment: Record<string, string>, ...args: string[]) => {
  const run = spawnServer(environment, 'cli/admin.js', args);
  started.push(run);
  const code = await run.exited;
  return { code, output: run.output() };
};

const startServer = async (environment: Record<string, string>) => {
  const run = spawnServer({ PORT: '0', SEED_DEMO_ACCOUNTS: 'false', ...environment });
  started.push(run);
  return { run, base: await run.listening };
};

const stopServer = async (run: ServerProcess) => {
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  started.splice(started.indexOf(run), 1);
};

/**
 * A short game on `database` through the real app: a session, a team that solves a flag for
 * 100 points, and chat messages in its team thread. Returns what a restore must bring back.
 */
const playAGame = async (database: DatabaseHandle) => {
  const clock = testClock();
  const app: FastifyInstance = await buildApp({
    config: testConfig({ SECRET_KEY: TEST_SECRET_KEY }),
    database,
    logger: false,
    sessionClock: clock,
  });
  await app.ready();
  try {
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    const trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db, {
      missions: [{ objectives: [{ type: 'flag', points: 100, flag: { accepted: [FLAG] } }] }],
    });
    const mission = chapter.missions[0]!;
    const player = await buildAccount(database.db);
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid: mission.uuid,
      signIn: async () => {
        const browser = new TestBrowser(app);
        await browser.login(player.username, player.password);
        return browser;
      },
      clock,
      teams: 1,
      settings: { durationMinutes: 600 },
    });
    const alice = members[0]![0]!;
    const solved = await alice.post(
      `/api/sessions/${uuid}/objectives/${mission.objectives[0]!.uuid}/answers`,
      { answer: FLAG },
    );
    expect(solved.statusCode, solved.body).toBe(200);
    expect(solved.json()).toMatchObject({ correct: true });
    const threads = (await alice.get(`/api/session/${uuid}/chat/threads`)).json() as {
      threads: { uuid: string; channel: string }[];
    };
    const teamThread = threads.threads.find((thread) => thread.channel === 'team')!;
    const words = [`Flag found ${randomUUID()}`, 'Backing it up, see you after the restore'];
    for (const text of words) {
      const posted = await alice.post(`/api/session/${uuid}/chat/messages`, {
        threadId: teamThread.uuid,
        text,
        clientId: randomUUID(),
      });
      expect(posted.statusCode, posted.body).toBe(201);
    }
    const ranking = rankingSchema.parse((await alice.get(`/api/sessions/${uuid}/ranking`)).json());
    expect(ranking.teams[0]!.score).toBeGreaterThanOrEqual(100);
    return { uuid, player, words, ranking };
  } finally {
    await app.close();
  }
};

/** The game, as a player finds it through the HTTP API of the server at `base`. */
const expectGameIntact = async (base: string, game: Awaited<ReturnType<typeof playAGame>>) => {
  const player = new HttpBrowser(undefined as never, base);
  await player.login(game.player.username, game.player.password);
  const session = await player.get(`/api/sessions/${game.uuid}`);
  expect(session.statusCode, session.body).toBe(200);
  const ranking = rankingSchema.parse(
    (await player.get(`/api/sessions/${game.uuid}/ranking`)).json(),
  );
  expect(ranking.teams).toEqual(game.ranking.teams);
  const threads = await player.get(`/api/session/${game.uuid}/chat/threads`);
  expect(threads.statusCode, threads.body).toBe(200);
  for (const text of game.words) expect(threads.body).toContain(text);
};

/** A directory's files and their contents, to prove a refused restore changed nothing. */
const snapshot = (dir: string) => {
  const files: Record<string, string> = {};
  const visit = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) visit(full);
      else
        files[path.relative(dir, full)] = createHash('sha256')
          .update(fs.readFileSync(full))
          .digest('hex');
    }
  };
  visit(dir);
  return files;
};

describe.runIf(testDatabaseKind() === 'pglite')(
  'backup and restore of the embedded database',
  () => {
    it(
      'backs up while the server runs, restores into a fresh directory, and the game is all there',
      { timeout: 300_000 },
      async () => {
        const dataDir = await migratedDataDirectory(temporaryDirectory('rampart-live-'));
        const handle = await openPGlite(dataDir);
        const game = await playAGame(handle);
        await handle.close();

        // Online: the server runs on the data directory, and the command asks it for the dump.
        const live = await startServer({ PGLITE_DIR: dataDir });
        const out = temporaryDirectory('rampart-backups-');
        const online = await admin({ PGLITE_DIR: dataDir }, 'backup', path.join(out, 'live.rbk'));
        expect(online.output).toMatch(/written to .*live\.rbk .*taken by the running server/);
        expect(online.code).toBe(0);
        expect(fs.statSync(path.join(out, 'live.rbk')).mode & 0o777).toBe(0o600);
        // The server went on serving.
        expect((await fetch(`${live.base}/api/health`)).status).toBe(200);
        await stopServer(live.run);

        const restoredDir = path.join(temporaryDirectory('rampart-restored-'), 'data');
        const restored = await admin(
          { PGLITE_DIR: restoredDir },
          'restore',
          path.join(out, 'live.rbk'),
        );
        expect(restored.output).toContain('it opens and is migrated');
        expect(restored.code).toBe(0);

        const server = await startServer({ PGLITE_DIR: restoredDir });
        await expectGameIntact(server.base, game);
        await stopServer(server.run);

        // Offline: no server runs, the command dumps the directory itself.
        const offline = await admin({ PGLITE_DIR: dataDir }, 'backup', path.join(out, 'cold.rbk'));
        expect(offline.output).toContain('no server was running on it');
        expect(offline.code).toBe(0);

        // Over a directory that holds a database: refused without --force, nothing touched.
        const before = snapshot(restoredDir);
        const over = await admin(
          { PGLITE_DIR: restoredDir },
          'restore',
          path.join(out, 'cold.rbk'),
        );
        expect(over.code).toBe(1);
        expect(over.output).toContain(`The data directory ${restoredDir} is not empty`);
        expect(snapshot(restoredDir)).toEqual(before);

        // With --force it is replaced, and nothing of the swap is left beside it.
        const forced = await admin(
          { PGLITE_DIR: restoredDir },
          'restore',
          path.join(out, 'cold.rbk'),
          '--force',
        );
        expect(forced.output).toContain('it opens and is migrated');
        expect(forced.code).toBe(0);
        expect(fs.readdirSync(path.dirname(restoredDir))).toEqual(['data']);
      },
    );

    it(
      'refuses a corrupt or foreign file with a clear error, overwriting nothing even with --force',
      { timeout: 300_000 },
      async () => {
        const dir = temporaryDirectory('rampart-files-');
        const dataDir = await migratedDataDirectory(temporaryDirectory('rampart-kept-'));
        // A real backup, cut short below (taking it opens the directory: before the snapshot).
        const whole = path.join(dir, 'whole.rbk');
        expect((await admin({ PGLITE_DIR: dataDir }, 'backup', whole)).code).toBe(0);
        const before = snapshot(dataDir);

        const files = {
          'random bytes': [randomBytes(4096), /is not a Rampart backup: it is not gzip-compressed/],
          'a foreign tarball': [
            gzipSync(writeTar([{ name: 'notes.txt', data: Buffer.from('hello') }])),
            /is not a Rampart backup: it has no rampart-backup\.json/,
          ],
          'a Rampart backup without its database': [
            gzipSync(
              writeTar([
                {
                  name: 'rampart-backup.json',
                  data: Buffer.from(JSON.stringify({ format: 'rampart-backup', version: 1 })),
                },
              ]),
            ),
            /is not a Rampart backup: it holds no database/,
          ],
        } as const;
        for (const [what, [bytes, message]] of Object.entries(files)) {
          const file = path.join(dir, `${what.replaceAll(' ', '-')}.rbk`);
          fs.writeFileSync(file, bytes);
          const fresh = path.join(dir, `fresh-${what.replaceAll(' ', '-')}`);
          const refused = await admin({ PGLITE_DIR: fresh }, 'restore', file);
          expect(refused.output, what).toMatch(message);
          expect(refused.code, what).toBe(1);
          expect(fs.existsSync(fresh), what).toBe(false);

          const forced = await admin({ PGLITE_DIR: dataDir }, 'restore', file, '--force');
          expect(forced.code, what).toBe(1);
          expect(snapshot(dataDir), what).toEqual(before);
        }
        const cut = path.join(dir, 'cut.rbk');
        fs.writeFileSync(cut, fs.readFileSync(whole).subarray(0, 2000));
        const truncated = await admin({ PGLITE_DIR: dataDir }, 'restore', cut, '--force');
        expect(truncated.output).toContain('is not a Rampart backup');
        expect(truncated.code).toBe(1);
        expect(snapshot(dataDir)).toEqual(before);
      },
    );
  },
);

describe.runIf(testDatabaseKind() === 'postgres')('backup and restore on PostgreSQL', () => {
  it(
    'dumps with pg_dump, restores with pg_restore into a new database, and the game is all there',
    { timeout: 300_000 },
    async () => {
      const source = await createTestDatabase('postgres');
      const name = `rampart_restore_${randomBytes(6).toString('hex')}`;
      const admin_ = new pg.Client({ connectionString: postgresUrl() });
      await admin_.connect();
      try {
        const game = await playAGame(source);
        const out = temporaryDirectory('rampart-backups-');
        const file = path.join(out, 'cluster.dump');
        const dumped = await admin({ DATABASE_URL: source.url! }, 'backup', file);
        expect(dumped.output).toContain('PostgreSQL backup written to');
        expect(dumped.code).toBe(0);
        expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

        await admin_.query(`create database ${name}`);
        const target = withDatabaseName(postgresUrl(), name);
        const restored = await admin({ DATABASE_URL: target }, 'restore', file);
        expect(restored.output).toContain('it opens and is migrated');
        expect(restored.code).toBe(0);

        const server = await startServer({ DATABASE_URL: target });
        await expectGameIntact(server.base, game);
        await stopServer(server.run);

        const again = await admin({ DATABASE_URL: target }, 'restore', file);
        expect(again.output).toMatch(/already has \d+ tables/);
        expect(again.code).toBe(1);
        const foreign = path.join(out, 'foreign.rbk');
        fs.writeFileSync(foreign, randomBytes(1000));
        const refused = await admin({ DATABASE_URL: target }, 'restore', foreign, '--force');
        expect(refused.output).toContain('is not a PostgreSQL backup');
        expect(refused.code).toBe(1);
      } finally {
        await source.close();
        await admin_.query(`drop database if exists ${name} with (force)`);
        await admin_.end();
      }
    },
  );
});
