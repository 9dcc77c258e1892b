import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { contentPackSchema, type LabMachine } from '@rampart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { removeTemporaryDirectories, temporaryDirectory } from '../../../test/pack-factory.js';
import { createContentPackServices } from '../content/pack/index.js';
import { readPacks } from '../content/pack/pack-reader.js';
import { readUntil } from '../../../test/lab-provider-contract.js';
import { localSandboxUnavailable } from '../../../test/local-lab.js';
import { LocalProvider } from './providers/local-provider.js';

const packDirectory = new URL('../../../../../content/lab-staging-server/', import.meta.url)
  .pathname;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The demo pack's lab mission, for real: the `target` machine's command runs on this host as the
 * template gives it (its own env, a free loopback port instead of 8080), and each objective is
 * solved with the HTTP requests its description and explanation walk the players through.
 */
describe('the demo lab mission: gr1ff1n’s staging server', async () => {
  const read = await readPacks([packDirectory]);
  const mission = read.packs[0]!.pack.chapter.missions[0]!;
  const lab = mission.lab!;
  const target = lab.machines.find((machine) => machine.name === 'target') as LabMachine;
  const objectives = mission.objectives;
  const acceptedOf = (index: number) => {
    const objective = objectives[index]!;
    if (objective.type !== 'flag' || !objective.flag) throw new Error('not a flag objective');
    return objective.flag.accepted;
  };
  let service: ChildProcess;
  let base: string;
  const get = async (pathAndQuery: string) => {
    const response = await fetch(`${base}${pathAndQuery}`);
    return { status: response.status, body: await response.text() };
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const [program, ...args] = target.command!;
    service = spawn(program!, args, {
      env: { PATH: process.env.PATH, ...target.env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: 'ignore',
    });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        await fetch(base);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error('the staging service did not start');
  });

  afterAll(() => {
    service.kill();
    removeTemporaryDirectories();
  });

  it('is a valid lab: a workstation for the console and a target on 8080, flags only in env', () => {
    expect(read.errors).toEqual([]);
    expect(lab.consoleMachine).toBe('workstation');
    expect(lab.machines.map((machine) => [machine.name, machine.image])).toEqual([
      ['workstation', 'debian'],
      ['target', 'debian'],
    ]);
    expect(target.ports).toEqual([{ port: 8080, protocol: 'TCP' }]);
    const flags = [acceptedOf(1)[0]!, acceptedOf(2)[0]!];
    expect(Object.values(target.env).sort()).toEqual([...flags].sort());
    // A player reading the process list sees the command: no flag may be on it.
    for (const flag of flags) expect(target.command!.join(' ')).not.toContain(flag);
    expect(acceptedOf(0)).toEqual(['8080']);
  });

  it('gives the robots flag to whoever reads robots.txt and follows it', async () => {
    const robots = await get('/robots.txt');
    const hidden = /Disallow: (\S+)/.exec(robots.body)?.[1];
    expect(hidden).toBe('/gr1ff1n-drop/');
    const listing = await get(hidden!);
    expect(listing.body.trim()).toBe('notes.txt');
    const notes = await get(`${hidden}${listing.body.trim()}`);
    expect(notes.body).toContain(acceptedOf(1)[0]);
    expect(notes.body).toContain('/view?file=');
  });

  it('gives the vault flag only through a path traversal in the file viewer', async () => {
    const traversal = await get('/view?file=../config/vault.txt');
    expect(traversal.status).toBe(200);
    expect(traversal.body).toContain(acceptedOf(2)[0]);
    const inside = await get('/view?file=notes.txt');
    expect(inside.body).not.toContain(acceptedOf(2)[0]);
  });

  it('leaks no flag without those steps', async () => {
    const flags = [acceptedOf(1)[0]!, acceptedOf(2)[0]!];
    for (const pathAndQuery of [
      '/',
      '/index.html',
      '/config/vault.txt',
      '/view',
      '/view?file=vault.txt',
      '/view?file=../../etc/passwd',
      '/gr1ff1n-drop/../config/vault.txt',
    ]) {
      const answer = await get(pathAndQuery);
      for (const flag of flags) expect(answer.body, pathAndQuery).not.toContain(flag);
    }
    expect((await get('/')).body).toContain('maintenance');
    expect((await get('/view?file=../../etc/passwd')).status).toBe(404);
  });

  describe('in the database', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database.close();
    });

    it('imports and exports back the same chapter, lab included', async () => {
      const services = createContentPackServices(database.db);
      const imported = await services.importFromPaths([packDirectory]);
      expect(imported.ok, JSON.stringify(imported)).toBe(true);
      const directory = temporaryDirectory();
      const chapterUuid = read.packs[0]!.pack.chapter.uuid;
      expect((await services.exporter.exportChapter(chapterUuid, directory)).ok).toBe(true);
      const exported = parse(fs.readFileSync(path.join(directory, 'chapter.yaml'), 'utf8'));
      expect(contentPackSchema.parse(exported)).toEqual(read.packs[0]!.pack);
    });
  });

  const unavailable = localSandboxUnavailable();
  (unavailable ? describe.skip : describe)('as players meet it: on the local provider', () => {
    it('runs both machines, and the workstation’s console reaches the target by name with curl', async () => {
      const provider = new LocalProvider({ maxConcurrent: 1 });
      try {
        const envId = randomUUID();
        await provider.allocate({
          envId,
          sessionUuid: randomUUID(),
          teamUuid: randomUUID(),
          template: { id: 'demo-staging-server', ...lab },
          expiresAt: new Date(Date.now() + 600_000),
        });
        for (let attempt = 0; attempt < 200; attempt += 1) {
          if ((await provider.status(envId))?.phase === 'Ready') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect((await provider.status(envId))?.phase).toBe('Ready');
        const console = await provider.openConsole(envId, {
          cols: 120,
          rows: 30,
          participantId: randomUUID(),
        });
        const output = readUntil(console, acceptedOf(1)[0]!, 15_000);
        console.write(
          'curl -s http://target:8080/robots.txt; curl -s http://target:8080/gr1ff1n-drop/notes.txt\n',
        );
        expect(await output).toContain('Disallow: /gr1ff1n-drop/');
        await console.close();
      } finally {
        await provider.close();
      }
    });
  });
});
