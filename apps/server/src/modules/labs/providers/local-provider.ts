import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock, type Clock } from '../../../lib/clock.js';
import {
  ProviderError,
  type AllocateRequest,
  type ConsoleSession,
  type EnvironmentProvider,
  type EnvironmentStatus,
  type ProviderTemplate,
  type ReleaseReason,
  type VpnGatewayKeys,
  type VpnPeer,
} from '../environment-provider.js';
import { createGatewayPool, gatewayHostProblem } from '../wireguard-gateway.js';
import {
  cgroupsAvailable,
  createLabCgroups,
  joinCgroups,
  sweepStaleCgroups,
  type LabCgroups,
} from './local-cgroups.js';
import { openPtyConsole } from './local-console.js';
import { startUdpRelay, type UdpRelay } from './local-udp-relay.js';
import {
  anchorScript,
  defaultBinaries,
  encodeMachineEnv,
  LAB_SUBNET,
  labEtcFiles,
  limitOptions,
  machineAddress,
  sandboxOptions,
  tmpfsBytes,
  type LocalBinaries,
} from './local-sandbox.js';

export interface LocalProviderOptions {
  /** Labs running at once, warm ones included: size it to the machine. */
  maxConcurrent: number;
  clock?: Clock<Date>;
  /**
   * Root filesystem ids a template's `image` may name, each a directory whose `usr` becomes the
   * machines' read-only `/usr`. `debian` (the host's own `/usr`) is for demos and development.
   */
  rootFilesystems?: Record<string, string>;
  binaries?: Partial<LocalBinaries>;
  /**
   * The host uid and gid labs run as when the back end is root: player processes never get the
   * back end's credentials. Ignored when the back end is not root (its own uid is used).
   */
  sandboxUid?: number;
  /** Where each lab's generated /etc files live (no secret is ever written there). */
  stateDir?: string;
  /** How long an anchor may take to start its machines. */
  startTimeoutMs?: number;
  /** Per-lab cgroup v1 limits when the back end is root (default: when the host has them). */
  cgroups?: boolean;
  /** The TUN device the labs' VPN gateways open (`/dev/net/tun`). */
  tunDevice?: string;
  logger?: { warn(details: object, message: string): void };
}

export const defaultRootFilesystems: Record<string, string> = { debian: '/' };

/**
 * The host uid (and gid) labs run as when the back end is root (`nobody` unless configured), or
 * null when it is not: the labs then run as the back end's own uid.
 */
const sandboxUidOf = (configured?: number) =>
  process.getuid?.() === 0 ? (configured ?? 65534) : null;

/**
 * Why local labs get no VPN on this host, or null when their gateways can run: as the labs' uid
 * (`nobody` for a root back end, its own otherwise), see `gatewayHostProblem`.
 */
export const localVpnProblem = (
  options: Pick<LocalProviderOptions, 'sandboxUid' | 'tunDevice'> = {},
) => {
  const sandbox = sandboxUidOf(options.sandboxUid);
  const owner =
    sandbox === null
      ? { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 }
      : { uid: sandbox, gid: sandbox };
  return gatewayHostProblem(owner, { tun: options.tunDevice });
};

interface MachineState {
  name: string;
  /** Its pid in the anchor's pid namespace, as the anchor reports it. */
  nsPid: number;
  ready: boolean;
  exited: number | null;
}

interface Lab {
  ref: string;
  templateKey: string;
  template: ProviderTemplate;
  child: ChildProcess;
  etcDir: string;
  /** Its cgroup v1 groups when the back end is root; RLIMITs only otherwise. */
  cgroups: LabCgroups | null;
  machines: Map<string, MachineState>;
  started: Promise<void>;
  dead: boolean;
  stderr: string;
}

interface Environment {
  envId: string;
  lab: Lab;
  expiresAt: Date;
  consoles: Set<ConsoleSession>;
  /** The host's UDP port leading to its VPN gateway, once a player asked for a profile. */
  relay?: Promise<UdpRelay>;
  /** Killed by the provider's own sweep at its expiry; the record stays until released. */
  expired: boolean;
}

/** A process that still runs (a zombie waiting for its reaper does not). */
const isAlive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * Removes the /etc files of labs whose back end died without closing its provider (its labs died
 * with it): a directory is named after its back end's pid.
 */
