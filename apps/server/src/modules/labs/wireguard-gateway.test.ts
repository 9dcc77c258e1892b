import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../test/database.js';
import { createGatewayPool, gatewayHostProblem } from './wireguard-gateway.js';
import { generateWireguardKeyPair } from './wireguard-keys.js';
import { GATEWAY_ADDRESS, renderProfile, tunnelAddress } from './vpn-profile.js';

/**
 * A real tunnel, rootless (docs/labs.md), laid out as a local lab: a "lab" namespace the
 * test creates (user + net + mount, its own /run) holding the lab's bridge and the gateway; a
 * "machine" network namespace behind the bridge with a TCP service; a "player laptop" network
 * namespace joined to the lab by a veth (its "internet"), running a second wireguard-go
 * configured from the profile the server renders. Every address lives only in these namespaces.
 */
const LAB_CIDR = '10.13.0.0/24';
const BRIDGE = '10.13.0.1';
const SERVICE = { host: '10.13.0.2', port: 8080 };
const UPLINK = { lab: '192.168.77.1', laptop: '192.168.77.2' };
const LISTEN_PORT = 51820;

const children: ChildProcess[] = [];

/** Starts a long-lived process and resolves with it once it printed `ready`. */
const startUntilReady = (argv: string[]) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });

const run = (argv: string[], timeoutMs = 10_000) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${argv.join(' ')} → ${code}: ${output}`));
    });
  });

const enter = (pid: number, ...namespaces: string[]) => [
  'nsenter',
  '--target',
  String(pid),
  '--user',
  ...namespaces,
  '--preserve-credentials',
];

/** A TCP client in the laptop: what it read from the service, or the error. */
const connectFromLaptop = (laptop: number, timeoutMs: number) =>
  run([
    ...enter(laptop, '--net'),
    process.execPath,
    '-e',
    `const s = require('node:net').connect(${SERVICE.port}, '${SERVICE.host}');
     let got = ''; s.setTimeout(${timeoutMs}, () => { console.log('timeout'); process.exit(0); });
     s.on('data', (d) => (got += d)); s.on('end', () => { console.log(got); process.exit(0); });
     s.on('error', (e) => { console.log('error ' + e.code); process.exit(0); });`,
  ]);

/** What `wg setconf` takes of a `.conf`: wg-quick's own fields (Address) are applied by hand. */
const parseProfile = (conf: string) => {
  const address = /^Address = (.+)$/m.exec(conf)![1]!;
  const allowed = /^AllowedIPs = (.+)$/m.exec(conf)![1]!;
  return { address, allowed, wgConf: conf.replace(/^Address = .+\n/m, '') };
};

// No database: once per run of the suite, in the embedded database's pass (two copies at once
// would only compete for the host).
describe.skipIf(testDatabaseKind() !== 'pglite')('the WireGuard gateway', () => {
  let lab: ChildProcess;
  let machine: ChildProcess;
  let laptop: ChildProcess;
  const gateways = createGatewayPool();
  const envId = randomUUID();
  let dir: string;
  /** Where the gateway writes its private key while `wg` reads it: its own, to check it empty. */
  let keysDir: string;
  const gatewayKeys = generateWireguardKeyPair();
  const player = { ...generateWireguardKeyPair(), address: tunnelAddress(0) };

  let before: number;

  beforeAll(async () => {
    before = Date.now();
    dir = await mkdtemp(path.join(tmpdir(), 'rampart-wg-test-'));
    keysDir = path.join(dir, 'keys');
    await mkdir(keysDir, { mode: 0o700 });
    lab = await startUntilReady([
      'unshare',
      '--user',
      '--map-root-user',
      '--net',
      '--mount',
      '--fork',
      '--kill-child',
      'sh',
      '-c',
      // The lab's own /run: wireguard-go's sockets (/var/run/wireguard) stay in it.
      `mount -t tmpfs none /run && ip link set lo up && ip link add lab0 type bridge &&
       ip address add ${BRIDGE}/24 dev lab0 && ip link set lab0 up && echo ready && exec sleep 600`,
    ]);
    const labEnter = enter(lab.pid!, '--net', '--mount');
    const nestedNetwork = () =>
      startUntilReady([
        ...enter(lab.pid!, '--mount'),
        'unshare',
        '--net',
        '--fork',
        '--kill-child',
        'sh',
        '-c',
        'ip link set lo up && echo ready && exec sleep 600',
      ]);
    // The lab's machine, behind the bridge, its default route the bridge's address.
    machine = await nestedNetwork();
    await run([
      ...labEnter,
      'sh',
      '-c',
      `ip link add vm0 type veth peer name eth0 netns ${machine.pid} &&
       ip link set vm0 master lab0 && ip link set vm0 up`,
    ]);
    await run([
      ...enter(machine.pid!, '--net'),
      'sh',
      '-c',
      `ip address add ${SERVICE.host}/24 dev eth0 && ip link set eth0 up &&
       ip route add default via ${BRIDGE}`,
    ]);
    laptop = await nestedNetwork();
    await run([
      ...labEnter,
      'sh',
      '-c',
      `ip link add uplink type veth peer name uplink netns ${laptop.pid} &&
       ip address add ${UPLINK.lab}/30 dev uplink && ip link set uplink up`,
    ]);
    await run([
      ...enter(laptop.pid!, '--net'),
      'sh',
      '-c',
      `ip address add ${UPLINK.laptop}/30 dev uplink && ip link set uplink up`,
    ]);
    // The machine's service answers with the address it sees: the player's tunnel address.
    const machineEnter = enter(machine.pid!, '--net');
    children.push(
      spawn(
        machineEnter[0]!,
        [
          ...machineEnter.slice(1),
          process.execPath,
          '-e',
          `require('node:net').createServer((s) => s.end('hello-through-wireguard from ' + s.remoteAddress))
             .listen(${SERVICE.port}, '${SERVICE.host}')`,
        ],
        { stdio: 'ignore' },
      ),
    );

    expect(await gateways.handshakes(envId)).toEqual(new Map());
    await gateways.addPeer(
      envId,
      () => ({
        enter: labEnter,
        privateKey: gatewayKeys.privateKey,
        address: GATEWAY_ADDRESS,
        listenPort: LISTEN_PORT,
        interfaceName: 'wg-lab',
        privateDir: keysDir,
      }),
      { publicKey: player.publicKey, address: player.address },
    );
    // No laptop has connected yet.
    expect(await gateways.handshakes(envId)).toEqual(new Map());

    // The laptop imports the profile the server renders, as wg-quick would.
    const profile = parseProfile(
      renderProfile({
        privateKey: player.privateKey,
        address: player.address,
        gatewayPublicKey: gatewayKeys.publicKey,
        endpoint: `${UPLINK.lab}:${LISTEN_PORT}`,
        labCidr: LAB_CIDR,
      }),
    );
    const confFile = path.join(dir, 'laptop.conf');
    await writeFile(confFile, profile.wgConf, { mode: 0o600 });
    const laptopEnter = enter(laptop.pid!, '--net', '--mount');
    children.push(
      spawn(laptopEnter[0]!, [...laptopEnter.slice(1), 'wireguard-go', '-f', 'wg-laptop'], {
        stdio: 'ignore',
      }),
    );
    await run([
      ...laptopEnter,
      'sh',
      '-c',
      `for i in $(seq 100); do wg show wg-laptop >/dev/null 2>&1 && break; sleep 0.05; done;
       wg setconf wg-laptop ${confFile} && ip address add ${profile.address} dev wg-laptop &&
       ip link set wg-laptop up && ip route add ${profile.allowed} dev wg-laptop`,
    ]);
  });

  afterAll(async () => {
    await gateways.stopAll();
    for (const child of children.reverse()) child.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('carries a player laptop through the tunnel to the lab service, and reports the handshake', async () => {
    const answer = await connectFromLaptop(laptop.pid!, 5000);
    expect(answer.trim()).toBe(`hello-through-wireguard from ${player.address.split('/')[0]}`);
    const seen = (await gateways.handshakes(envId)).get(player.publicKey);
    expect(seen).toBeInstanceOf(Date);
    // wg reports whole seconds; the laptop's keep-alive shook hands as soon as it was set up.
    expect(seen!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it('never puts the gateway’s private key on a command line or in an environment, nor leaves its file', async () => {
    const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
    for (const pid of pids) {
      for (const what of ['cmdline', 'environ']) {
        const text = await readFile(`/proc/${pid}/${what}`, 'latin1').catch(() => '');
        expect(text, `/proc/${pid}/${what}`).not.toContain(gatewayKeys.privateKey);
      }
    }
    // The key's file and its directory are gone (other tests' gateways use the system's).
    expect(await readdir(keysDir)).toEqual([]);
  });

  it('lets nobody through once the peer is removed', async () => {
    await gateways.removePeer(envId, player.publicKey);
    expect((await gateways.handshakes(envId)).has(player.publicKey)).toBe(false);
    expect((await connectFromLaptop(laptop.pid!, 1500)).trim()).toBe('timeout');
  });

  it('refuses a peer address wider than one host', async () => {
    await expect(
      gateways.addPeer(envId, () => ({}) as never, {
        publicKey: player.publicKey,
        address: '10.201.0.0/24',
      }),
    ).rejects.toThrow(/\/32/);
  });

  it('stops with its environment: nothing listens any more', async () => {
    await gateways.stop(envId);
    expect(gateways.has(envId)).toBe(false);
    const left = await run([...enter(lab.pid!, '--net'), 'ip', '-o', 'link', 'show']);
    expect(left).not.toContain('wg-lab');
    await gateways.stop(envId);
  });
});

describe('whether a host can run gateways', () => {
  let dir: string;
  /** A PATH holding the two programs (empty scripts are enough to be found). */
  let withPrograms: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rampart-gateway-host-'));
    withPrograms = path.join(dir, 'bin');
    await mkdir(withPrograms);
    for (const program of ['wireguard-go', 'wg'])
      await writeFile(path.join(withPrograms, program), '#!/bin/sh\n', { mode: 0o755 });
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const nobody = { uid: 65534, gid: 65534 };

  it('needs wireguard-go and wg installed', async () => {
    expect(gatewayHostProblem(nobody, { searchPath: dir, tun: '/dev/null' })).toBe(
      'wireguard-go is not installed',
    );
    await writeFile(path.join(dir, 'wireguard-go'), '#!/bin/sh\n', { mode: 0o755 });
    expect(gatewayHostProblem(nobody, { searchPath: dir, tun: '/dev/null' })).toBe(
      'wg is not installed',
    );
  });

  it('needs a TUN device the labs may open', () => {
    expect(
      gatewayHostProblem(nobody, { searchPath: withPrograms, tun: path.join(dir, 'none') }),
    ).toMatch(/does not exist/);
    expect(gatewayHostProblem(nobody, { searchPath: withPrograms, tun: withPrograms })).toMatch(
      /is not a device/,
    );
    // A character device open to everyone, as udev leaves /dev/net/tun.
    expect(gatewayHostProblem(nobody, { searchPath: withPrograms, tun: '/dev/null' })).toBeNull();
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a TUN device left to root, for a lab running as nobody',
    async () => {
      const tun = path.join(dir, 'tun');
      execFileSync('mknod', ['-m', '0600', tun, 'c', '10', '200']);
      expect(gatewayHostProblem(nobody, { searchPath: withPrograms, tun })).toBe(
        `${tun} is mode 0600: the labs' gateways (uid 65534) cannot open it; make it 0666, as udev does (chmod 0666 ${tun})`,
      );
      expect(gatewayHostProblem({ uid: 0, gid: 0 }, { searchPath: withPrograms, tun })).toBeNull();
      await chmod(tun, 0o666);
      expect(gatewayHostProblem(nobody, { searchPath: withPrograms, tun })).toBeNull();
    },
  );
});
