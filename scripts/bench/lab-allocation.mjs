// Lab allocation on the local provider: the time from allocate() to every machine Ready, from
// cold (an anchor and its sandboxes started on demand) and from the warm pool (started ahead by
// prewarm, claimed by the allocation). A two-machine lab as the demo's: a workstation and a web
// service that must listen on its port. Needs bubblewrap and user namespaces (see .ci/run).
import { randomUUID } from 'node:crypto';

const template = () => ({
  id: 'bench-lab',
  machines: [
    { name: 'workstation', image: 'debian', ports: [], env: {} },
    {
      name: 'web',
      image: 'debian',
      command: [
        '/bin/sh',
        '-c',
        'mkdir -p /tmp/www && printf "%s\\n" "$FLAG" > /tmp/www/flag && exec python3 -m http.server -d /tmp/www 80',
      ],
      ports: [{ port: 80, protocol: 'TCP' }],
      env: { FLAG: 'RAMPART{bench}' },
    },
  ],
  consoleMachine: 'workstation',
  vpn: false,
  ttlSeconds: 600,
  maxTtlSeconds: 1200,
  readyTimeoutSeconds: 60,
  resources: { cpuMillis: 500, memoryMiB: 512, pids: 256, diskMiB: 256 },
});

const untilReady = async (provider, envId) => {
  for (;;) {
    const status = await provider.status(envId);
    if (status?.phase === 'Ready') return;
    if (!status || status.phase === 'Failed') throw new Error(`lab ${envId}: ${status?.message}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const allocateTimed = async (provider) => {
  const envId = randomUUID();
  const started = performance.now();
  await provider.allocate({
    envId,
    sessionUuid: randomUUID(),
    teamUuid: randomUUID(),
    template: template(),
    expiresAt: new Date(Date.now() + 600_000),
  });
  await untilReady(provider, envId);
  const elapsed = performance.now() - started;
  await provider.release(envId, 'user');
  return elapsed;
};

const percentiles = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  // Tenths of a millisecond: a warm claim takes well under one.
  const at = (q) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
};

/** Cold and warm allocation times over `count` allocations each. */
export const measureLabAllocation = async ({ count = 10 } = {}) => {
  const { LocalProvider } =
    await import('../../apps/server/dist/modules/labs/providers/local-provider.js');
  const provider = new LocalProvider({ maxConcurrent: count });
  try {
    await allocateTimed(provider); // warm-up: page cache, the capability probe
    const cold = [];
    for (let index = 0; index < count; index += 1) cold.push(await allocateTimed(provider));
    // The pool is filled ahead and settles before the allocations that claim it are timed.
    await provider.prewarm(template(), count);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const warm = [];
    for (let index = 0; index < count; index += 1) warm.push(await allocateTimed(provider));
    return { count, cold: percentiles(cold), warm: percentiles(warm) };
  } finally {
    await provider.close();
  }
};
