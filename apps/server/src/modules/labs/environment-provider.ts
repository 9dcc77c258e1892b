import type { EnvironmentPhase, LabProviderKind, LabTemplate } from '@rampart/contracts';

/**
 * The infrastructure side of lab environments (docs/labs.md): providers make, report and remove
 * environments and open consoles on them. They hold no game policy: who may have an environment,
 * how many, for how long and what an error tells the player are the EnvironmentManager's.
 */

/** The template as a provider receives it: the mission's lab, named by the mission. */
export type ProviderTemplate = LabTemplate & { id: string };

export interface AllocateRequest {
  /** Chosen by the manager (the row's id): the provider derives its names from it. */
  envId: string;
  sessionUuid: string;
  teamUuid: string;
  template: ProviderTemplate;
  expiresAt: Date;
  labels?: Record<string, string>;
}

export type ProviderErrorCode =
  /** Pool empty, quota reached, unschedulable: "No environment available, try again later". */
  | 'NoCapacity'
  /** An optimistic-lock conflict: retried a few times, then treated as NoCapacity. */
  | 'Contention'
  | 'AlreadyExists'
  | 'NotFound'
  | 'InvalidTemplate'
  /** API down, sandbox binary missing: "Game connection error: contact the administrator". */
  | 'Unavailable'
  | 'Internal';

export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

export interface EnvironmentStatus {
  envId: string;
  phase: EnvironmentPhase;
  expiresAt: Date;
  machines: { name: string; address: string; ready: boolean; ports: number[] }[];
  /** "2/3 machines ready", the last failure… for trainers and logs, never for players. */
  message?: string;
  /** Namespace name, local lab id: what an operator finds it by. */
  providerRef: string;
}

export interface ConsoleSession {
  readonly id: string;
  write(data: Uint8Array | string): void;
  resize(cols: number, rows: number): void;
  /** Each returns its own unsubscribe. */
  onData(listener: (chunk: Uint8Array) => void): () => void;
  onExit(listener: (info: { code: number | null; reason?: string }) => void): () => void;
  close(): Promise<void>;
}

/**
 * The VPN side of an environment (docs/labs.md): the game keeps the keys and renders players'
 * profiles; the provider runs the lab's gateway with the team's key and lets players' keys in.
 */
export interface VpnGatewayKeys {
  privateKey: string;
  publicKey: string;
  /** The gateway's tunnel address with the tunnel's prefix, e.g. `10.201.0.1/24`. */
  address: string;
  /** The UDP port the gateway listens on, the port of the players' endpoint. */
  listenPort: number;
}

export interface VpnPeer {
  publicKey: string;
  /** The player's tunnel /32: the only source the gateway accepts from this key. */
  address: string;
}

export interface ProviderCapabilities {
  console: boolean;
  vpn: 'wireguard' | 'openvpn' | null;
  warmPool: boolean;
  /** The provider's own hard cap (a machine's size), beside the manager's configured ones. */
  maxConcurrent: number | null;
}

export type ReleaseReason = 'expired' | 'user' | 'trainer' | 'failed';

export interface EnvironmentProvider {
  readonly kind: LabProviderKind;
  capabilities(): ProviderCapabilities;
  /** Idempotent: the same envId twice gives the same environment. */
  allocate(request: AllocateRequest, signal?: AbortSignal): Promise<EnvironmentStatus>;
  /** Null when the provider has no such environment (never made, released, lost). */
  status(envId: string): Promise<EnvironmentStatus | null>;
  extend(envId: string, expiresAt: Date): Promise<EnvironmentStatus>;
  /** Idempotent: releasing a missing environment resolves. */
  release(envId: string, reason: ReleaseReason): Promise<void>;
  openConsole(
    envId: string,
    options: { machine?: string; cols: number; rows: number; participantId: string },
  ): Promise<ConsoleSession>;
  /**
   * Lets a player's key into the environment's gateway, starting the gateway with `gateway` on
   * first use; idempotent. Answers the lab's network, all that the player's tunnel carries, and
   * the UDP port players reach this gateway on when the provider forwards one per environment
   * (absent: the configured endpoint's port).
   */
  vpnAddPeer?(
    envId: string,
    gateway: VpnGatewayKeys,
    peer: VpnPeer,
  ): Promise<{ labCidr: string; endpointPort?: number }>;
  /** When each peer last completed a handshake with the gateway, by public key (absent: never). */
  vpnHandshakes?(envId: string): Promise<Map<string, Date>>;
  /** Everything this provider manages, so the reconciler can find orphans. */
  list(): Promise<EnvironmentStatus[]>;
  prewarm?(template: ProviderTemplate, count: number): Promise<number>;
  close(): Promise<void>;
}

/** Retried allocations that still meet contention count as no capacity (docs/labs.md). */
export const isCapacityError = (error: unknown) =>
  error instanceof ProviderError && (error.code === 'NoCapacity' || error.code === 'Contention');
