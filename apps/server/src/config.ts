import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseSecretKey } from './lib/secret-box.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** `key=value,key=value`: the labels a Kubernetes selector matches. */
const labelSelector = z
  .string()
  .regex(/^[A-Za-z0-9./_-]+=[A-Za-z0-9._-]*(,[A-Za-z0-9./_-]+=[A-Za-z0-9._-]*)*$/, {
    error: 'must be labels as key=value,key=value',
  })
  .transform((value) =>
    Object.fromEntries(value.split(',').map((term) => term.split('=') as [string, string])),
  );

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every setting comes from the environment; docs/configuration.md documents each one. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: integer(0, 65535).default(3000),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: integer(1, 1000).default(20),
  SECRET_KEY: z
    .string()
    .refine(
      (value) => {
        try {
          parseSecretKey(value);
          return true;
        } catch {
          return false;
        }
      },
      {
        error: 'must be 32 random bytes in base64 or hex (make one with `openssl rand -base64 32`)',
      },
    )
    .optional(),
  PGLITE_DIR: z.string().min(1).default('./data'),
  APP_NAME: z.string().trim().min(1).max(80).default('Rampart'),
  APP_MENTIONS: z.string().trim().max(2000).optional(),
  GO_HOME_ENABLED: booleanFlag.default(true),
  WEB_DIST: z.string().min(1).default(path.join(repositoryRoot, 'apps/web/dist')),
  CONTENT_DIR: z.string().min(1).default(path.join(repositoryRoot, 'content')),
  TRUST_PROXY: list.default([]),
  ALLOWED_ORIGINS: list.default([]),
  BODY_LIMIT_BYTES: integer(1024, 64 * 1024 * 1024).default(2 * 1024 * 1024),
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000).default(10_000),
  SHUTDOWN_DRAIN_MS: integer(0, 600_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HSTS: booleanFlag.default(false),
  CROSS_ORIGIN_COOKIES: booleanFlag.default(false),
  IDLE_TIMEOUT_MINUTES: integer(1, 7 * 24 * 60).default(30),
  SESSION_MAX_AGE_DAYS: integer(1, 365).default(30),
  SESSION_CACHE_SECONDS: integer(0, 60).default(5),
  LOGIN_WINDOW_SECONDS: integer(1, 24 * 3600).default(900),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: integer(1, 10_000).default(10),
  LOGIN_MAX_FAILURES_PER_IP: integer(1, 100_000).default(200),
  LOGIN_ACCOUNT_WINDOW_SECONDS: integer(1, 24 * 3600).default(3600),
  LOGIN_ACCOUNT_FAILURES_BEFORE_DELAY: integer(0, 100_000).default(50),
  LOGIN_ACCOUNT_DELAY_SECONDS: integer(1, 3600).default(60),
  ANSWERS_PER_MINUTE: integer(1, 1_000_000).default(30),
  CHAT_MESSAGES_PER_MINUTE: integer(1, 1_000_000).default(40),
  PLAYER_SESSIONS_PER_HOUR: integer(1, 100_000).default(5),
  MAGIC_LINKS_ENABLED: booleanFlag.default(true),
  MAGIC_LINK_TTL_MINUTES: integer(1, 7 * 24 * 60).default(15),
  SEED_DEMO_ACCOUNTS: booleanFlag.optional(),
  SSE_HEARTBEAT_SECONDS: integer(1, 300).default(15),
  SSE_MAX_STREAMS_PER_USER: integer(1, 100_000).default(10),
  PRESENCE_RENEW_SECONDS: integer(1, 300).default(15),
  PRESENCE_TTL_SECONDS: integer(2, 900).default(40),
  LAB_PROVIDER: z.enum(['fake', 'local', 'kubernetes']).default('fake'),
  LAB_MAX_ENVIRONMENTS: integer(0, 100_000).default(20),
  LAB_MAX_ENVIRONMENTS_PER_SESSION: integer(0, 10_000).default(20),
  LAB_MAX_EXTENSIONS: integer(0, 100).default(2),
  LAB_RECONCILE_SECONDS: integer(1, 3600).default(20),
  LAB_RETRY_AFTER_SECONDS: integer(1, 3600).default(30),
  LAB_ALLOCATIONS_PER_TEAM_PER_MINUTE: integer(1, 10_000).default(6),
  LAB_CONSOLES_PER_TEAM: integer(1, 100).default(8),
  LAB_CONSOLE_IDLE_SECONDS: integer(1, 86_400).default(1800),
  LAB_CONSOLE_GRACE_SECONDS: integer(1, 3600).default(60),
  LAB_K8S_KUBECONFIG: z.string().min(1).optional(),
  LAB_K8S_IN_CLUSTER: booleanFlag.default(false),
  LAB_K8S_NAMESPACE_PREFIX: z
    .string()
    .regex(/^[a-z]([-a-z0-9]{0,18}[a-z0-9])?$/, {
      error: 'must be 1 to 20 lower-case letters, digits or "-" (a DNS label prefix)',
    })
    .default('rampart-lab'),
  LAB_K8S_VPN_GATEWAY_NAMESPACE_SELECTOR: labelSelector.prefault(
    'kubernetes.io/metadata.name=rampart-vpn',
  ),
  LAB_K8S_VPN_GATEWAY_POD_SELECTOR: labelSelector.prefault(
    'app.kubernetes.io/name=rampart-vpn-gateway',
  ),
  LAB_K8S_VPN_CIDR: z.cidrv4({ error: 'must be an IPv4 CIDR, e.g. 10.200.0.0/16' }).optional(),
  LAB_K8S_RUNTIME_CLASS: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9.]{0,61}[a-z0-9])?$/, { error: 'must be a RuntimeClass name' })
    .optional(),
  /** Where players' laptops reach the labs' WireGuard gateways: `host:port` (UDP). */
  LAB_VPN_ENDPOINT: z
    .string()
    .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):([1-9]\d{0,4})$/, {
      error: 'must be host:port, e.g. vpn.example.org:51820',
    })
    .refine((value) => Number(value.slice(value.lastIndexOf(':') + 1)) <= 65535, {
      error: 'the port must be at most 65535',
    })
    .default('localhost:51820'),
  LAB_LOCAL_MAX_LABS: integer(1, 1000).default(8),
  LAB_LOCAL_ROOTFS: list.default([]),
  ALLOW_LOCAL_PROVIDER: booleanFlag.default(false),
  LAB_ALLOCATE_AT_START: booleanFlag.default(true),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(255).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(1024).optional(),
  OIDC_SCOPES: z.string().trim().min(1).default('openid profile email'),
  OIDC_USERNAME_CLAIM: z.string().trim().min(1).default('preferred_username'),
  OIDC_TRAINER_CLAIM: z.string().trim().min(1).optional(),
  OIDC_TRAINER_VALUES: list.default([]),
  OIDC_CREATE_ACCOUNTS: booleanFlag.default(true),
  OIDC_LABEL: z.string().trim().min(1).max(60).default('SSO'),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, {
      error: 'must be 16 to 512 printable characters without spaces',
    })
    .optional(),
  METRICS_PORT: integer(1, 65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  EVENT_RETENTION_DAYS: integer(0, 36_500).default(90),
  PGLITE_VACUUM_HOURS: integer(0, 24 * 365).default(24),
});