const sweepStaleStateDirs = () => {
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(os.tmpdir());
  } catch {
    return;
  }
  for (const entry of entries) {
    const owner = /^rampart-labs-(\d+)(-[0-9a-f]+)?$/.exec(entry)?.[1];
    if (!owner || Number(owner) === process.pid || fs.existsSync(`/proc/${owner}`)) continue;
    fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
};

const templateKey = (template: ProviderTemplate) =>
  createHash('sha256').update(JSON.stringify(template)).digest('hex').slice(0, 16);

/**
 * Labs on this machine without Docker (docs/labs.md): per environment, a rootless anchor owning
 * a network namespace with no uplink, and one bubblewrap sandbox per machine; consoles are ptys
 * joining a machine's network in a sandbox of their own. For development, demos and small trusted
 * classes: the sandboxes share the host's kernel (docs/labs.md).
 */
export class LocalProvider implements EnvironmentProvider {
  readonly kind = 'local' as const;
  private readonly environments = new Map<string, Environment>();
  /** Anchors started ahead (prewarm), by template, claimed by allocations. */
  private readonly warm = new Map<string, Lab[]>();
  private readonly allocating = new Map<string, Promise<EnvironmentStatus>>();
  /** One WireGuard gateway per environment that a player asked a profile of. */
  private readonly gateways = createGatewayPool();
  private readonly clock: Clock<Date>;
  private readonly binaries: LocalBinaries;
  private readonly rootFilesystems: Record<string, string>;
  private readonly sandboxUid: number | null;
  private readonly stateDir: string;
  private readonly startTimeoutMs: number;
  private readonly useCgroups: boolean;
  /** Why this host runs no VPN gateway for the labs (checked once), or null. */
  private readonly vpnProblem: string | null;
  private probed: Promise<void> | null = null;
  private sequence = 0;
  private closed = false;

  constructor(private readonly options: LocalProviderOptions) {
    this.clock = options.clock ?? systemClock;
    this.binaries = { ...defaultBinaries, ...options.binaries };
    this.rootFilesystems = options.rootFilesystems ?? defaultRootFilesystems;
    this.sandboxUid = sandboxUidOf(options.sandboxUid);
    if (!options.stateDir) sweepStaleStateDirs();
    // One per provider: closing one never removes another's files.
    this.stateDir =
      options.stateDir ??
      path.join(os.tmpdir(), `rampart-labs-${process.pid}-${randomBytes(4).toString('hex')}`);
    this.startTimeoutMs = options.startTimeoutMs ?? 15_000;
    this.useCgroups = (options.cgroups ?? true) && cgroupsAvailable();
    if (this.useCgroups) sweepStaleCgroups();
    this.vpnProblem = localVpnProblem(options);
    if (this.vpnProblem)
      options.logger?.warn(
        { reason: this.vpnProblem },
        'local labs: no VPN on this host (labs whose template asks for one say so on the VPN tab)',
      );
  }

  capabilities() {
    return {
      console: true,
      vpn: this.vpnProblem ? null : ('wireguard' as const),
      warmPool: true,
      maxConcurrent: this.options.maxConcurrent,
    };
  }

  async allocate(request: AllocateRequest) {
    const existing = this.environments.get(request.envId);
    if (existing) return this.statusOf(existing);
    // Two calls for one id at once make one lab.
    const pending = this.allocating.get(request.envId);
    if (pending) return pending;
    const allocation = this.allocateNew(request).finally(() =>
      this.allocating.delete(request.envId),
    );
    this.allocating.set(request.envId, allocation);
    return allocation;
  }

  async status(envId: string) {
    const environment = this.environments.get(envId);
    if (!environment) return null;
    this.sweep(environment);
    return this.statusOf(environment);
  }

  async extend(envId: string, expiresAt: Date) {
    const environment = this.live(envId);
    environment.expiresAt = expiresAt;
    return this.statusOf(environment);
  }

  async release(envId: string, _reason: ReleaseReason) {
    const environment = this.environments.get(envId);
    if (!environment) return;
    this.environments.delete(envId);
    await this.stop(environment);
  }

