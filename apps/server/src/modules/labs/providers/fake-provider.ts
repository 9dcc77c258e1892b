import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../../../lib/clock.js';
import {
  ProviderError,
  type AllocateRequest,
  type ConsoleSession,
  type EnvironmentProvider,
  type EnvironmentStatus,
  type ProviderErrorCode,
  type ReleaseReason,
  type VpnGatewayKeys,
  type VpnPeer,
} from '../environment-provider.js';

type Operation =
  | 'allocate'
  | 'status'
  | 'extend'
  | 'release'
  | 'openConsole'
  | 'list'
  | 'vpnAddPeer'
  | 'vpnHandshakes';

interface FakeEnvironment {
  request: AllocateRequest;
  providerRef: string;
  readyAt: Date;
  expiresAt: Date;
  degraded?: boolean;
  /** The gateway as first started, and the peers let in (public key → /32). */
  vpn?: { gateway: VpnGatewayKeys; peers: Map<string, string>; handshakes: Map<string, Date> };
}

/** The fake lab's network: its machines are `.2` onwards (see statusOf). */
export const FAKE_LAB_CIDR = '10.13.0.0/24';

export interface FakeProviderOptions {
  clock?: Clock<Date>;
  /** Live environments it accepts at once (a machine's size); unlimited when null. */
  maxConcurrent?: number | null;
  /** How long an environment stays Provisioning, on the injected clock. */
  readyAfterMs?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A console that behaves like a line-buffered shell, enough for protocol and UI tests: it echoes
 * what is typed, runs `echo`, a one-argument `printf`, `id` (an unprivileged uid) and `stty size`
 * (its size), keeps `NAME=value` variables (expanded as `$NAME`: a reconnection test tells the
 * same shell by them), and exits on `exit`.
 */
export const fakeConsole = (initial: { cols: number; rows: number }): ConsoleSession => {
  const dataListeners = new Set<(chunk: Uint8Array) => void>();
  const exitListeners = new Set<(info: { code: number | null; reason?: string }) => void>();
  let size = { ...initial };
  let line = '';
  let exited = false;
  const variables = new Map<string, string>();
  const emit = (text: string) => {
    const chunk = encoder.encode(text);
    // Asynchronous like a real pty: a listener added right after write() still gets the answer.
    queueMicrotask(() => dataListeners.forEach((listener) => listener(chunk)));
  };
  const exit = (code: number | null, reason?: string) => {
    if (exited) return;
    exited = true;
    queueMicrotask(() =>
      exitListeners.forEach((listener) => listener(reason ? { code, reason } : { code })),
    );
  };
  const run = (typed: string) => {
    const assigned = /^([A-Za-z_]\w*)=(\S*)$/.exec(typed);
    if (assigned) return void variables.set(assigned[1]!, assigned[2]!);
    const command = typed.replace(
      /\$([A-Za-z_]\w*)/g,
      (_, name: string) => variables.get(name) ?? '',
    );
    if (command === 'exit') return exit(0);
    if (command === 'id') return emit('uid=1000(player) gid=1000(player) groups=1000(player)\r\n');
    if (command === 'stty size') return emit(`${size.rows} ${size.cols}\r\n`);
    const echoed = /^echo (.*)$/.exec(command);
    if (echoed) return emit(`${echoed[1]}\r\n`);
    const printed = /^printf '([^']*)' ?(.*)$/.exec(command);
    if (printed) return emit(printed[1]!.replace('%s', printed[2] ?? '').replace(/\\n/g, '\r\n'));
  };
  return {
    id: randomUUID(),
    write(data) {
      if (exited) return;
      const text = typeof data === 'string' ? data : decoder.decode(data);
      // A terminal's Enter is a carriage return: echoed as a new line, as a pty does.
      emit(text.replace(/\r\n|\r|\n/g, '\r\n'));
      for (const character of text) {
        if (character === '\n' || character === '\r') {
          run(line.trim());
          line = '';
        } else line += character;
      }
    },
    resize(cols, rows) {
      size = { cols, rows };
    },
    onData(listener) {
      dataListeners.add(listener);
      return () => dataListeners.delete(listener);
    },
    onExit(listener) {
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
    async close() {
      exit(null, 'closed');
    },
  };
};

