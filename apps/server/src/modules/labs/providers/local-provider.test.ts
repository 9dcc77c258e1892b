import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../../test/clock.js';
import { createTestDatabase, testDatabaseKind } from '../../../../test/database.js';
import { buildLabSession } from '../../../../test/lab-factories.js';
import { describeProviderContract, readUntil } from '../../../../test/lab-provider-contract.js';
import {
  localLabTemplate,
  localSandboxUnavailable,
  localVpnUnavailable,
} from '../../../../test/local-lab.js';
import { systemClock } from '../../../lib/clock.js';
import { createLocalEventBus } from '../../../realtime/event-bus.js';
import { createEventWriter } from '../../../realtime/event-writer.js';
import { createEnvironmentManager } from '../environment-manager.js';
import type { ConsoleSession, ProviderTemplate } from '../environment-provider.js';
import { createLabReconciler } from '../lab-reconciler.js';
import { createLabsRepository } from '../labs.repository.js';
import { GATEWAY_ADDRESS, renderProfile, tunnelAddress } from '../vpn-profile.js';
import { generateWireguardKeyPair } from '../wireguard-keys.js';
import { cgroupsAvailable } from './local-cgroups.js';
import { LocalProvider } from './local-provider.js';

const unavailable = localSandboxUnavailable();
if (unavailable) console.warn(`local provider tests skipped: ${unavailable}`);
const describeOnSandboxHost = unavailable ? describe.skip : describe;
/**
 * Most of these tests use no database: they run in the embedded database's pass of the suite
 * only, not again in PostgreSQL's.
 */
const databaseFree = testDatabaseKind() === 'pglite';
const describeOnSandboxHostOnce = unavailable || !databaseFree ? describe.skip : describe;

/** A root filesystem registry whose `debian` entry is missing on the host for the next lookup. */
const breakableRootFilesystems = () => {
  let broken = false;
  return {
    rootFilesystems: {
      get debian() {
        if (!broken) return '/';
        broken = false;
        return path.join(os.tmpdir(), `rampart-missing-rootfs-${randomUUID()}`);
      },
    },
    breakNext: () => {
      broken = true;
    },
  };
};

if (!unavailable && databaseFree)
  describeProviderContract('local', async () => {
    const clock = testClock();
    const registry = breakableRootFilesystems();
    const provider = new LocalProvider({
      maxConcurrent: 2,
      clock,
      rootFilesystems: registry.rootFilesystems,
    });
    return {
      provider,
      clock,
      capacity: 2,
      breakNextAllocation: registry.breakNext,
      template: () => localLabTemplate(),
    };
  });

/** Runs one line in the console and returns what it printed up to a marker. */
const run = async (session: ConsoleSession, line: string, timeoutMs = 15_000) => {
  const marker = `done-${randomUUID().slice(0, 8)}`;
  const printed = readUntil(session, new RegExp(`${marker}:(\\d+)`), timeoutMs);
  // The marker is printed with a format, so the echo of the typed line never matches it.
  session.write(`${line}; printf '%s:%s\\n' ${marker} $?\n`);
  const output = await printed;
  const status = Number(new RegExp(`${marker}:(\\d+)`).exec(output)![1]);
  return { output, status };
};

describe.skipIf(!databaseFree)('a local provider on a host without a TUN device', () => {
  it('offers no VPN, and refuses a peer with the reason', async () => {
    const provider = new LocalProvider({ maxConcurrent: 1, tunDevice: '/nonexistent/tun' });
    try {
      expect(provider.capabilities().vpn).toBeNull();
      const keys = generateWireguardKeyPair();
      await expect(
        provider.vpnAddPeer(
          randomUUID(),
          { ...keys, address: '10.201.0.1/24', listenPort: 51820 },
          { publicKey: generateWireguardKeyPair().publicKey, address: '10.201.0.2/32' },
        ),
      ).rejects.toMatchObject({
        code: 'Unavailable',
        message: expect.stringContaining('/nonexistent/tun does not exist'),
      });
    } finally {
      await provider.close();
    }
  });
});