  async openConsole(
    envId: string,
    options: { machine?: string; cols: number; rows: number; participantId: string },
  ): Promise<ConsoleSession> {
    const environment = this.live(envId);
    const { template } = environment.lab;
    const name = options.machine ?? template.consoleMachine ?? template.machines[0]!.name;
    const machine = template.machines.find((candidate) => candidate.name === name);
    const state = environment.lab.machines.get(name);
    if (!machine || !state || state.exited !== null)
      throw new ProviderError('NotFound', `no running machine ${name} in ${environment.lab.ref}`);
    const hostPid = this.hostPid(environment.lab, state.nsPid);
    if (hostPid === null)
      throw new ProviderError('Unavailable', `machine ${name} of ${environment.lab.ref} is gone`);
    const bwrap = [
      this.binaries.bwrap,
      ...sandboxOptions({
        rootfs: this.rootfsOf(machine.image),
        etcDir: environment.lab.etcDir,
        hostname: name,
        tmpfsBytes: tmpfsBytes(template),
      }),
      '--setenv',
      'TERM',
      'xterm-256color',
      '--',
      '/bin/bash',
      '-l',
    ];
    // Rootless (as the lab's uid), limited as the lab, in the machine's network only: the shell
    // joins the lab's user namespace, then makes its own sandbox.
    const [command, ...prefix] = [...joinCgroups(environment.lab.cgroups), this.binaries.prlimit];
    const session = openPtyConsole({
      command: command!,
      args: [
        ...prefix,
        ...limitOptions(template),
        '--',
        ...this.dropPrivileges(),
        this.binaries.nsenter,
        `--target=${hostPid}`,
        '--user',
        '--net',
        '--preserve-credentials',
        '--',
        ...bwrap,
      ],
      cols: options.cols,
      rows: options.rows,
      onClosed: () => environment.consoles.delete(session),
    });
    environment.consoles.add(session);
    return session;
  }

  /**
   * Starts the lab's gateway on first use (`wireguard-go` beside the bridge, in the lab's user,
   * network and mount namespaces, as the lab's uid) and a host UDP port leading to it; the
   * machines route the tunnel's range through the bridge's address, where the gateway forwards.
   */
  async vpnAddPeer(envId: string, gateway: VpnGatewayKeys, peer: VpnPeer) {
    if (this.vpnProblem) throw new ProviderError('Unavailable', `no VPN: ${this.vpnProblem}`);
    const environment = this.live(envId);
    const { enter, gatewayEnter } = this.namespaces(environment.lab);
    await this.gateways.addPeer(
      envId,
      () => ({
        enter: gatewayEnter,
        privateKey: gateway.privateKey,
        address: gateway.address,
        listenPort: gateway.listenPort,
        interfaceName: 'wg0',
        owner:
          this.sandboxUid === null ? undefined : { uid: this.sandboxUid, gid: this.sandboxUid },
      }),
      peer,
    );
    // A relay whose inside died (its lab is being torn down) is made again.
    const current = environment.relay;
    if (current && !(await current.catch(() => null))?.alive() && environment.relay === current)
      environment.relay = undefined;
    if (!environment.relay) {
      const started = startUdpRelay({ enter, targetPort: gateway.listenPort });
      environment.relay = started;
      started.catch(() => {
        if (environment.relay === started) environment.relay = undefined;
      });
    }
    const relay = environment.relay;
    // Released meanwhile: the relay goes with it.
    if (!this.environments.has(envId)) {
      await (await relay).stop();
      throw new ProviderError('NotFound', `no live environment ${envId}`);
    }
    return { labCidr: `${LAB_SUBNET}.0/24`, endpointPort: (await relay).port };
  }

  async vpnHandshakes(envId: string) {
    this.live(envId);
    return this.gateways.handshakes(envId);
  }

  async list() {
    return [...this.environments.values()]
      .filter((environment) => !environment.expired && !environment.lab.dead)
      .map((environment) => this.statusOf(environment));
  }

  async prewarm(template: ProviderTemplate, count: number) {
    await this.probe();
    this.validate(template);
    let started = 0;
    for (
      let index = 0;
      index < count && this.liveCount() < this.options.maxConcurrent;
      index += 1
    ) {
      const lab = this.startLab(template);
      const pool = this.warm.get(lab.templateKey) ?? [];
      pool.push(lab);
      this.warm.set(lab.templateKey, pool);
      started += 1;
    }
    return started;
  }

  /**
   * Where a lab's network lives, for what must run beside its machines (the VPN gateway): the
   * anchor's host pid, and the command prefix that runs a program in the lab's user and network
   * namespaces (the bridge `br0`, 10.200.0.1/24, no uplink) with the lab's uid, never the back
   * end's.
   */
  namespaceOf(envId: string) {
    const { lab } = this.live(envId);
    return {
      pid: lab.child.pid!,
      bridge: { name: 'br0', address: `${LAB_SUBNET}.1`, prefixLength: 24 },
      enter: this.namespaces(lab).enter,
    };
  }

