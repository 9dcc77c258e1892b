import fs from 'node:fs';
import path from 'node:path';
import type { ProviderTemplate } from '../environment-provider.js';

const CGROUP_ROOT = '/sys/fs/cgroup';
const MiB = 1024 * 1024;

/**
 * Per-lab cgroup v1 limits, when the back end is root on a host with the `pids` and `memory`
 * controllers (docs/labs.md): the lab's processes together, consoles included, stop at
 * its `pids` and its `memoryMiB`, beside the RLIMITs every lab gets. Each lab's groups sit under
 * the back end's own, so the host's accounting of the back end still covers them.
 */
export interface LabCgroups {
  /** The `cgroup.procs` files a process joins before it runs anything of the lab. */
  procsFiles: string[];
  remove(): void;
}

const controllers = ['pids', 'memory'] as const;

/** This process's group in a v1 controller, e.g. `/` or `/process_api/…`. */
const ownGroup = (controller: string) => {
  const line = fs
    .readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((entry) => entry.split(':')[1]?.split(',').includes(controller));
  return line?.split(':')[2] ?? null;
};

/** Whether this host gives per-lab cgroups: root, and both v1 controllers mounted. */
export const cgroupsAvailable = () =>
  process.getuid?.() === 0 &&
  controllers.every(
    (controller) =>
      fs.existsSync(path.join(CGROUP_ROOT, controller, 'cgroup.procs')) &&
      ownGroup(controller) !== null,
  );

/** Makes the lab's groups with its limits; null when the host refuses (limits stay RLIMITs). */
export const createLabCgroups = (ref: string, template: ProviderTemplate): LabCgroups | null => {
  const dirs: string[] = [];
  const remove = () => {
    for (const dir of dirs) {
      try {
        fs.rmdirSync(dir);
      } catch {
        // Still has a process, or already gone: the next sweep of the host's tools will do.
      }
    }
  };
  try {
    for (const controller of controllers) {
      const dir = path.join(CGROUP_ROOT, controller, ownGroup(controller)!, `rampart-${ref}`);
      fs.mkdirSync(dir);
      dirs.push(dir);
    }
    fs.writeFileSync(path.join(dirs[0]!, 'pids.max'), String(template.resources.pids));
    fs.writeFileSync(
      path.join(dirs[1]!, 'memory.limit_in_bytes'),
      String(template.resources.memoryMiB * MiB),
    );
  } catch {
    remove();
    return null;
  }
  return { procsFiles: dirs.map((dir) => path.join(dir, 'cgroup.procs')), remove };
};

/** The command prefix that puts the process in the lab's groups, then runs the rest. */
export const joinCgroups = (cgroups: LabCgroups | null) =>
  cgroups
    ? [
        '/bin/sh',
        '-c',
        'while [ "$1" != -- ]; do echo $$ > "$1"; shift; done; shift; exec "$@"',
        'lab-cgroups',
        ...cgroups.procsFiles,
        '--',
      ]
    : [];

/**
 * Removes the empty groups of back ends that died without releasing their labs (their labs died
 * with them): a group is named after its back end's pid, `rampart-lab-<pid>-<n>`.
 */
export const sweepStaleCgroups = () => {
  for (const controller of controllers) {
    const group = ownGroup(controller);
    if (group === null) continue;
    const base = path.join(CGROUP_ROOT, controller, group);
    let entries: string[] = [];
    try {
      entries = fs.readdirSync(base);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const owner = /^rampart-lab-(\d+)-\d+$/.exec(entry)?.[1];
      if (!owner || Number(owner) === process.pid || fs.existsSync(`/proc/${owner}`)) continue;
      try {
        fs.rmdirSync(path.join(base, entry));
      } catch {
        // Not empty yet: a later start sweeps it.
      }
    }
  }
};
