import { execFile, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames, CSRF_HEADER_NAME } from '../../packages/contracts/src/cookies.js';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/identity/demo-accounts.js';

/**
 * The container image as an operator meets it: built with Podman on the local base (no registry
 * is reachable in CI), run with its embedded database on a named volume, stopped with a SIGTERM
 * that drains, and started again on the same volume with its data.
 */

const run = promisify(execFile);
const root = process.cwd();
const env = { ...process.env, CONTAINERS_CONF: path.join(root, 'deploy/containers.conf') };
const baseImage = process.env.RAMPART_BASE_IMAGE ?? 'localhost/rampart-base:bookworm';
const image = 'localhost/rampart:ops-test';
const caBundle = '/etc/ssl/certs/ca-certificates.crt';
const suffix = `${process.pid}-${Date.now().toString(36)}`;
const volume = `rampart-ops-data-${suffix}`;
const containers: string[] = [];
const volumes = [volume];

const hasPodman = spawnSync('podman', ['--version']).status === 0;
const inCI = process.env.CI === 'true';

const podman = async (args: string[], timeout = 120_000) => {
  const { stdout } = await run('podman', args, {
    env,
    cwd: root,
    timeout,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim();
};

/** Runs a long step with its output shown when it fails, and says how long it took. */
const timed = async (label: string, command: string, args: string[]) => {
  const started = performance.now();
  const result = spawnSync(command, args, {
    env,
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 1_500_000,
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  if (result.status !== 0) {
    throw new Error(
      `${label} failed (${result.status ?? result.signal}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    );
  }
  console.log(`${label}: ${seconds} s`);
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const runContainer = async (name: string, port: number, data = volume) => {
  containers.push(name);
  await podman([
    'run',
    '--detach',
    '--name',
    name,
    '--volume',
    `${data}:/data`,
    '--publish',
    `127.0.0.1:${port}:3000`,
    // A drain period shows in the log that the stop went through the server's own shutdown.
    '--env',
    'SHUTDOWN_DRAIN_MS=500',
    // Podman schedules health checks with systemd timers, which CI machines lack; the test runs
    // the image's check itself (podman healthcheck run).
    '--health-interval',
    'disable',
    image,
  ]);
};

const startContainer = async (name: string, port: number) => {
  await runContainer(name, port);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) return base;
    const state = await podman(['inspect', name, '--format', '{{.State.Status}}']);
    if (state !== 'running' || Date.now() > deadline) {
      const logs = await podman(['logs', name]).catch(() => '');
      throw new Error(`${name} did not become healthy (${state}):\n${logs.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

const logsOf = async (name: string) => {
  const { stdout, stderr } = await run('podman', ['logs', name], { env });
  return stdout + stderr;
};

/** A browser's cookie jar, reduced to what Rampart's login needs. */
const signIn = async (base: string, username: string) => {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = () => ({
    cookie: [...jar].map(([key, value]) => `${key}=${value}`).join('; '),
    [CSRF_HEADER_NAME]: decodeURIComponent(jar.get(cookieNames.csrf) ?? ''),
    'content-type': 'application/json',
  });
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  expect(csrf.status).toBe(204);
  keep(csrf);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  keep(login);
  return {
    get: (url: string) => fetch(`${base}${url}`, { headers: headers() }),
    put: (url: string, body: unknown) =>
      fetch(`${base}${url}`, { method: 'PUT', headers: headers(), body: JSON.stringify(body) }),
  };
};

const describeImage = () => {
  const pseudo = `Alice ${suffix.slice(-6)}`;

  beforeAll(async () => {
    // A base of the local store is built here (once: the script skips an existing one); any
    // other (RAMPART_BASE_IMAGE=docker.io/library/node:20-bookworm-slim) is pulled by the build.
    if (baseImage.startsWith('localhost/')) {
      await timed('local base image (deploy/base-image.sh)', 'deploy/base-image.sh', []);
    }
    const args = ['build', '--format', 'docker', '--tag', image, '--file', 'Containerfile'];
    args.push('--build-arg', `BASE_IMAGE=${baseImage}`);
    // The registry may sit behind a proxy whose CA only the host trusts.
    if (spawnSync('test', ['-s', caBundle]).status === 0) {
      args.push('--secret', `id=ca,src=${caBundle}`);
    }
    await timed('image build (podman build)', 'podman', [...args, '.']);
  });

  afterAll(async () => {
    for (const name of containers) await podman(['rm', '--force', name]).catch(() => {});
    for (const data of volumes) await podman(['volume', 'rm', '--force', data]).catch(() => {});
  });

  it('serves the web app and lets a demo player in, as a user other than root', async () => {
    const name = `rampart-ops-first-${suffix}`;
    const base = await startContainer(name, await freePort());

    // The image's own HEALTHCHECK, run as the engine runs it.
    await expect(podman(['healthcheck', 'run', name])).resolves.toBeDefined();

    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    const html = await home.text();
    const script = html.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${base}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);

    const alice = await signIn(base, 'alice');
    const changed = await alice.put('/api/profile/pseudo', { pseudo });
    expect(changed.status).toBe(200);

    expect(await podman(['exec', name, 'id', '-u'])).not.toBe('0');
    // Node itself is PID 1, so the stop signal reaches the server and nothing in between.
    expect(await podman(['exec', name, 'cat', '/proc/1/comm'])).toBe('node');
  });

  it('drains and exits cleanly on podman stop', async () => {
    const name = containers.at(-1)!;
    await podman(['stop', '--time', '30', name]);
    const exitCode = Number(await podman(['inspect', name, '--format', '{{.State.ExitCode}}']));
    expect([0, 143]).toContain(exitCode);
    const logs = await logsOf(name);
    expect(logs).toMatch(/"signal":"SIGTERM".*"msg":"shutting down"/);
    expect(logs).toMatch(/"msg":"draining: health check failing/);
  });

  it('starts again on the same volume with its data', async () => {
    const name = `rampart-ops-second-${suffix}`;
    const base = await startContainer(name, await freePort());
    // The accounts were found, not seeded again on an empty database.
    expect(await logsOf(name)).not.toMatch(/Demo accounts created/);
    const alice = await signIn(base, 'alice');
    const user = (await (await alice.get('/api/auth/user')).json()) as { user: { pseudo: string } };
    expect(user.user.pseudo).toBe(pseudo);
  });

  it('stops at once when asked while it starts', async () => {
    // A new volume: the start migrates a database and loads the content, seconds of work.
    const name = `rampart-ops-starting-${suffix}`;
    const data = `rampart-ops-starting-${suffix}`;
    volumes.push(data);
    await runContainer(name, await freePort(), data);
    // Node handles the stop signals within milliseconds of its start, and loads the server's
    // code (seconds) after: a stop a second in lands while the server is still starting.
    await podman(['exec', name, 'true']);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await podman(['stop', '--time', '30', name]);
    const logs = await logsOf(name);
    expect(logs).not.toMatch(/listening on/);
    // 143: ended by the signal, not killed (137) once the stop timeout ran out.
    expect(await podman(['inspect', name, '--format', '{{.State.ExitCode}}'])).toBe('143');
  });
};

if (hasPodman) {
  describe('the container image', describeImage);
} else if (inCI) {
  describe('the container image', () => {
    it('is built and run with Podman, which CI must have', () => {
      expect.fail('podman is not installed (.ci/run installs it)');
    });
  });
} else {
  describe.skip(
    'the container image (skipped: podman is not installed; CI runs it)',
    describeImage,
  );
}