  /** Anchors waiting in the warm pool, for a template or all. */
  warmCount(template?: ProviderTemplate) {
    if (template) return this.warm.get(templateKey(template))?.length ?? 0;
    return [...this.warm.values()].reduce((total, pool) => total + pool.length, 0);
  }

  async close() {
    this.closed = true;
    const all = [...this.environments.values()];
    await this.gateways.stopAll();
    this.environments.clear();
    await Promise.all(all.map((environment) => this.stop(environment)));
    const pools = [...this.warm.values()].flat();
    this.warm.clear();
    await Promise.all(pools.map((lab) => this.kill(lab)));
    fs.rmSync(this.stateDir, { recursive: true, force: true });
  }

  // ------------------------------------------------------------------------------------------

  private async allocateNew(request: AllocateRequest) {
    if (this.closed) throw new ProviderError('Unavailable', 'the local provider is closed');
    await this.probe();
    this.validate(request.template);
    const key = templateKey(request.template);
    let lab = this.warm.get(key)?.shift();
    // A warm lab that died meanwhile is no lab to hand out.
    while (lab?.dead) {
      await this.kill(lab);
      lab = this.warm.get(key)?.shift();
    }
    if (!lab) {
      if (this.liveCount() >= this.options.maxConcurrent && !this.evictWarm())
        throw new ProviderError('NoCapacity', 'every local lab slot is taken', 30_000);
      lab = this.startLab(request.template);
    }
    const environment: Environment = {
      envId: request.envId,
      lab,
      expiresAt: request.expiresAt,
      consoles: new Set(),
      expired: false,
    };
    this.environments.set(request.envId, environment);
    try {
      await lab.started;
    } catch (error) {
      this.environments.delete(request.envId);
      await this.kill(lab);
      throw error;
    }
    return this.statusOf(environment);
  }

  /** The host can make sandboxes: the programs exist and user namespaces work. */
  private probe() {
    this.probed ??= this.runProbe().catch((error: unknown) => {
      // Probed again next time: an administrator may fix the host meanwhile.
      this.probed = null;
      throw error;
    });
    return this.probed;
  }

