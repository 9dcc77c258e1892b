import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { TestBrowser } from '../../../test/browser.js';
import { testClock } from '../../../test/clock.js';
import { buildChapter } from '../../../test/content-factories.js';
import {
  createTestDatabase,
  migratedDataDirectory,
  testDatabaseKind,
  type TestDatabase,
} from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { buildLabSession, labTemplate, setMissionLab } from '../../../test/lab-factories.js';
import { removeTemporaryDirectories, temporaryDirectory } from '../../../test/pack-factory.js';
import { spawnServer, type ServerProcess } from '../../../test/process.js';
import { sessionWithTeams } from '../../../test/session-factories.js';
import { buildApp } from '../../app.js';
import { openPGlite } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { loadSecretKeys, SECRET_KEY_FILE } from '../../db/secret-key-file.js';
import {
  createSecretBox,
  generateSecretKey,
  parseSecretKey,
  SecretKeyError,
  type SecretBox,
} from '../../lib/secret-box.js';
import { FakeProvider } from './providers/fake-provider.js';
import { createVpnProfilesRepository } from './vpn-profiles.repository.js';
import { generateWireguardKeyPair, wireguardPublicKey } from './wireguard-keys.js';

const onPglite = testDatabaseKind() === 'pglite';

/** Every WireGuard private key column, as stored. */
const storedKeys = async (db: Kysely<Database>) => {
  const { rows } = await sql<{ private_key: string; public_key: string }>`
    select private_key, public_key from lab_vpn_gateway
    union all select private_key, public_key from lab_vpn_profile`.execute(db);
  return rows;
};

const A_WIREGUARD_KEY = /^[A-Za-z0-9+/]{43}=$/;