describeOnSandboxHostOnce('the local provider’s isolation', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-data-'));
  const secret = path.join(dataDir, 'secret.txt');
  const provider = new LocalProvider({ maxConcurrent: 4 });
  let template: ProviderTemplate;
  let envId: string;
  let session: ConsoleSession;
  let hostService: net.Server;
  let hostPort: number;

  const ready = async (id: string) => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const status = await provider.status(id);
      if (status?.phase === 'Ready') return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${id} never became Ready`);
  };

  const allocate = async (lab: ProviderTemplate) => {
    const id = randomUUID();
    await provider.allocate({
      envId: id,
      sessionUuid: randomUUID(),
      teamUuid: randomUUID(),
      template: lab,
      expiresAt: new Date(Date.now() + 600_000),
    });
    await ready(id);
    return id;
  };

  beforeAll(async () => {
    fs.writeFileSync(secret, 'the back end’s secret\n', { mode: 0o644 });
    hostService = net.createServer((socket) => socket.end('host loopback service\n'));
    await new Promise<void>((resolve) => hostService.listen(0, '127.0.0.1', resolve));
    hostPort = (hostService.address() as net.AddressInfo).port;
    template = localLabTemplate({
      resources: { cpuMillis: 500, memoryMiB: 256, pids: 64, diskMiB: 64 },
    });
    envId = await allocate(template);
    session = await provider.openConsole(envId, {
      cols: 120,
      rows: 40,
      participantId: randomUUID(),
    });
  }, 30_000);

  afterAll(async () => {
    await session?.close();
    await provider.close();
    hostService.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the player uid 1000 with no capability and no new privileges', async () => {
    const { output } = await run(session, 'id; grep -E "^(CapEff|NoNewPrivs)" /proc/self/status');
    expect(output).toMatch(/uid=1000\(player\) gid=1000\(player\)/);
    expect(output).toMatch(/CapEff:\s+0000000000000000/);
    expect(output).toMatch(/NoNewPrivs:\s+1/);
  });

  it('shows none of the host’s files: not /etc/shadow, not the data dir, not the repository', async () => {
    expect((await run(session, 'cat /etc/shadow')).status).not.toBe(0);
    const data = await run(session, `cat ${secret}`);
    expect(data.status).not.toBe(0);
    expect(data.output).not.toContain('the back end’s secret');
    expect((await run(session, `ls ${process.cwd()}`)).status).not.toBe(0);
    expect((await run(session, 'ls -d /root')).status).not.toBe(0);
    expect((await run(session, 'ls -d /var')).status).not.toBe(0);
  });

  it('cannot reach the host’s loopback, yet reaches the lab’s other machine by name', async () => {
    const probe = (host: string, port: number) =>
      `python3 -c "import socket; socket.create_connection(('${host}', ${port}), timeout=2); print('connected')"`;
    const host = await run(session, probe('127.0.0.1', hostPort));
    expect(host.status).not.toBe(0);
    expect(host.output).not.toMatch(/[\r\n]connected/);
    const web = await run(
      session,
      `python3 -c "import urllib.request; print(urllib.request.urlopen('http://web/flag', timeout=5).read().decode())"`,
    );
    expect(web.status).toBe(0);
    expect(web.output).toContain('RAMPART{local-lab}');
    // No uplink: the only route is the lab's own network.
    const routes = await run(session, 'ip -4 route');
    expect(routes.output).toContain('10.200.0.0/24');
    expect(routes.output).not.toMatch(/default/);
  });

  it.skipIf(!cgroupsAvailable())(
    'holds the lab, its console included, in cgroups of its own at its pids and memory',
    async () => {
      const { pid } = provider.namespaceOf(envId);
      const groups = fs.readFileSync(`/proc/${pid}/cgroup`, 'utf8');
      const pids = /:pids:(.*rampart-lab-[^\n]*)/.exec(groups)![1]!;
      const memory = /:memory:(.*rampart-lab-[^\n]*)/.exec(groups)![1]!;
      expect(fs.readFileSync(`/sys/fs/cgroup/pids${pids}/pids.max`, 'utf8').trim()).toBe('64');
      expect(
        fs.readFileSync(`/sys/fs/cgroup/memory${memory}/memory.limit_in_bytes`, 'utf8').trim(),
      ).toBe(String(256 * 1024 * 1024));
      // The console's shell counts there too.
      const { output } = await run(session, 'echo shell $$');
      expect(output).toMatch(/[\r\n]shell \d+/);
      const members = fs.readFileSync(`/sys/fs/cgroup/pids${pids}/cgroup.procs`, 'utf8');
      const bashes = members
        .trim()
        .split('\n')
        .filter((member) => {
          try {
            return fs.readFileSync(`/proc/${member}/comm`, 'utf8').trim() === 'bash';
          } catch {
            return false;
          }
        });
      expect(bashes.length).toBeGreaterThan(0);
    },
  );

  it('ignores a 0×0 or 100000×100000 resize: the shell keeps its size and lives on', async () => {
    session.resize(0, 0);
    session.resize(100_000, 100_000);
    session.resize(Number.NaN, 3.5);
    expect((await run(session, 'stty size')).output).toMatch(/[\r\n]40 120\r?\n/);
  });

  it('refuses nested user namespaces and writes to /usr', async () => {
    expect((await run(session, 'unshare -U true')).status).not.toBe(0);
    expect((await run(session, 'touch /usr/rampart-test')).status).not.toBe(0);
  });

  it('keeps writes within the tmpfs size', async () => {
    // 64 MiB of disk over two machines and two tmpfs each: 16 MiB for /tmp.
    const { output } = await run(
      session,
      'dd if=/dev/zero of=/tmp/fill bs=1M count=40 2>&1 | grep -o "No space left on device"; du -m /tmp/fill',
    );
    expect(output).toMatch(/No space left on device/);
    expect(Number(/\n(\d+)\s+\/tmp\/fill/.exec(output)![1])).toBeLessThanOrEqual(16);
  });

  it('stops a fork bomb at the lab’s process cap', async () => {
    const { output } = await run(
      session,
      `python3 -c "
import os, time
n = 0
while n < 1000:
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(3)
        os._exit(0)
    n += 1
print('forked', n)
"`,
      30_000,
    );
    const forked = Number(/forked (\d+)/.exec(output)![1]);
    expect(forked).toBeGreaterThan(0);
    expect(forked).toBeLessThan(64);
  }, 40_000);

  it('stops one process at the lab’s memory', async () => {
    const { output } = await run(
      session,
      `python3 -c "
try:
    block = bytearray(512 * 1024 * 1024)
    print('allocated')
except MemoryError:
    print('refused')
"`,
    );
    expect(output).toMatch(/[\r\n]refused\r?\n/);
  });

  it('never shows a machine’s flag on a command line, in the console or on the host', async () => {
    const inside = await run(
      session,
      'cat /proc/*/cmdline /proc/*/environ 2>/dev/null | tr "\\0" " " | grep -c "RAMPART[{]"',
    );
    expect(inside.output).toMatch(/[\r\n]0\r?\n/);
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let commandLine = '';
      try {
        commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      expect(commandLine).not.toContain('RAMPART{local-lab}');
    }
  });

  it('keeps two labs apart: each team’s "web" is its own', async () => {
    const other = localLabTemplate({
      machines: [
        { name: 'workstation', image: 'debian' },
        {
          name: 'web',
          image: 'debian',
          command: template.machines[1]!.command,
          ports: [{ port: 80 }],
          env: { FLAG: 'RAMPART{other-team}' },
        },
      ],
    });
    const otherId = await allocate(other);
    const fetched = await run(
      session,
      `python3 -c "import urllib.request; print(urllib.request.urlopen('http://web/flag', timeout=5).read().decode())"`,
    );
    expect(fetched.output).toContain('RAMPART{local-lab}');
    expect(fetched.output).not.toContain('RAMPART{other-team}');
    // Nor can its processes be seen: a sandbox has its own pid namespace.
    const processes = await run(session, 'ps -e -o comm= | sort | uniq -c');
    expect(processes.output).not.toMatch(/python3/);
    await provider.release(otherId, 'user');
  }, 30_000);

  it('kills the lab’s processes and its consoles on release', async () => {
    const lab = await allocate(localLabTemplate());
    const shell = await provider.openConsole(lab, { cols: 80, rows: 24, participantId: 'x' });
    const exited = new Promise((resolve) => shell.onExit(resolve));
    const before = (await provider.list()).find((status) => status.envId === lab)!.providerRef;
    await provider.release(lab, 'user');
    await exited;
    expect(await provider.status(lab)).toBeNull();
    // Nothing of it is left on the host.
    const leftovers = fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`/${before}/`);
        } catch {
          return false;
        }
      });
    expect(leftovers).toEqual([]);
  }, 30_000);
});