/**
 * In-memory provider for game-logic and UI tests, deterministic on its injected clock, with
 * faults to inject: the next calls of an operation fail with a code, allocations take time,
 * the capacity changes, environments vanish (a restarted host) or appear (an orphan).
 */
export class FakeProvider implements EnvironmentProvider {
  readonly kind = 'fake' as const;
  private readonly environments = new Map<string, FakeEnvironment>();
  private readonly failures = new Map<Operation, ProviderErrorCode[]>();
  private readonly clock: Clock<Date>;
  private maxConcurrent: number | null;
  private readyAfterMs: number;
  private allocateDelayMs = 0;
  private allocationGate: { gate: Promise<void>; arrive: () => void } | null = null;
  private vpnEndpointPort: number | undefined;
  /** Every call made, in order: tests assert what the manager asked for. */
  readonly calls: { operation: Operation; envId?: string }[] = [];

  constructor(options: FakeProviderOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.maxConcurrent = options.maxConcurrent ?? null;
    this.readyAfterMs = options.readyAfterMs ?? 0;
  }

  // Fault injection --------------------------------------------------------------------------

  /** The next `times` calls of `operation` fail with `code`. */
  failNext(operation: Operation, code: ProviderErrorCode = 'Unavailable', times = 1) {
    const queue = this.failures.get(operation) ?? [];
    queue.push(...Array.from({ length: times }, () => code));
    this.failures.set(operation, queue);
  }

  /** Forgets the failures still queued. */
  clearFaults() {
    this.failures.clear();
  }

  setCapacity(maxConcurrent: number | null) {
    this.maxConcurrent = maxConcurrent;
  }

  /** Real time each allocation takes (an AbortSignal cuts it short). */
  setAllocateDelay(ms: number) {
    this.allocateDelayMs = ms;
  }

  /**
   * Allocations asked from now on wait until `letGo` is called; `reached` resolves when the first
   * of them is waiting (its row committed, Provisioning): a test acts while the provider is
   * making an environment, whatever the machine's pace.
   */
  holdAllocations() {
    let letGo!: () => void;
    let arrive!: () => void;
    const reached = new Promise<void>((resolve) => (arrive = resolve));
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    this.allocationGate = { gate, arrive };
    return {
      reached,
      letGo: () => {
        this.allocationGate = null;
        letGo();
      },
    };
  }

  setReadyAfter(ms: number) {
    this.readyAfterMs = ms;
  }

  /** A machine of the environment goes down (Degraded), or comes back. */
  setDegraded(envId: string, degraded: boolean) {
    const environment = this.environments.get(envId);
    if (environment) environment.degraded = degraded;
  }

  /**
   * A player's laptop completes a handshake with the environment's gateway (at the clock's
   * now): only a peer the gateway let in can; false otherwise.
   */
  vpnConnect(envId: string, publicKey: string) {
    const vpn = this.environments.get(envId)?.vpn;
    if (!vpn?.peers.has(publicKey)) return false;
    vpn.handshakes.set(publicKey, this.clock.now());
    return true;
  }

  /** Gateways reached on their own port (a provider forwarding one per environment), or not. */
  setVpnEndpointPort(port: number | undefined) {
    this.vpnEndpointPort = port;
  }

  /** The gateway's keys and peers of an environment, as a test inspects them. */
  vpnOf(envId: string) {
    return this.environments.get(envId)?.vpn;
  }

  /** The environment disappears without a release, as after a host restart. */
  drop(envId: string) {
    this.environments.delete(envId);
  }

  // The provider -----------------------------------------------------------------------------

  capabilities() {
    return {
      console: true,
      vpn: 'wireguard' as const,
      warmPool: false,
      maxConcurrent: this.maxConcurrent,
    };
  }

