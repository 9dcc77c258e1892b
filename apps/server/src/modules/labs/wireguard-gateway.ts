import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isWireguardKey } from './wireguard-keys.js';

/**
 * A lab's WireGuard gateway (docs/labs.md): `wireguard-go` (userspace; the
 * kernel has no WireGuard module) on a TUN inside the lab's network namespace, configured with
 * `wg`. Players' laptops are its peers, each allowed only its own tunnel /32; the lab's machines
 * are reached from the gateway's namespace, so the tunnel leads to that lab and nowhere else.
 *
 * Every command runs behind `enter`, the prefix that puts it in the lab's namespaces, e.g.
 * `['nsenter', '--target', anchorPid, '--user', '--net', '--mount', '--preserve-credentials']`.
 * The mount namespace matters: `wireguard-go` and `wg` meet on a socket under
 * `/var/run/wireguard`, which must be the lab's own (a tmpfs the lab mounted on `/run`), or
 * gateways of different labs would share one directory — and, rootless, could not create it.
 *
 * The private key reaches `wg` through a file in a directory only this process can read, deleted
 * once read: never in argv (any `ps` shows it) nor in the environment.
 *
 * For a local provider: `enter` is `nsenter --target <anchorPid> --user --net --mount
 * --preserve-credentials`, the anchor having mounted a tmpfs on its `/run`; the lab's machines
 * route the tunnel's range (`TUNNEL_NETWORK`) through the bridge address of the anchor's namespace,
 * where the gateway forwards between its TUN and the bridge (the namespace has no uplink, so
 * forwarding leads nowhere else). `createGatewayPool` keeps one gateway per environment.
 */
export interface GatewayOptions {
  /** The command prefix entering the lab's user, network and mount namespaces. */
  enter: string[];
  /** The gateway's private key (base64, as `wg genkey` writes it). */
  privateKey: string;
  /** The gateway's tunnel address with its prefix, e.g. `10.201.0.1/24`. */
  address: string;
  listenPort: number;
  /** The TUN's name in the lab's namespace (at most 15 characters). */
  interfaceName?: string;
  /** Where the key file is written for the moment `wg` reads it; the system's tmpdir by default. */
  privateDir?: string;
  /**
   * The uid and gid `enter` runs commands as, when not the back end's (a root back end running
   * labs as `nobody`): the key file's directory is theirs alone for that moment.
   */
  owner?: { uid: number; gid: number };
  /** A command's longest run before it counts as failed. */
  timeoutMs?: number;
  /**
   * Routes between the tunnel and the lab's other interfaces (the namespace's own
   * `ip_forward`): needed when the machines are behind a bridge, as in a local lab. On by default.
   */
  forward?: boolean;
}

/** Where a gateway's TUN comes from. */
export const TUN_DEVICE = '/dev/net/tun';

