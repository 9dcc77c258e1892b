import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config.js';
import {
  composeNginxConfigPath,
  composeNginxOptions,
  readCompose,
  renderNginxConfig,
} from '../cluster/nginx-config.mjs';

/**
 * deploy/compose.yaml, for those who run the cluster with compose: no container engine runs it
 * here, so it is read as compose would read it and checked against the nginx template
 * `npm run cluster` uses (which its own test runs for real), against nginx itself and against
 * Rampart's configuration.
 */

interface Service {
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  networks?: { rampart: { ipv4_address: string } };
  stop_grace_period?: string;
}
interface Compose {
  services: Record<string, Service>;
  networks: { rampart: { ipam: { config: { subnet: string }[] } } };
}

const compose = (await readCompose()) as Compose;
const nodes = Object.entries(compose.services).filter(([name]) => /^rampart-\d+$/.test(name));

/** Compose's `${NAME:-default}` as compose fills it with NAME unset; `${NAME:?…}` as given. */
const interpolate = (value: string, given: Record<string, string>) =>
  value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind, rest: string) => {
    if (given[name] !== undefined) return given[name];
    if (kind === '-') return rest;
    throw new Error(`${name} must be set: ${rest}`);
  });

const seconds = (duration: string) => {
  const match = /^(\d+)s$/.exec(duration);
  if (!match) throw new Error(`not a duration in seconds: ${duration}`);
  return Number(match[1]);
};

describe('the compose file', () => {
  it('runs PostgreSQL, two Rampart nodes from the Containerfile and nginx', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'nginx',
      'postgres',
      'rampart-1',
      'rampart-2',
    ]);
    for (const [name, service] of nodes) {
      expect(service.build, name).toEqual({ context: '..', dockerfile: 'Containerfile' });
      // The context is the repository's root, seen from deploy/.
      expect(path.resolve('deploy', service.build!.context)).toBe(process.cwd());
    }
  });

  it('gives nginx the configuration the cluster script renders, for its nodes', () => {
    const mounted = compose.services.nginx!.volumes!.find((volume) =>
      volume.endsWith(':/etc/nginx/nginx.conf:ro'),
    );
    expect(mounted).toBeDefined();
    expect(path.resolve('deploy', mounted!.split(':')[0]!)).toBe(composeNginxConfigPath.pathname);
    const rendered = renderNginxConfig(composeNginxOptions(compose));
    expect(
      fs.readFileSync(composeNginxConfigPath, 'utf8'),
      'deploy/compose/nginx.conf is stale: run node deploy/cluster/nginx-config.mjs',
    ).toBe(rendered);
    for (const [, service] of nodes)
      expect(rendered).toContain(
        `server ${service.networks!.rampart.ipv4_address}:${service.environment!.PORT} max_fails=`,
      );
    expect(compose.services.nginx!.ports).toEqual([
      `${composeNginxOptions(compose).listen}:${composeNginxOptions(compose).listen}`,
    ]);
  });

  it.runIf(fs.existsSync('/usr/sbin/nginx'))('has an nginx configuration nginx accepts', () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-compose-nginx-'));
    try {
      // The container's paths, moved to a directory of the test's own.
      const config = fs
        .readFileSync(composeNginxConfigPath, 'utf8')
        .replaceAll('/var/cache/nginx', directory)
        .replaceAll('/dev/stderr', path.join(directory, 'error.log'))
        .replaceAll('/dev/stdout', path.join(directory, 'access.log'))
        .replace(/^user .*$/m, '');
      fs.writeFileSync(path.join(directory, 'nginx.conf'), config);
      const errorLog = path.join(directory, 'error.log');
      const args = [
        '-t',
        '-p',
        directory,
        '-e',
        errorLog,
        '-c',
        path.join(directory, 'nginx.conf'),
      ];
      expect(() => execFileSync('/usr/sbin/nginx', args, { stdio: 'pipe' })).not.toThrow();
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it('starts each service once what it needs is healthy', () => {
    const { postgres, nginx } = compose.services;
    expect(postgres!.healthcheck?.test.join(' ')).toContain('pg_isready');
    for (const [name, service] of nodes) {
      expect(service.depends_on?.postgres?.condition, name).toBe('service_healthy');
      expect(nginx!.depends_on?.[name]?.condition, name).toBe('service_healthy');
      // The node's health check asks /api/health on the port it listens on.
      expect(service.healthcheck?.test.join(' ')).toContain(
        `http://127.0.0.1:${service.environment!.PORT}/api/health`,
      );
    }
  });

  it('configures each node for the cluster: its database, nginx trusted, time to drain', () => {
    const { postgres, nginx } = compose.services;
    const nginxAddress = nginx!.networks!.rampart.ipv4_address;
    const subnet = compose.networks.rampart.ipam.config[0]!.subnet;
    const prefix = subnet.split('.').slice(0, 3).join('.');
    for (const [name, service] of nodes) {
      const environment = Object.fromEntries(
        Object.entries(service.environment!).map(([key, value]) => [
          key,
          interpolate(String(value), { SECRET_KEY: randomBytes(32).toString('base64') }),
        ]),
      );
      const config = loadConfig(environment);
      expect(config.database.kind, name).toBe('postgres');
      const url = new URL(environment.DATABASE_URL!);
      expect(url.hostname).toBe('postgres');
      expect(url.username).toBe(postgres!.environment!.POSTGRES_USER);
      expect(url.pathname).toBe(`/${postgres!.environment!.POSTGRES_DB}`);
      expect(decodeURIComponent(url.password)).toBe(
        interpolate(postgres!.environment!.POSTGRES_PASSWORD!, {}),
      );
      expect(config.trustProxy).toEqual([nginxAddress]);
      expect(service.networks!.rampart.ipv4_address.startsWith(`${prefix}.`)).toBe(true);
      expect(seconds(service.stop_grace_period!) * 1000).toBeGreaterThan(
        config.shutdownDrainMs + config.shutdownTimeoutMs,
      );
    }
    expect(nginxAddress.startsWith(`${prefix}.`)).toBe(true);
    // Demo accounts, when asked for, are made by one node only: two would race.
    expect(
      nodes.filter(([, service]) => service.environment!.SEED_DEMO_ACCOUNTS !== 'false'),
    ).toHaveLength(1);
  });
});