export type Environment = z.input<typeof environmentSchema>;

/**
 * The server's settings, as `loadConfig` builds them from the environment: the type follows the
 * mapping below, so a setting is declared twice (its variable and where it lands), not three times.
 */
export type Config = ReturnType<typeof loadConfig>;
export type OidcConfig = NonNullable<ReturnType<typeof oidcConfig>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration; throws a ConfigError that names every bad variable. */
export const loadConfig = (environment: NodeJS.ProcessEnv = process.env) => {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const given = present[name];
        // Secrets are never echoed back into a log.
        const secret = name === 'DATABASE_URL' || name === 'SECRET_KEY' || name === 'METRICS_TOKEN';
        const shown = secret || given === undefined ? '' : ` (got "${given}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  if (e.PRESENCE_TTL_SECONDS <= e.PRESENCE_RENEW_SECONDS) {
    // Renewed rows would expire before their renewal: players would flicker offline.
    throw new ConfigError([
      `PRESENCE_TTL_SECONDS must exceed PRESENCE_RENEW_SECONDS (got ${e.PRESENCE_TTL_SECONDS} and ${e.PRESENCE_RENEW_SECONDS})`,
    ]);
  }
  if (e.DATABASE_URL && !e.SECRET_KEY) {
    // Every node seals and opens the labs' VPN keys with it: a key made by one node alone
    // would leave the others unable to read them, and would be lost with that node's disk.
    throw new ConfigError([
      'SECRET_KEY is required with DATABASE_URL: give every node the same one (make it with `openssl rand -base64 32`)',
    ]);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError([
      `METRICS_PORT must differ from PORT (got ${e.METRICS_PORT} for both): the metrics listener is a second one`,
    ]);
  }
  if (e.LAB_PROVIDER === 'kubernetes') checkKubernetesAccess(e);
  if (e.LAB_PROVIDER === 'local' && e.NODE_ENV === 'production' && !e.ALLOW_LOCAL_PROVIDER) {
    // Sandboxes share this machine's kernel (docs/labs.md): fine for development, demos and
    // small trusted classes, never a silent choice for a deployment open to anyone.
    throw new ConfigError([
      'LAB_PROVIDER "local" runs labs on this machine\'s own kernel: refused when NODE_ENV is production unless ALLOW_LOCAL_PROVIDER=1',
    ]);
  }
  const rootFilesystems = localRootFilesystems(e.LAB_LOCAL_ROOTFS, [
    repositoryRoot,
    path.resolve(e.PGLITE_DIR),
  ]);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite' as const, dataDir: path.resolve(e.PGLITE_DIR) },
    /**
     * The key that seals secrets at rest (the labs' WireGuard private keys): required on
     * PostgreSQL; on the embedded database, null means the data directory's own key file.
     */
    secretKey: e.SECRET_KEY ?? null,
    app: { name: e.APP_NAME, mentions: e.APP_MENTIONS ?? null, goHomeEnabled: e.GO_HOME_ENABLED },
    webDist: e.WEB_DIST as string | null,
    /** The content packs loaded on an empty database when demo seeding is on. */
    contentDir: path.resolve(e.CONTENT_DIR),
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    /**
     * On a graceful stop, how long the node keeps serving with its health check failing before it
     * closes, for a load balancer to stop sending it requests (default: 5 s on PostgreSQL, where
     * nodes sit behind one; 0 on the embedded database).
     */
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.DATABASE_URL ? 5000 : 0),
    logLevel: e.LOG_LEVEL as string,
    hsts: e.HSTS,
    auth: {
      /** Cookies for a front end on another origin: SameSite=None; Secure. */
      crossOriginCookies: e.CROSS_ORIGIN_COOKIES,
      idleTimeoutMinutes: e.IDLE_TIMEOUT_MINUTES,
      sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
      /** How long a node trusts a session it looked up: a revocation elsewhere takes at most this. */
      sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
      /** Password guessing (login, bearer tokens, password change); see login-throttle.ts. */
      loginThrottle: {
        /** Window of the two refusing limits below. */
        windowSeconds: e.LOGIN_WINDOW_SECONDS,
        /** Failures on one account from one address before that pair is refused. */
        maxFailuresPerAccountAndIp: e.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
        /** Failures from one address before it is refused on accounts never signed in from it. */
        maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
        /** Window of the account's failures from everywhere. */
        accountWindowSeconds: e.LOGIN_ACCOUNT_WINDOW_SECONDS,
        /** Failures on an account from everywhere before strangers are slowed down. */
        accountFailuresBeforeDelay: e.LOGIN_ACCOUNT_FAILURES_BEFORE_DELAY,
        /** Past that, strangers get one attempt on the account per this many seconds. */
        accountDelaySeconds: e.LOGIN_ACCOUNT_DELAY_SECONDS,
      },
      magicLinksEnabled: e.MAGIC_LINKS_ENABLED,
      magicLinkTtlMinutes: e.MAGIC_LINK_TTL_MINUTES,
      /** Sign-in through the organisation's OpenID provider; null when not configured. */
      oidc: oidcConfig(e),
    },
    /**
     * Create the demo accounts on an empty database, and load the demo content (CONTENT_DIR) when
     * there is no chapter yet (default: embedded mode only).
     */
    seedDemoAccounts: e.SEED_DEMO_ACCOUNTS ?? !e.DATABASE_URL,
    play: {
      /** Answers one team may submit to one objective per minute (brute force; attempts cap too). */
      answersPerMinute: e.ANSWERS_PER_MINUTE,
    },
    chat: {
      /** Chat and support messages one account may post per minute (429 `chat.rate_limited`). */
      messagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
    },
    sessions: {
      /** Sessions one player may create per hour (429 `session.rate_limited`). */
      playerSessionsPerHour: e.PLAYER_SESSIONS_PER_HOUR,
    },
    realtime: {
      /** A comment line on every open event stream this often, so proxies keep it open. */
      heartbeatSeconds: e.SSE_HEARTBEAT_SECONDS,
      /** Event streams one account may hold open on one node at once. */
      maxStreamsPerUser: e.SSE_MAX_STREAMS_PER_USER,
      /** How often a node renews the presence of the players whose streams it holds. */
      presenceRenewSeconds: e.PRESENCE_RENEW_SECONDS,
      /** How long a presence stays valid unrenewed: past it, a stopped node's players are offline. */
      presenceTtlSeconds: e.PRESENCE_TTL_SECONDS,
    },
    labs: {
      /**
       * Which infrastructure runs lab environments: `fake` (in memory, nothing runs), `local`
       * (bubblewrap sandboxes on this machine) or `kubernetes` (a namespace per environment).
       */
      provider: e.LAB_PROVIDER,
      /** Live environments on this deployment, and in one session (503 `lab.no_capacity` past). */
      maxEnvironments: e.LAB_MAX_ENVIRONMENTS,
      maxEnvironmentsPerSession: e.LAB_MAX_ENVIRONMENTS_PER_SESSION,
      /** Extensions one environment may get (its template's max lifetime caps them too). */
      maxExtensions: e.LAB_MAX_EXTENSIONS,
      /** How often the reconciler releases expired, stuck and orphaned environments. */
      reconcileSeconds: e.LAB_RECONCILE_SECONDS,
      /** The Retry-After of a `lab.no_capacity` answer. */
      retryAfterSeconds: e.LAB_RETRY_AFTER_SECONDS,
      /** Whether a session's start allocates every team's environment (else: on first use). */
      allocateAtStart: e.LAB_ALLOCATE_AT_START,
      /**
       * Allocations one team may ask for per minute when it has no live environment (a live one
       * is answered without counting): bounds a team hammering a failing provider.
       */
      allocationsPerTeamPerMinute: e.LAB_ALLOCATIONS_PER_TEAM_PER_MINUTE,
      /**
       * The console WebSocket: shells a team may hold at once (open or kept for a reconnect), the
       * silence after which a shell is ended, and how long a dropped connection's shell is kept
       * for the same player to re-attach.
       */
      console: {
        perTeam: e.LAB_CONSOLES_PER_TEAM,
        idleSeconds: e.LAB_CONSOLE_IDLE_SECONDS,
        graceSeconds: e.LAB_CONSOLE_GRACE_SECONDS,
      },
      /** With `provider: 'kubernetes'` only: the cluster and what the lab manifests depend on. */
      ...(e.LAB_PROVIDER === 'kubernetes'
        ? {
            kubernetes: {
              /** A kubeconfig file, or null with `inCluster` (the pod's service account). */
              kubeconfig: e.LAB_K8S_KUBECONFIG ? path.resolve(e.LAB_K8S_KUBECONFIG) : null,
              inCluster: e.LAB_K8S_IN_CLUSTER,
              namespacePrefix: e.LAB_K8S_NAMESPACE_PREFIX,
              vpnGateway: {
                namespaceSelector: e.LAB_K8S_VPN_GATEWAY_NAMESPACE_SELECTOR,
                podSelector: e.LAB_K8S_VPN_GATEWAY_POD_SELECTOR,
                cidr: e.LAB_K8S_VPN_CIDR ?? null,
              },
              runtimeClassName: e.LAB_K8S_RUNTIME_CLASS ?? null,
            },
          }
        : {}),
      /** The VPN tab: the endpoint written in players' profiles, and its port, the gateways'. */
      vpn: {
        endpoint: e.LAB_VPN_ENDPOINT,
        listenPort: Number(e.LAB_VPN_ENDPOINT.slice(e.LAB_VPN_ENDPOINT.lastIndexOf(':') + 1)),
      },
      /**
       * The local provider: labs this machine runs at once (warm ones included), and root
       * filesystems a template's `image` may name besides `debian` (the host's own /usr).
       */
      local: { maxLabs: e.LAB_LOCAL_MAX_LABS, rootFilesystems },
    },
    /**
     * `GET /metrics` (Prometheus): served only when a token or a port of its own is configured.
     * With `port`, on a listener of its own at `host` (loopback by default) and not on the main
     * port; with `token`, only to `Authorization: Bearer <token>` (on whichever port serves it).
     */
    metrics: {
      token: e.METRICS_TOKEN ?? null,
      port: e.METRICS_PORT ?? null,
      host: e.METRICS_HOST,
    },
    retention: {
      /** Days after a session is over before its event log is pruned; 0 keeps it for ever. */
      eventDays: e.EVENT_RETENTION_DAYS,
      /** How often the embedded database is vacuumed, in hours; 0 never (PostgreSQL: autovacuum). */
      vacuumHours: e.PGLITE_VACUUM_HOURS,
    },
  };
};

/**
 * The identity provider's settings, all or nothing: an issuer without its client (or the
 * reverse) is a mistake refused at start-up, not a silently missing button. Plain HTTP is for a
 * provider on this machine only (tests, development): tokens never cross a network in clear.
 */
const oidcConfig = (e: z.output<typeof environmentSchema>) => {
  const given = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (given.every((value) => value === undefined)) return null;
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)
    throw new ConfigError([
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three, or none',
    ]);
  const issuer = new URL(e.OIDC_ISSUER);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  if (issuer.protocol === 'http:' && !loopback)
    throw new ConfigError([`OIDC_ISSUER must be an https:// URL (got "${e.OIDC_ISSUER}")`]);
  if (!e.OIDC_SCOPES.split(/\s+/).includes('openid'))
    throw new ConfigError([`OIDC_SCOPES must include openid (got "${e.OIDC_SCOPES}")`]);
  if (e.OIDC_TRAINER_CLAIM && e.OIDC_TRAINER_VALUES.length === 0)
    throw new ConfigError([
      'OIDC_TRAINER_CLAIM needs OIDC_TRAINER_VALUES: the values that make a trainer',
    ]);
  return {
    /** Discovered at `<issuer>/.well-known/openid-configuration`. */
    issuer,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    scopes: e.OIDC_SCOPES,
    /** The ID token or UserInfo claim whose value becomes a new account's username. */
    usernameClaim: e.OIDC_USERNAME_CLAIM,
    /**
     * The claim (a string or a list) and the values of it that make someone a trainer: without
     * them, nobody signs in to the trainer interface through the provider.
     */
    trainerClaim: e.OIDC_TRAINER_CLAIM ?? null,
    trainerValues: e.OIDC_TRAINER_VALUES,
    /** Whether someone unknown gets an account at first sign-in (a trainer only by the claim). */
    createAccounts: e.OIDC_CREATE_ACCOUNTS,
    /** The login pages' button: "Sign in with <label>". */
    label: e.OIDC_LABEL,
  };
};