describeOnSandboxHostOnce('the local provider’s warm pool and faults', () => {
  it('claims a pre-warmed lab for an allocation of the same template', async () => {
    const provider = new LocalProvider({ maxConcurrent: 2 });
    try {
      const template = localLabTemplate();
      expect(await provider.prewarm(template, 5)).toBe(2);
      expect(provider.warmCount(template)).toBe(2);
      const status = await provider.allocate({
        envId: randomUUID(),
        sessionUuid: randomUUID(),
        teamUuid: randomUUID(),
        template,
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect(provider.warmCount(template)).toBe(1);
      expect(status.providerRef).toMatch(/^lab-/);
      // Another template takes a warm lab's slot rather than meeting a full provider.
      await expect(
        provider.allocate({
          envId: randomUUID(),
          sessionUuid: randomUUID(),
          teamUuid: randomUUID(),
          template: localLabTemplate(),
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ).resolves.toMatchObject({ providerRef: expect.stringMatching(/^lab-/) });
      expect(provider.warmCount()).toBe(0);
    } finally {
      await provider.close();
    }
  }, 30_000);

  it('refuses an image it has no root filesystem for, and a missing sandbox program', async () => {
    const provider = new LocalProvider({ maxConcurrent: 2 });
    const request = (template: ProviderTemplate) => ({
      envId: randomUUID(),
      sessionUuid: randomUUID(),
      teamUuid: randomUUID(),
      template,
      expiresAt: new Date(Date.now() + 60_000),
    });
    try {
      await expect(
        provider.allocate(
          request(
            localLabTemplate({
              machines: [{ name: 'box', image: 'rampart/kali:1' }],
              consoleMachine: 'box',
            }),
          ),
        ),
      ).rejects.toMatchObject({ code: 'InvalidTemplate' });
    } finally {
      await provider.close();
    }
    const broken = new LocalProvider({
      maxConcurrent: 2,
      binaries: { bwrap: '/nonexistent/bwrap' },
    });
    await expect(broken.allocate(request(localLabTemplate()))).rejects.toMatchObject({
      code: 'Unavailable',
    });
    await broken.close();
  });

  it('lets no machine forge the anchor’s reports by printing them', async () => {
    const provider = new LocalProvider({ maxConcurrent: 1 });
    try {
      const envId = randomUUID();
      await provider.allocate({
        envId,
        sessionUuid: randomUUID(),
        teamUuid: randomUUID(),
        template: localLabTemplate({
          machines: [
            {
              name: 'liar',
              image: 'debian',
              command: [
                '/bin/sh',
                '-c',
                'echo "machine liar 1"; echo "exited liar 3"; exec sleep 600',
              ],
            },
          ],
          consoleMachine: 'liar',
        }),
        expiresAt: new Date(Date.now() + 60_000),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await provider.status(envId)).toMatchObject({ phase: 'Ready' });
    } finally {
      await provider.close();
    }
  });

  it('marks a lab whose machine fails to start as failed, naming the machine', async () => {
    const provider = new LocalProvider({ maxConcurrent: 2 });
    try {
      const envId = randomUUID();
      await provider.allocate({
        envId,
        sessionUuid: randomUUID(),
        teamUuid: randomUUID(),
        template: localLabTemplate({
          machines: [{ name: 'broken', image: 'debian', command: ['/usr/bin/false'] }],
          consoleMachine: 'broken',
        }),
        expiresAt: new Date(Date.now() + 60_000),
      });
      let status = await provider.status(envId);
      for (let attempt = 0; attempt < 100 && status?.phase !== 'Failed'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = await provider.status(envId);
      }
      expect(status).toMatchObject({ phase: 'Failed', message: expect.stringContaining('broken') });
    } finally {
      await provider.close();
    }
  });
});

describeOnSandboxHostOnce('the local provider’s labs and the back end', () => {
  it('gives the lab’s network to what runs beside it: the bridge, and no host interface', async () => {
    const provider = new LocalProvider({ maxConcurrent: 1 });
    try {
      const envId = randomUUID();
      await provider.allocate({
        envId,
        sessionUuid: randomUUID(),
        teamUuid: randomUUID(),
        template: localLabTemplate(),
        expiresAt: new Date(Date.now() + 60_000),
      });
      const { enter, bridge } = provider.namespaceOf(envId);
      const inLab = (...argv: string[]) =>
        execFileSync(enter[0]!, [...enter.slice(1), ...argv], { encoding: 'utf8' });
      expect(inLab('ip', '-o', '-4', 'addr')).toContain(`br0    inet ${bridge.address}/24`);
      const interfaces = inLab('ip', '-o', 'link');
      // Its own loopback, its bridge and the machines' ends: nothing of the host's.
      const names = interfaces
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(': ')[1]!.split('@')[0]);
      expect(names.sort()).toEqual(['br0', 'lo', 'm0', 'm1']);
    } finally {
      await provider.close();
    }
  });

  it('takes its labs down when the back end dies without closing them', async () => {
    const holder = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'test/local-lab-holder.ts'],
      { cwd: path.resolve(import.meta.dirname, '../../../..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const anchor = await new Promise<{ pid: number; ref: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no lab: ${output}`)), 20_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /anchor (\d+) (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve({ pid: Number(match[1]), ref: match[2]! });
        }
      };
      holder.stdout!.on('data', read);
      holder.stderr!.on('data', read);
    });
    const labProcesses = () =>
      fs
        .readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .filter((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`/${anchor.ref}/`);
          } catch {
            return false;
          }
        });
    expect(labProcesses().length).toBeGreaterThan(0);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    for (let attempt = 0; attempt < 100 && labProcesses().length > 0; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(labProcesses()).toEqual([]);
    // Its cgroups, once its last zombie is reaped, go at the next start of a provider.
    const leftGroups = () =>
      execFileSync(
        'find',
        ['/sys/fs/cgroup/pids', '/sys/fs/cgroup/memory', '-name', `rampart-${anchor.ref}`],
        {
          encoding: 'utf8',
        },
      );
    for (let attempt = 0; attempt < 40 && leftGroups() !== ''; attempt += 1) {
      new LocalProvider({ maxConcurrent: 1 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(leftGroups()).toBe('');
    // And so do its generated /etc files.
    expect(
      fs
        .readdirSync(os.tmpdir())
        .filter((entry) => entry.startsWith(`rampart-labs-${holder.pid}-`)),
    ).toEqual([]);
    expect(
      fs.existsSync(`/proc/${anchor.pid}/cmdline`) &&
        fs.readFileSync(`/proc/${anchor.pid}/cmdline`, 'utf8'),
    ).toBeFalsy();
  }, 40_000);
});

describeOnSandboxHost(`the local provider after a restart (${testDatabaseKind()})`, () => {
  it('has no lab of the previous back end, so the reconciler fails their rows', async () => {
    const database = await createTestDatabase();
    const silent = { warn: () => {} };
    const repo = createLabsRepository(database.db);
    const events = createEventWriter({ db: database.db, bus: createLocalEventBus() });
    const limits = {
      maxEnvironments: 10,
      maxEnvironmentsPerSession: 10,
      maxExtensions: 2,
      retryAfterSeconds: 30,
    };
    const before = new LocalProvider({ maxConcurrent: 2 });
    const after = new LocalProvider({ maxConcurrent: 2 });
    try {
      const session = await buildLabSession(database.db, { teams: 1, lab: localLabTemplate() });
      const manager = createEnvironmentManager({
        repo,
        provider: before,
        events,
        limits,
        clock: systemClock,
        logger: silent,
      });
      const { environment } = await manager.allocate({
        sessionUuid: session.uuid,
        teamUuid: session.teamUuids[0]!,
        missionUuid: session.missionUuid,
        template: localLabTemplate(),
      });
      // The game reads the team's environment until it is Ready, as the Console tab does.
      let row = environment;
      for (let attempt = 0; attempt < 500 && row.phase !== 'Ready'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        row = await manager.refresh(row);
      }
      expect(row.phase).toBe('Ready');
      expect((await before.list()).map((status) => status.envId)).toEqual([environment.id]);
      // The back end stops: its labs die with it; the next one starts with a provider of its own.
      await before.close();
      expect(await after.list()).toEqual([]);
      const restarted = createEnvironmentManager({
        repo,
        provider: after,
        events,
        limits,
        clock: systemClock,
        logger: silent,
      });
      const report = await createLabReconciler({
        db: database.db,
        repo,
        manager: restarted,
        provider: after,
        clock: systemClock,
        logger: silent,
      }).reconcile();
      expect(report.missing).toBe(1);
      expect(
        await database.db
          .selectFrom('lab_environment')
          .select(['phase', 'last_error'])
          .where('id', '=', environment.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ phase: 'Failed', last_error: 'the environment disappeared from the provider' });
    } finally {
      await before.close();
      await after.close();
      await database.close();
    }
  });
});

/**
 * The VPN of a local lab for real: a player laptop (a network namespace the test makes, joined to
 * the host by a veth: making that takes root, as CI has) imports the profile the server renders,
 * with the host UDP port the provider answered, and reads the lab's web machine through the
 * tunnel; the lab's own network stays unreachable from the host.
 */
const noVpn = localVpnUnavailable();
if (noVpn && !unavailable) console.warn(`local VPN tests skipped: ${noVpn}`);
const describeAsRoot =
  !noVpn && process.getuid?.() === 0 && databaseFree ? describe : describe.skip;
describeAsRoot('a local lab’s VPN gateway, through a real tunnel', () => {
  const provider = new LocalProvider({ maxConcurrent: 1 });
  const envId = randomUUID();
  const gatewayKeys = generateWireguardKeyPair();
  const player = { ...generateWireguardKeyPair(), address: tunnelAddress(0) };
  const uplink = { host: '192.168.79.1', laptop: '192.168.79.2' };
  const hostLink = `rwt${process.pid % 100_000}`;
  const children: ChildProcess[] = [];
  let laptopPid = 0;
  let endpointPort = 0;
  let dir = '';

  const laptopEnter = () => ['nsenter', `--target=${laptopPid}`, '--net', '--mount', '--'];
  /** An HTTP GET from the laptop: the body, or what went wrong. */
  const fetchFromLaptop = (url: string, timeoutMs: number) =>
    new Promise<string>((resolve) => {
      const [command, ...args] = laptopEnter();
      const child = spawn(
        command!,
        [
          ...args,
          process.execPath,
          '-e',
          `const r = require('node:http').get(${JSON.stringify(url)}, (res) => {
             let body = ''; res.on('data', (d) => (body += d)); res.on('end', () => console.log(body));
           });
           r.setTimeout(${timeoutMs}, () => { console.log('timeout'); process.exit(0); });
           r.on('error', (e) => console.log('error ' + e.code));`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', () => resolve(output.trim()));
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-local-vpn-'));
    await provider.allocate({
      envId,
      sessionUuid: randomUUID(),
      teamUuid: randomUUID(),
      template: localLabTemplate(),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const answer = await provider.vpnAddPeer(
      envId,
      { ...gatewayKeys, address: GATEWAY_ADDRESS, listenPort: 51820 },
      { publicKey: player.publicKey, address: player.address },
    );
    expect(answer.labCidr).toBe('10.200.0.0/24');
    endpointPort = answer.endpointPort!;
    expect(endpointPort).toBeGreaterThan(0);

    // The laptop: its own network and mount namespaces (its wireguard-go's /run), a veth to the host.
    const laptop = spawn(
      'unshare',
      [
        '--net',
        '--mount',
        '--fork',
        '--kill-child',
        'sh',
        '-c',
        'mount -t tmpfs none /run && ip link set lo up && echo ready && exec sleep 600',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(laptop);
    await new Promise<void>((resolve) => laptop.stdout.once('data', () => resolve()));
    laptopPid = laptop.pid!;
    execFileSync('sh', [
      '-c',
      `ip link add ${hostLink} type veth peer name uplink netns ${laptopPid} &&
       ip address add ${uplink.host}/30 dev ${hostLink} && ip link set ${hostLink} up`,
    ]);
    const inLaptop = (script: string) =>
      execFileSync(laptopEnter()[0]!, [...laptopEnter().slice(1), 'sh', '-c', script], {
        encoding: 'utf8',
      });
    inLaptop(`ip address add ${uplink.laptop}/30 dev uplink && ip link set uplink up`);

    const conf = renderProfile({
      privateKey: player.privateKey,
      address: player.address,
      gatewayPublicKey: gatewayKeys.publicKey,
      endpoint: `${uplink.host}:${endpointPort}`,
      labCidr: answer.labCidr,
    });
    const confFile = path.join(dir, 'laptop.conf');
    fs.writeFileSync(confFile, conf.replace(/^Address = .+\n/m, ''), { mode: 0o600 });
    const [command, ...args] = laptopEnter();
    children.push(
      spawn(command!, [...args, 'wireguard-go', '-f', 'wg-laptop'], { stdio: 'ignore' }),
    );
    inLaptop(
      `for i in $(seq 100); do wg show wg-laptop >/dev/null 2>&1 && break; sleep 0.05; done;
       wg setconf wg-laptop ${confFile} && ip address add ${player.address} dev wg-laptop &&
       ip link set wg-laptop up && ip route add ${answer.labCidr} dev wg-laptop`,
    );
  }, 30_000);

  afterAll(async () => {
    await provider.close();
    for (const child of children.reverse()) child.kill('SIGKILL');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('carries the laptop to the lab’s web machine and reports the handshake', async () => {
    expect(await fetchFromLaptop('http://10.200.0.11/flag', 8000)).toBe('RAMPART{local-lab}');
    const seen = (await provider.vpnHandshakes(envId)).get(player.publicKey);
    expect(seen).toBeInstanceOf(Date);
    // Only the tunnel leads there: the laptop's own uplink has no route to the lab.
    expect(
      execFileSync(
        laptopEnter()[0]!,
        [...laptopEnter().slice(1), 'ip', 'route', 'get', '10.200.0.11'],
        {
          encoding: 'utf8',
        },
      ),
    ).toContain('dev wg-laptop');
  });

  it('stops the gateway and closes the host port when the lab is released', async () => {
    await provider.release(envId, 'user');
    expect(await fetchFromLaptop('http://10.200.0.11/flag', 1500)).toMatch(/^(timeout|error)/);
    const listening = execFileSync('ss', ['-Hlun'], { encoding: 'utf8' });
    expect(listening).not.toMatch(new RegExp(`:${endpointPort}\\s`));
  });
});