  private async runProbe() {
    const [command, ...args] = [
      ...this.dropPrivileges(),
      this.binaries.bwrap,
      '--unshare-user',
      '--disable-userns',
      '--ro-bind',
      '/usr',
      '/usr',
      '--symlink',
      'usr/bin',
      '/bin',
      '--symlink',
      'usr/lib',
      '/lib',
      '--symlink',
      'usr/lib64',
      '/lib64',
      '--',
      '/bin/true',
    ];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(command!, args, { stdio: 'ignore' });
      child.on('error', () => resolve(null));
      child.on('exit', (exitCode) => resolve(exitCode));
    });
    if (code !== 0)
      throw new ProviderError(
        'Unavailable',
        `this host cannot make sandboxes (${this.binaries.bwrap} with user namespaces failed)`,
      );
  }

  private validate(template: ProviderTemplate) {
    for (const machine of template.machines) {
      if (!(machine.image in this.rootFilesystems))
        throw new ProviderError(
          'InvalidTemplate',
          `machine ${machine.name}: no root filesystem "${machine.image}" on this host (known: ${Object.keys(this.rootFilesystems).join(', ')})`,
        );
      const rootfs = this.rootfsOf(machine.image);
      if (!fs.existsSync(path.join(rootfs, 'usr', 'bin')))
        throw new ProviderError(
          'Unavailable',
          `root filesystem "${machine.image}" (${rootfs}) has no usr/bin`,
        );
    }
    for (const binary of Object.values(this.binaries)) {
      if (binary.includes('/') && !fs.existsSync(binary))
        throw new ProviderError('Unavailable', `${binary} is missing on this host`);
    }
  }

  private rootfsOf(image: string) {
    return this.rootFilesystems[image]!;
  }

  /** setpriv to the sandbox uid when the back end is root; pdeathsig either way. */
  private dropPrivileges() {
    const drop =
      this.sandboxUid === null
        ? []
        : [`--reuid=${this.sandboxUid}`, `--regid=${this.sandboxUid}`, '--clear-groups'];
    return [this.binaries.setpriv, ...drop, '--pdeathsig=SIGKILL', '--'];
  }

  /** Starts an anchor and its machines; `started` settles once every machine is launched. */
  private startLab(template: ProviderTemplate): Lab {
    this.sequence += 1;
    const ref = `lab-${process.pid}-${this.sequence}`;
    const etcDir = path.join(this.stateDir, ref);
    fs.mkdirSync(etcDir, { recursive: true, mode: 0o755 });
    fs.chmodSync(this.stateDir, 0o755);
    for (const [file, content] of Object.entries(labEtcFiles(template)))
      fs.writeFileSync(path.join(etcDir, file), content, { mode: 0o644 });
    const script = anchorScript({
      machines: template.machines.map((machine) => ({
        name: machine.name,
        rootfs: this.rootfsOf(machine.image),
        command: machine.command ?? ['sleep', 'infinity'],
        ports: machine.ports,
      })),
      etcDir,
      tmpfsBytes: tmpfsBytes(template),
      bwrap: this.binaries.bwrap,
    });
    const cgroups = this.useCgroups ? createLabCgroups(ref, template) : null;
    const [command, ...prefix] = [...joinCgroups(cgroups), ...this.dropPrivileges()];
    const child = spawn(
      command!,
      [
        ...prefix,
        this.binaries.unshare,
        '--user',
        '--map-root-user',
        '--net',
        '--mount',
        '--pid',
        '--fork',
        '--mount-proc',
        '--kill-child',
        '--',
        this.binaries.prlimit,
        ...limitOptions(template),
        '--',
        '/bin/sh',
        '-c',
        script,
      ],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' },
      },
    );
    const lab: Lab = {
      ref,
      templateKey: templateKey(template),
      template,
      child,
      etcDir,
      cgroups,
      machines: new Map(),
      started: Promise.resolve(),
      dead: false,
      stderr: '',
    };
    // The flags, one line per machine, through the pipe: never argv, never a file of the host.
    child.stdin!.end(
      template.machines.map((machine) => `${encodeMachineEnv(machine.env)}\n`).join(''),
    );
    lab.started = new Promise<void>((resolve, reject) => {
      const fail = (message: string) => {
        clearTimeout(timer);
        reject(new ProviderError('Unavailable', `${ref}: ${message}`));
      };
      const timer = setTimeout(() => fail('the lab did not start in time'), this.startTimeoutMs);
      let buffered = '';
      let announced = false;
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf('\n');
          const [word, name, value] = line.split(' ');
          if (word === 'machine' && name)
            lab.machines.set(name, { name, nsPid: Number(value), ready: false, exited: null });
          else if (word === 'ready' && name) {
            const machine = lab.machines.get(name);
            if (machine) machine.ready = true;
          } else if (word === 'exited' && name) {
            const machine = lab.machines.get(name);
            if (machine) machine.exited = Number(value);
            this.options.logger?.warn(
              { lab: ref, machine: name, code: Number(value), stderr: lab.stderr.slice(-2000) },
              'a local lab machine stopped',
            );
          } else if (word === 'started') {
            announced = true;
          }
          // Started once the anchor has launched every machine and plugged each into the bridge.
          if (announced && lab.machines.size === template.machines.length) {
            clearTimeout(timer);
            resolve();
          }
        }
      });
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        lab.stderr = (lab.stderr + chunk).slice(-8000);
      });
      child.on('error', (error) => fail(error.message));
      child.on('exit', (code, signal) => {
        lab.dead = true;
        fail(`the anchor stopped (${signal ?? code}): ${lab.stderr.slice(-500)}`);
      });
    });
    // Unawaited (a warm lab): a failure is seen when claimed.
    lab.started.catch(() => undefined);
    return lab;
  }

  /** The host pid of a process the anchor named by its pid in the lab's pid namespace. */
  private hostPid(lab: Lab, nsPid: number): number | null {
    for (const pid of this.processesOf(lab)) {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        const nsPids = /^NSpid:\s+(.*)$/m.exec(status)?.[1]?.trim().split(/\s+/) ?? [];
        if (nsPids.length >= 2 && Number(nsPids[1]) === nsPid) return pid;
      } catch {
        // Gone meanwhile.
      }
    }
    return null;
  }

  /** Host pids of the anchor and everything under it, from /proc. */
  private processesOf(lab: Lab) {
    const found: number[] = [];
    const stack = lab.child.pid === undefined ? [] : [lab.child.pid];
    while (stack.length) {
      const pid = stack.pop()!;
      found.push(pid);
      try {
        const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
        stack.push(...children.trim().split(/\s+/).filter(Boolean).map(Number));
      } catch {
        // Gone meanwhile.
      }
    }
    return found;
  }

  /**
   * Command prefixes running a program in a lab's user and network namespaces with the lab's
   * uid, never the back end's; `gatewayEnter` also joins its mount namespace (its own `/run`).
   */
  private namespaces(lab: Lab) {
    const target = [this.binaries.nsenter, `--target=${lab.child.pid!}`, '--user', '--net'];
    return {
      enter: [...this.dropPrivileges(), ...target, '--preserve-credentials', '--'],
      gatewayEnter: [
        ...this.dropPrivileges(),
        ...target,
        '--mount',
        '--preserve-credentials',
        '--',
      ],
    };
  }

  private liveCount() {
    let count = this.warmCount();
    for (const environment of this.environments.values())
      if (!environment.expired && !environment.lab.dead) count += 1;
    return count;
  }

  /** Frees a slot held by a warm lab (of any template) for an allocation. */
  private evictWarm() {
    for (const pool of this.warm.values()) {
      const lab = pool.shift();
      if (lab) {
        void this.kill(lab);
        return true;
      }
    }
    return false;
  }

  private live(envId: string) {
    const environment = this.environments.get(envId);
    if (environment) this.sweep(environment);
    if (!environment || environment.expired || environment.lab.dead)
      throw new ProviderError('NotFound', `no live environment ${envId}`);
    return environment;
  }

  /** Past its expiry a lab is stopped at once; the reconciler then releases its record. */
  private sweep(environment: Environment) {
    if (environment.expired || this.clock.now() < environment.expiresAt) return;
    environment.expired = true;
    void this.stop(environment);
  }

  private async stop(environment: Environment) {
    await Promise.all([...environment.consoles].map((session) => session.close()));
    // Not in the lab's pid namespace, the gateway would outlive its anchor: stopped first.
    await this.gateways.stop(environment.envId);
    await (await environment.relay?.catch(() => null))?.stop();
    await this.kill(environment.lab);
  }

  /**
   * SIGKILL to the anchor's unshare: `--kill-child` takes its pid 1 down, and with it every
   * process of the lab's pid namespace. Resolves once the anchor is gone.
   */
  private async kill(lab: Lab) {
    if (lab.child.exitCode === null && lab.child.signalCode === null) {
      const processes = this.processesOf(lab);
      const gone = new Promise((resolve) => lab.child.once('exit', resolve));
      lab.child.kill('SIGKILL');
      await gone;
      // The namespace's teardown follows its init's death asynchronously: wait for the last one.
      for (let attempt = 0; attempt < 300; attempt += 1) {
        if (!processes.some((pid) => fs.existsSync(`/proc/${pid}/cmdline`) && isAlive(pid))) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    lab.dead = true;
    lab.cgroups?.remove();
    fs.rmSync(lab.etcDir, { recursive: true, force: true });
  }

  private statusOf(environment: Environment): EnvironmentStatus {
    const { lab } = environment;
    const machines = lab.template.machines.map((machine, index) => {
      const state = lab.machines.get(machine.name);
      return {
        name: machine.name,
        address: machineAddress(index),
        ready: Boolean(state?.ready && state.exited === null && !lab.dead),
        ports: machine.ports.map((port) => port.port),
      };
    });
    const readyCount = machines.filter((machine) => machine.ready).length;
    const stopped = [...lab.machines.values()].filter((machine) => machine.exited !== null);
    const phase = environment.expired
      ? 'Released'
      : lab.dead
        ? 'Failed'
        : stopped.length > 0
          ? readyCount > 0
            ? 'Degraded'
            : 'Failed'
          : readyCount === machines.length
            ? 'Ready'
            : 'Provisioning';
    const message = environment.expired
      ? 'expired'
      : stopped.length > 0
        ? `stopped: ${stopped.map((machine) => `${machine.name} (exit ${machine.exited})`).join(', ')}`
        : lab.dead
          ? 'the lab stopped'
          : `${readyCount}/${machines.length} machines ready`;
    return {
      envId: environment.envId,
      phase,
      expiresAt: environment.expiresAt,
      machines,
      message,
      providerRef: lab.ref,
    };
  }
}