/** Whether `program` is an executable file in one of the PATH's directories. */
const onPath = (program: string, searchPath = process.env.PATH ?? '') =>
  searchPath.split(path.delimiter).some((directory) => {
    try {
      accessSync(path.join(directory, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/**
 * Why this host cannot run gateways as `uid`/`gid`, or null when it can: `wireguard-go` and `wg`
 * are installed, and the TUN device is one they may open. Where udev manages `/dev` the device is
 * open to everyone (mode 0666); a host without it may leave it to root (0600), and a gateway
 * running as a lab's uid then fails with "permission denied".
 */
export const gatewayHostProblem = (
  owner: { uid: number; gid: number },
  options: { tun?: string; searchPath?: string } = {},
): string | null => {
  for (const program of ['wireguard-go', 'wg'])
    if (!onPath(program, options.searchPath)) return `${program} is not installed`;
  const tun = options.tun ?? TUN_DEVICE;
  let device;
  try {
    device = statSync(tun);
  } catch {
    return `${tun} does not exist (the kernel's TUN driver is missing)`;
  }
  if (!device.isCharacterDevice()) return `${tun} is not a device`;
  const shift = owner.uid === device.uid ? 6 : owner.gid === device.gid ? 3 : 0;
  if (owner.uid !== 0 && ((device.mode >> shift) & 0o6) !== 0o6)
    return `${tun} is mode ${(device.mode & 0o777).toString(8).padStart(4, '0')}: the labs' gateways (uid ${owner.uid}) cannot open it; make it 0666, as udev does (chmod 0666 ${tun})`;
  return null;
};

export interface GatewayPeer {
  publicKey: string;
  /** The player's tunnel address, `10.201.0.7/32`: the only source the gateway accepts from them. */
  address: string;
}

export interface Gateway {
  readonly interfaceName: string;
  /** Lets a peer in, or updates its address (idempotent). */
  addPeer(peer: GatewayPeer): Promise<void>;
  removePeer(publicKey: string): Promise<void>;
  /** When each peer last completed a handshake, by public key; peers never seen are absent. */
  handshakes(): Promise<Map<string, Date>>;
  /** Stops `wireguard-go`; its TUN goes with it. Idempotent. */
  stop(): Promise<void>;
}

export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

const INTERFACE = /^[a-zA-Z0-9_=+.-]{1,15}$/;
const ADDRESS = /^(\d{1,3}\.){3}\d{1,3}\/\d{1,2}$/;

/** Runs one command to its end; its stderr is the message of the error when it fails. */
const run = (argv: string[], timeoutMs: number) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new GatewayError(`${argv[0]} could not start: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else
        reject(
          new GatewayError(
            `${argv.slice(0, 3).join(' ')}… failed (${signal ?? code}): ${stderr.trim().slice(0, 500)}`,
          ),
        );
    });
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

/** `wireguard-go` makes its TUN and socket soon after it starts: wait for `wg` to see it. */
const waitForInterface = async (
  show: () => Promise<unknown>,
  child: ChildProcess,
  timeoutMs: number,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new GatewayError('wireguard-go exited at start');
    try {
      return await show();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

export const startGateway = async (options: GatewayOptions): Promise<Gateway> => {
  const name = options.interfaceName ?? 'rampart0';
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!INTERFACE.test(name)) throw new GatewayError(`bad interface name ${name}`);
  if (!isWireguardKey(options.privateKey)) throw new GatewayError('bad gateway private key');
  if (!ADDRESS.test(options.address)) throw new GatewayError(`bad address ${options.address}`);
  if (!Number.isInteger(options.listenPort) || options.listenPort < 1 || options.listenPort > 65535)
    throw new GatewayError(`bad listen port ${options.listenPort}`);
  const inLab = (...argv: string[]) => run([...options.enter, ...argv], timeoutMs);

  // Foreground (-f): the gateway is this process's child, so stop() and a crash of the back end
  // (the lab's namespace dies with its anchor) end it.
  const daemon = spawn(options.enter[0]!, [...options.enter.slice(1), 'wireguard-go', '-f', name], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What it says when it fails to start: its own errors go to standard output.
  let daemonErrors = '';
  const collect = (chunk: string) => {
    daemonErrors = (daemonErrors + chunk).slice(-2000);
  };
  daemon.stdout?.setEncoding('utf8').on('data', collect);
  daemon.stderr?.setEncoding('utf8').on('data', collect);
  daemon.on('error', () => undefined);

  const stop = async () => {
    if (daemon.exitCode !== null || daemon.signalCode !== null) return;
    daemon.kill('SIGTERM');
    const killer = setTimeout(() => daemon.kill('SIGKILL'), 2000);
    await exited(daemon);
    clearTimeout(killer);
  };

  try {
    await waitForInterface(() => inLab('wg', 'show', name), daemon, timeoutMs);
    const dir = await mkdtemp(path.join(options.privateDir ?? tmpdir(), 'rampart-wg-'));
    try {
      const keyFile = path.join(dir, 'private.key');
      await writeFile(keyFile, `${options.privateKey}\n`, { mode: 0o600 });
      if (options.owner) {
        await chown(keyFile, options.owner.uid, options.owner.gid);
        await chown(dir, options.owner.uid, options.owner.gid);
      }
      await inLab(
        'wg',
        'set',
        name,
        'listen-port',
        String(options.listenPort),
        'private-key',
        keyFile,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await inLab('ip', 'address', 'add', options.address, 'dev', name);
    await inLab('ip', 'link', 'set', name, 'up');
    // The namespace's own setting: /proc/sys/net is the network namespace of the writer.
    if (options.forward !== false)
      await inLab('sh', '-c', 'echo 1 > /proc/sys/net/ipv4/ip_forward');
  } catch (error) {
    await stop();
    throw new GatewayError(
      `the WireGuard gateway did not start${daemonErrors ? `: ${daemonErrors.trim()}` : ''}`,
      { cause: error },
    );
  }

  return {
    interfaceName: name,
    async addPeer(peer) {
      if (!isWireguardKey(peer.publicKey)) throw new GatewayError('bad peer public key');
      if (!ADDRESS.test(peer.address) || !peer.address.endsWith('/32'))
        throw new GatewayError(`a peer's address is one /32, not ${peer.address}`);
      await inLab('wg', 'set', name, 'peer', peer.publicKey, 'allowed-ips', peer.address);
    },
    async removePeer(publicKey) {
      if (!isWireguardKey(publicKey)) throw new GatewayError('bad peer public key');
      await inLab('wg', 'set', name, 'peer', publicKey, 'remove');
    },
    async handshakes() {
      const output = await inLab('wg', 'show', name, 'latest-handshakes');
      const seen = new Map<string, Date>();
      for (const line of output.split('\n')) {
        const [key, seconds] = line.trim().split(/\s+/);
        // 0: the peer never completed a handshake.
        if (key && seconds && Number(seconds) > 0) seen.set(key, new Date(Number(seconds) * 1000));
      }
      return seen;
    },
    stop,
  };
};

/**
 * One gateway per environment, for a provider: started with the team's keys on the first peer,
 * then only taught peers; concurrent first calls share one start. A gateway that failed to start
 * is forgotten, so the next call tries again.
 */
export const createGatewayPool = () => {
  const gateways = new Map<string, Promise<Gateway>>();

  const gatewayOf = (envId: string, options: () => GatewayOptions) => {
    let gateway = gateways.get(envId);
    if (!gateway) {
      gateway = startGateway(options());
      gateways.set(envId, gateway);
      gateway.catch(() => gateways.delete(envId));
    }
    return gateway;
  };

  const stop = async (envId: string) => {
    const gateway = gateways.get(envId);
    gateways.delete(envId);
    await (await gateway?.catch(() => undefined))?.stop();
  };

  return {
    /** Lets a peer into the environment's gateway, starting it with `options` if needed. */
    async addPeer(envId: string, options: () => GatewayOptions, peer: GatewayPeer) {
      await (await gatewayOf(envId, options)).addPeer(peer);
    },
    async removePeer(envId: string, publicKey: string) {
      await (await gateways.get(envId))?.removePeer(publicKey);
    },
    /** Handshakes of the environment's gateway; none when it has not started. */
    async handshakes(envId: string) {
      const gateway = gateways.get(envId);
      return gateway ? (await gateway).handshakes() : new Map<string, Date>();
    },
    has: (envId: string) => gateways.has(envId),
    /** Stops the environment's gateway (its release); idempotent. */
    stop,
    async stopAll() {
      await Promise.all([...gateways.keys()].map(stop));
    },
  };
};

export type GatewayPool = ReturnType<typeof createGatewayPool>;
