import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { labTemplateSchema, type LabTemplateInput } from '@rampart/contracts';
import type { ProviderTemplate } from '../src/modules/labs/environment-provider.js';
import { localVpnProblem } from '../src/modules/labs/providers/local-provider.js';

/**
 * Why this host cannot run the local provider's sandboxes, or null when it can: bubblewrap is
 * installed and an unprivileged user namespace with its own network can be made. Tests skip
 * with this reason only; `.ci/run` installs bubblewrap, so on CI they run.
 */
export const localSandboxUnavailable = (): string | null => {
  const bwrap = spawnSync(
    'bwrap',
    [
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
    ],
    { stdio: 'ignore' },
  );
  if (bwrap.error) return `bubblewrap is not installed (${bwrap.error.message})`;
  if (bwrap.status !== 0) return 'user namespaces are not available to bubblewrap on this host';
  const unshare = spawnSync('unshare', ['--user', '--map-root-user', '--net', '--', '/bin/true'], {
    stdio: 'ignore',
  });
  if (unshare.status !== 0) return 'unshare cannot make a user and network namespace here';
  return null;
};

/**
 * Why local labs' VPN gateways cannot run here, or null when they can: the sandboxes, and what
 * the provider itself checks (`localVpnProblem`). `.ci/run` installs WireGuard and opens the TUN
 * device to the labs, so on CI the VPN tests run.
 */
export const localVpnUnavailable = (): string | null =>
  localSandboxUnavailable() ?? localVpnProblem();

/**
 * A lab the local provider really runs: a workstation (the console's) and a web target serving
 * its flag (given through `env`, as content does) on port 80, on the host's own `/usr`.
 */
export const localLabTemplate = (overrides: Partial<LabTemplateInput> = {}): ProviderTemplate => ({
  id: `local-${randomUUID().slice(0, 8)}`,
  ...labTemplateSchema.parse({
    machines: [
      { name: 'workstation', image: 'debian' },
      {
        name: 'web',
        image: 'debian',
        command: [
          '/bin/sh',
          '-c',
          'mkdir -p /tmp/www && printf "%s\\n" "$FLAG" > /tmp/www/flag && exec python3 -m http.server -d /tmp/www 80',
        ],
        ports: [{ port: 80 }],
        env: { FLAG: 'RAMPART{local-lab}' },
      },
    ],
    consoleMachine: 'workstation',
    ttlSeconds: 600,
    maxTtlSeconds: 1800,
    ...overrides,
  }),
});