/** Where the pod's service account is mounted when the server runs in the cluster. */
const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/** The Kubernetes provider needs credentials for its cluster: refused at start-up without them. */
const checkKubernetesAccess = (e: z.output<typeof environmentSchema>) => {
  if (e.LAB_K8S_IN_CLUSTER) {
    if (!existsSync(IN_CLUSTER_TOKEN))
      throw new ConfigError([
        `LAB_K8S_IN_CLUSTER is set but there is no service account token at ${IN_CLUSTER_TOKEN}: is the server running in a pod?`,
      ]);
    return;
  }
  if (!e.LAB_K8S_KUBECONFIG)
    throw new ConfigError([
      'LAB_PROVIDER "kubernetes" needs the cluster: set LAB_K8S_KUBECONFIG to a kubeconfig file, or LAB_K8S_IN_CLUSTER=true in a pod',
    ]);
  if (!existsSync(e.LAB_K8S_KUBECONFIG))
    throw new ConfigError([`LAB_K8S_KUBECONFIG names no file (got "${e.LAB_K8S_KUBECONFIG}")`]);
};

/**
 * `LAB_LOCAL_ROOTFS`: `id=/absolute/dir` items, each directory's `usr` becoming a machine's
 * read-only /usr. None may lie in the repository or the data dir, whose files players must never
 * read.
 */
const localRootFilesystems = (items: string[], forbidden: string[]) => {
  const rootFilesystems: Record<string, string> = { debian: '/' };
  const problems: string[] = [];
  for (const item of items) {
    const match = /^([A-Za-z0-9][A-Za-z0-9._/:@-]*)=(\/.*)$/.exec(item);
    const dir = match ? path.resolve(match[2]!) : '';
    if (!match) problems.push(`LAB_LOCAL_ROOTFS items must be id=/absolute/dir (got "${item}")`);
    else if (forbidden.some((place) => dir === place || dir.startsWith(`${place}/`)))
      problems.push(`LAB_LOCAL_ROOTFS "${match[1]}" may not lie in the repository or the data dir`);
    else rootFilesystems[match[1]!] = dir;
  }
  if (problems.length) throw new ConfigError(problems);
  return rootFilesystems;
};
