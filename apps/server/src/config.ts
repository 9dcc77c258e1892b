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
  TRUST_PROXY: list.default([]),
  ALLOWED_ORIGINS: list.default([]),
  BODY_LIMIT_BYTES: integer(1024, 64 * 1024 * 1024).default(1024 * 1024),
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HSTS: booleanFlag.default(false),
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
  trustProxy: string[];
  allowedOrigins: string[];
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  logLevel: string;
  hsts: boolean;
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
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.resolve(e.PGLITE_DIR) },
    app: { name: e.APP_NAME, mentions: e.APP_MENTIONS ?? null, goHomeEnabled: e.GO_HOME_ENABLED },
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    hsts: e.HSTS,
  };
};