describe(`WireGuard private keys at rest (${testDatabaseKind()})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const clock = testClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ LAB_ALLOCATE_AT_START: 'false', SECRET_KEY: generateSecretKey() }),
      database,
      logger: false,
      sessionClock: clock,
      labProvider: new FakeProvider({ clock }),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('are sealed in the database, while the profile a player downloads holds their key', async () => {
    const trainerAccount = await buildAccount(database.db, { role: 'trainer' });
    const trainer = new TestBrowser(app);
    await trainer.login(trainerAccount.username, trainerAccount.password, 'trainer');
    const chapter = await buildChapter(database.db);
    await setMissionLab(database.db, chapter.missions[0]!.uuid, labTemplate({ vpn: true }));
    const { uuid, members } = await sessionWithTeams({
      trainer,
      missionUuid: chapter.missions[0]!.uuid,
      signIn: async () => {
        const account = await buildAccount(database.db);
        const browser = new TestBrowser(app);
        await browser.login(account.username, account.password);
        return browser;
      },
      clock,
      teams: 1,
      settings: { durationMinutes: 600 },
    });
    const alice = members[0]![0]!;
    expect((await alice.post(`/api/sessions/${uuid}/environment`)).statusCode).toBe(200);

    const file = await alice.get(`/api/sessions/${uuid}/vpn/profile`);
    expect(file.statusCode, file.body).toBe(200);
    const privateKey = /^PrivateKey = (.+)$/m.exec(file.body)![1]!;
    expect(privateKey).toMatch(A_WIREGUARD_KEY);

    const stored = await storedKeys(database.db);
    expect(stored).toHaveLength(2); // the team's gateway and Alice's profile
    for (const row of stored) {
      expect(row.private_key).toMatch(/^rs1:[0-9a-f]{12}:[A-Za-z0-9_-]+$/);
      expect(row.private_key).not.toContain(privateKey);
      expect(row.private_key).not.toContain(privateKey.slice(0, 20));
    }
    // The key served is the one the database's public key belongs to, and stays the same.
    const profileRow = stored.find((row) => row.public_key === wireguardPublicKey(privateKey));
    expect(profileRow).toBeDefined();
    const again = await alice.get(`/api/sessions/${uuid}/vpn/profile`);
    expect(/^PrivateKey = (.+)$/m.exec(again.body)![1]).toBe(privateKey);
  });
});

/** Runs `npm run admin -- <args>` as the operator would (the build). */
const admin = async (environment: Record<string, string>, ...args: string[]) => {
  const run = spawnServer(environment, 'cli/admin.js', args);
  const code = await run.exited;
  return { code, output: run.output() };
};

/** Two stored keys sealed with `keys`, on sessions and teams written for them. */
const storeTwoKeys = async (db: Kysely<Database>, keys: SecretBox) => {
  const session = await buildLabSession(db, { teams: 2 });
  const repo = createVpnProfilesRepository(db, keys);
  const clear: string[] = [];
  for (const team of session.teamUuids) {
    const row = await repo.ensureGateway(session.uuid, team, generateWireguardKeyPair, new Date());
    clear.push(row.private_key);
  }
  return clear;
};

describe(`rotating the secret key (${testDatabaseKind()})`, () => {
  afterEach(() => removeTemporaryDirectories());

  it(
    'seals every stored key with the new key in one go; the old key opens none of them',
    { timeout: 180_000 },
    async () => {
      let environment: Record<string, string>;
      let oldBox: SecretBox;
      let newBox: () => SecretBox;
      let reopen: () => Promise<{ db: Kysely<Database>; close: () => Promise<void> }>;
      let clear: string[];
      if (onPglite) {
        // The embedded default: the key is the data directory's, and the new one replaces it.
        const dataDir = await migratedDataDirectory(temporaryDirectory('rampart-rotate-'));
        const config = testConfig({ PGLITE_DIR: dataDir });
        oldBox = createSecretBox(loadSecretKeys(config));
        const handle = await openPGlite(dataDir);
        clear = await storeTwoKeys(handle.db, oldBox);
        await handle.close();
        environment = { PGLITE_DIR: dataDir };
        newBox = () => createSecretBox(loadSecretKeys(config));
        reopen = () => openPGlite(dataDir);
      } else {
        const oldKey = generateSecretKey();
        const newKey = generateSecretKey();
        const database = await createTestDatabase('postgres');
        oldBox = createSecretBox([parseSecretKey(oldKey)]);
        clear = await storeTwoKeys(database.db, oldBox);
        environment = { DATABASE_URL: database.url!, SECRET_KEY: oldKey, NEW_SECRET_KEY: newKey };
        newBox = () => createSecretBox([parseSecretKey(newKey)]);
        reopen = async () => database;
      }

      const rotated = await admin(environment, 'rotate-secret-key');
      expect(rotated.output).toMatch(
        /Re-sealed 2 stored secrets with the new key \(id [0-9a-f]{12}\)/,
      );
      expect(rotated.code).toBe(0);

      const handle = await reopen();
      try {
        const box = newBox();
        expect(box.current.id).not.toBe(oldBox.current.id);
        const stored = (await storedKeys(handle.db)).map((row) => row.private_key);
        expect(stored.map((value) => box.open(value)).sort()).toEqual([...clear].sort());
        for (const value of stored) {
          expect(value.startsWith(`rs1:${box.current.id}:`)).toBe(true);
          expect(() => oldBox.open(value)).toThrow(SecretKeyError);
        }
        if (onPglite) {
          const dataDir = environment.PGLITE_DIR!;
          expect(fs.statSync(path.join(dataDir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
          expect(fs.existsSync(path.join(dataDir, `${SECRET_KEY_FILE}.previous`))).toBe(false);
        }
      } finally {
        await handle.close();
      }
    },
  );
});

describe(`starting with secrets at rest (${testDatabaseKind()})`, () => {
  const started: ServerProcess[] = [];
  afterEach(async () => {
    for (const run of started.splice(0)) {
      run.child.kill('SIGKILL');
      await run.exited;
    }
    removeTemporaryDirectories();
  });
  const start = (environment: Record<string, string>) => {
    const run = spawnServer({ PORT: '0', SEED_DEMO_ACCOUNTS: 'false', ...environment });
    started.push(run);
    return run;
  };

  it(
    'seals keys stored in clear, and refuses a SECRET_KEY that does not open them',
    { timeout: 180_000 },
    async () => {
      const rightKey = generateSecretKey();
      let environment: Record<string, string>;
      let open: () => Promise<{ db: Kysely<Database>; close: () => Promise<void> }>;
      let cleanup = async () => {};
      if (onPglite) {
        const dataDir = await migratedDataDirectory(temporaryDirectory('rampart-secrets-'));
        environment = { PGLITE_DIR: dataDir, SECRET_KEY: rightKey };
        open = () => openPGlite(dataDir);
      } else {
        const database = await createTestDatabase('postgres');
        environment = { DATABASE_URL: database.url!, SECRET_KEY: rightKey };
        open = async () => ({ db: database.db, close: async () => {} });
        cleanup = () => database.close();
      }
      try {
        // Keys stored by a Rampart that kept them in clear.
        let handle = await open();
        const session = await buildLabSession(handle.db, { teams: 1 });
        const keyPair = generateWireguardKeyPair();
        await handle.db
          .insertInto('lab_vpn_gateway')
          .values({
            session_uuid: session.uuid,
            team_uuid: session.teamUuids[0]!,
            private_key: keyPair.privateKey,
            public_key: keyPair.publicKey,
            created_at: new Date(),
          })
          .execute();
        await handle.close();

        const first = start(environment);
        await first.listening;
        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);
        started.splice(0);

        handle = await open();
        const [row] = await storedKeys(handle.db);
        expect(row!.private_key).not.toContain(keyPair.privateKey);
        expect(createSecretBox([parseSecretKey(rightKey)]).open(row!.private_key)).toBe(
          keyPair.privateKey,
        );
        await handle.close();

        const wrong = start({ ...environment, SECRET_KEY: generateSecretKey() });
        expect(await wrong.exited).toBe(1);
        expect(wrong.output()).toContain(
          'Cannot open the secrets stored in the database: a stored secret was sealed with another SECRET_KEY',
        );
        expect(wrong.output()).not.toMatch(/listening on/);
      } finally {
        await cleanup();
      }
    },
  );

  it.runIf(!onPglite)(
    'refuses to start on PostgreSQL without SECRET_KEY',
    { timeout: 180_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      try {
        const run = start({ DATABASE_URL: database.url!, SECRET_KEY: '' });
        expect(await run.exited).toBe(1);
        expect(run.output()).toContain('SECRET_KEY is required with DATABASE_URL');
      } finally {
        await database.close();
      }
    },
  );

  it.runIf(onPglite)(
    'keeps the embedded key in the data directory, readable by its owner only',
    { timeout: 180_000 },
    async () => {
      const dataDir = await migratedDataDirectory(temporaryDirectory('rampart-secrets-'));
      const run = start({ PGLITE_DIR: dataDir });
      await run.listening;
      const file = path.join(dataDir, SECRET_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const key = fs.readFileSync(file, 'utf8');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      started.splice(0);
      // The next start keeps it.
      const again = start({ PGLITE_DIR: dataDir });
      await again.listening;
      expect(fs.readFileSync(file, 'utf8')).toBe(key);
      expect(() => parseSecretKey(key)).not.toThrow();
    },
  );
});
