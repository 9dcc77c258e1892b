import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every setting comes from the environment; README.md documents each one. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: integer(0, 65535).default(3000),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: integer(1, 1000).default(20),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HSTS: booleanFlag.default(false),
  CROSS_ORIGIN_COOKIES: booleanFlag.default(false),
  IDLE_TIMEOUT_MINUTES: integer(1, 7 * 24 * 60).default(30),
  SESSION_MAX_AGE_DAYS: integer(1, 365).default(30),
  SESSION_CACHE_SECONDS: integer(0, 60).default(5),
  LOGIN_WINDOW_SECONDS: integer(1, 24 * 3600).default(900),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: integer(1, 10_000).default(10),
  LOGIN_MAX_FAILURES_PER_IP: integer(1, 100_000).default(50),
  ANSWERS_PER_MINUTE: integer(1, 1_000_000).default(30),
  CHAT_MESSAGES_PER_MINUTE: integer(1, 1_000_000).default(40),
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
  LAB_ALLOCATE_AT_START: booleanFlag.default(true),
});

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database:
    { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  app: { name: string; mentions: string | null; goHomeEnabled: boolean };
  webDist: string | null;
  /** The content packs loaded on an empty database when demo seeding is on. */
  contentDir: string;
  trustProxy: string[];
  allowedOrigins: string[];
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  logLevel: string;
  hsts: boolean;
  auth: {
    /** Cookies for a front end on another origin: SameSite=None; Secure. */
    crossOriginCookies: boolean;
    idleTimeoutMinutes: number;
    sessionMaxAgeDays: number;
    /** How long a node trusts a session it looked up: a revocation elsewhere takes at most this. */
    sessionCacheSeconds: number;
    loginWindowSeconds: number;
    loginMaxFailuresPerAccount: number;
    loginMaxFailuresPerIp: number;
    magicLinksEnabled: boolean;
    magicLinkTtlMinutes: number;
  };
  /**
   * Create the demo accounts on an empty database, and load the demo content (CONTENT_DIR) when
   * there is no chapter yet (default: embedded mode only).
   */
  seedDemoAccounts: boolean;
  play: {
    /** Answers one team may submit to one objective per minute (brute force; attempts cap too). */
    answersPerMinute: number;
  };
  chat: {
    /** Chat and support messages one account may post per minute (429 `chat.rate_limited`). */
    messagesPerMinute: number;
  };
  realtime: {
    /** A comment line on every open event stream this often, so proxies keep it open. */
    heartbeatSeconds: number;
    /** Event streams one account may hold open on one node at once. */
    maxStreamsPerUser: number;
    /** How often a node renews the presence of the players whose streams it holds. */
    presenceRenewSeconds: number;
    /** How long a presence stays valid unrenewed: past it, a stopped node's players are offline. */
    presenceTtlSeconds: number;
  };
  labs: {
    /**
     * Which infrastructure runs lab environments. Only `fake` (in memory, nothing runs) exists
     * yet; `local` (bubblewrap sandboxes) and `kubernetes` are planned and refused until then.
     */
    provider: 'fake';
    /** Live environments on this deployment, and in one session (503 `lab.no_capacity` past). */
    maxEnvironments: number;
    maxEnvironmentsPerSession: number;
    /** Extensions one environment may get (its template's max lifetime caps them too). */
    maxExtensions: number;
    /** How often the reconciler releases expired, stuck and orphaned environments. */
    reconcileSeconds: number;
    /** The Retry-After of a `lab.no_capacity` answer. */
    retryAfterSeconds: number;
    /** Whether a session's start allocates every team's environment (else: on first use). */
    allocateAtStart: boolean;
    /**
     * Allocations one team may ask for per minute when it has no live environment (a live one
     * is answered without counting): bounds a team hammering a failing provider.
     */
    allocationsPerTeamPerMinute: number;
    /**
     * The console WebSocket: shells a team may hold at once (open or kept for a reconnect), the
     * silence after which a shell is ended, and how long a dropped connection's shell is kept
     * for the same player to re-attach.
     */
    console: { perTeam: number; idleSeconds: number; graceSeconds: number };
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration; throws a ConfigError that names every bad variable. */
export const loadConfig = (environment: NodeJS.ProcessEnv = process.env): Config => {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const given = present[name];
        const shown = name === 'DATABASE_URL' || given === undefined ? '' : ` (got "${given}")`;
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
  if (e.LAB_PROVIDER !== 'fake') {
    throw new ConfigError([
      `LAB_PROVIDER "${e.LAB_PROVIDER}" is not available yet: only "fake" is (the local and kubernetes providers are planned)`,
    ]);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.resolve(e.PGLITE_DIR) },
    app: { name: e.APP_NAME, mentions: e.APP_MENTIONS ?? null, goHomeEnabled: e.GO_HOME_ENABLED },
    webDist: e.WEB_DIST,
    contentDir: path.resolve(e.CONTENT_DIR),
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    hsts: e.HSTS,
    auth: {
      crossOriginCookies: e.CROSS_ORIGIN_COOKIES,
      idleTimeoutMinutes: e.IDLE_TIMEOUT_MINUTES,
      sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
      sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
      loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
      loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      magicLinksEnabled: e.MAGIC_LINKS_ENABLED,
      magicLinkTtlMinutes: e.MAGIC_LINK_TTL_MINUTES,
    },
    seedDemoAccounts: e.SEED_DEMO_ACCOUNTS ?? !e.DATABASE_URL,
    play: { answersPerMinute: e.ANSWERS_PER_MINUTE },
    chat: { messagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE },
    realtime: {
      heartbeatSeconds: e.SSE_HEARTBEAT_SECONDS,
      maxStreamsPerUser: e.SSE_MAX_STREAMS_PER_USER,
      presenceRenewSeconds: e.PRESENCE_RENEW_SECONDS,
      presenceTtlSeconds: e.PRESENCE_TTL_SECONDS,
    },
    labs: {
      provider: e.LAB_PROVIDER,
      maxEnvironments: e.LAB_MAX_ENVIRONMENTS,
      maxEnvironmentsPerSession: e.LAB_MAX_ENVIRONMENTS_PER_SESSION,
      maxExtensions: e.LAB_MAX_EXTENSIONS,
      reconcileSeconds: e.LAB_RECONCILE_SECONDS,
      retryAfterSeconds: e.LAB_RETRY_AFTER_SECONDS,
      allocateAtStart: e.LAB_ALLOCATE_AT_START,
      allocationsPerTeamPerMinute: e.LAB_ALLOCATIONS_PER_TEAM_PER_MINUTE,
      console: {
        perTeam: e.LAB_CONSOLES_PER_TEAM,
        idleSeconds: e.LAB_CONSOLE_IDLE_SECONDS,
        graceSeconds: e.LAB_CONSOLE_GRACE_SECONDS,
      },
    },
  };
};