  async allocate(request: AllocateRequest, signal?: AbortSignal) {
    this.enter('allocate', request.envId);
    const existing = this.environments.get(request.envId);
    if (existing) return this.statusOf(request.envId, existing);
    if (this.maxConcurrent !== null && this.liveCount() >= this.maxConcurrent)
      throw new ProviderError('NoCapacity', 'the fake provider is full', 5000);
    if (this.allocateDelayMs > 0) await this.wait(this.allocateDelayMs, signal);
    if (this.allocationGate) {
      this.allocationGate.arrive();
      await this.allocationGate.gate;
    }
    // Another call for the same id may have finished while this one waited.
    const raced = this.environments.get(request.envId);
    if (raced) return this.statusOf(request.envId, raced);
    const now = this.clock.now();
    const environment: FakeEnvironment = {
      request,
      providerRef: `fake-${request.envId.slice(0, 8)}`,
      readyAt: new Date(now.getTime() + this.readyAfterMs),
      expiresAt: request.expiresAt,
    };
    this.environments.set(request.envId, environment);
    return this.statusOf(request.envId, environment);
  }

  async status(envId: string) {
    this.enter('status', envId);
    const environment = this.environments.get(envId);
    return environment ? this.statusOf(envId, environment) : null;
  }

  async extend(envId: string, expiresAt: Date) {
    this.enter('extend', envId);
    const environment = this.liveEnvironment(envId);
    environment.expiresAt = expiresAt;
    return this.statusOf(envId, environment);
  }

  async release(envId: string, _reason: ReleaseReason) {
    this.enter('release', envId);
    this.environments.delete(envId);
  }

  async openConsole(envId: string, options: { cols: number; rows: number }) {
    this.enter('openConsole', envId);
    this.liveEnvironment(envId);
    return fakeConsole(options);
  }

  async vpnAddPeer(envId: string, gateway: VpnGatewayKeys, peer: VpnPeer) {
    this.enter('vpnAddPeer', envId);
    const environment = this.liveEnvironment(envId);
    // As a real gateway: started once with the first keys it is given, then only peers change.
    environment.vpn ??= { gateway, peers: new Map(), handshakes: new Map() };
    environment.vpn.peers.set(peer.publicKey, peer.address);
    return this.vpnEndpointPort === undefined
      ? { labCidr: FAKE_LAB_CIDR }
      : { labCidr: FAKE_LAB_CIDR, endpointPort: this.vpnEndpointPort };
  }

  async vpnHandshakes(envId: string) {
    this.enter('vpnHandshakes', envId);
    return new Map(this.liveEnvironment(envId).vpn?.handshakes ?? []);
  }

  async list() {
    this.enter('list');
    return [...this.environments].map(([envId, environment]) => this.statusOf(envId, environment));
  }

  async close() {
    this.environments.clear();
  }

  // ------------------------------------------------------------------------------------------

  private enter(operation: Operation, envId?: string) {
    this.calls.push(envId === undefined ? { operation } : { operation, envId });
    const code = this.failures.get(operation)?.shift();
    if (code) throw new ProviderError(code, `injected ${operation} failure`);
  }

  private expired(environment: FakeEnvironment) {
    return this.clock.now() >= environment.expiresAt;
  }

  /** An expired environment no longer counts against capacity, as a provider's own sweep. */
  private liveCount() {
    return [...this.environments.values()].filter((environment) => !this.expired(environment))
      .length;
  }

  private liveEnvironment(envId: string) {
    const environment = this.environments.get(envId);
    if (!environment || this.expired(environment))
      throw new ProviderError('NotFound', `no live environment ${envId}`);
    return environment;
  }

  private statusOf(envId: string, environment: FakeEnvironment): EnvironmentStatus {
    const now = this.clock.now();
    const phase = this.expired(environment)
      ? 'Released'
      : now < environment.readyAt
        ? 'Provisioning'
        : environment.degraded
          ? 'Degraded'
          : 'Ready';
    const ready = phase === 'Ready';
    return {
      envId,
      phase,
      expiresAt: environment.expiresAt,
      providerRef: environment.providerRef,
      machines: environment.request.template.machines.map((machine, index) => ({
        name: machine.name,
        address: `10.13.0.${index + 2}`,
        // Degraded: the first machine is the one down.
        ready: ready || (phase === 'Degraded' && index > 0),
        ports: machine.ports.map((port) => port.port),
      })),
      ...(phase === 'Released' ? { message: 'expired' } : {}),
    };
  }

  private wait(ms: number, signal?: AbortSignal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new ProviderError('Unavailable', 'allocation aborted'));
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new ProviderError('Unavailable', 'allocation aborted'));
        },
        { once: true },
      );
    });
  }
}
