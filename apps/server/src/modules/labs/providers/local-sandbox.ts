import type { ProviderTemplate } from '../environment-provider.js';
import { TUNNEL_NETWORK } from '../vpn-profile.js';

/**
 * The command lines of the local provider (docs/labs.md): the lab anchor's start-up script and
 * the bubblewrap sandboxes of machines and consoles. Pure functions, so what a sandbox is given
 * can be read (and tested) without running one.
 */

/** Host programs the provider runs; absolute paths or names looked up in PATH. */
export interface LocalBinaries {
  bwrap: string;
  unshare: string;
  nsenter: string;
  setpriv: string;
  prlimit: string;
}

export const defaultBinaries: LocalBinaries = {
  bwrap: 'bwrap',
  unshare: 'unshare',
  nsenter: 'nsenter',
  setpriv: 'setpriv',
  prlimit: 'prlimit',
};

/** The uid inside every sandbox: never 0, never the back end's. */
export const PLAYER_UID = 1000;
/** The lab's private network: only inside its own namespace, so every lab may reuse it. */
export const LAB_SUBNET = '10.200.0';
export const machineAddress = (index: number) => `${LAB_SUBNET}.${index + 10}`;

const MiB = 1024 * 1024;

/** Quotes one word for /bin/sh. */
export const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** The files every machine's /etc gets: names of the lab's machines, and the player's account. */
export const labEtcFiles = (template: ProviderTemplate) => ({
  hosts: [
    '127.0.0.1 localhost',
    ...template.machines.map((machine, index) => `${machineAddress(index)} ${machine.name}`),
    '',
  ].join('\n'),
  passwd: `root:x:0:0:root:/root:/usr/sbin/nologin\nplayer:x:${PLAYER_UID}:${PLAYER_UID}:player:/home/player:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
  group: `root:x:0:\nplayer:x:${PLAYER_UID}:\nnogroup:x:65534:\n`,
  'nsswitch.conf': 'passwd: files\ngroup: files\nhosts: files\n',
  profile: `PS1='\\u@\\h:\\w\\$ '\nexport PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin\n`,
});

/** Sizes of one machine's writable tmpfs: the lab's disk budget shared by its machines. */
export const tmpfsBytes = (template: ProviderTemplate) =>
  Math.max(4, Math.floor(template.resources.diskMiB / (2 * template.machines.length))) * MiB;

/**
 * The bubblewrap options shared by machines and consoles: a user namespace where the player is
 * uid 1000 with no capability and no way to make another (nested user namespaces are where most
 * kernel exploits start), a read-only root made of the root filesystem's `/usr`, and nothing of
 * the host besides: no /etc, /home, /root, /var, repository or data dir.
 */
export const sandboxOptions = (options: {
  rootfs: string;
  etcDir: string;
  hostname: string;
  tmpfsBytes: number;
}) => {
  const usr = options.rootfs === '/' ? '/usr' : `${options.rootfs.replace(/\/$/, '')}/usr`;
  return [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--disable-userns',
    '--die-with-parent',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    usr,
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...['hosts', 'passwd', 'group', 'nsswitch.conf', 'profile'].flatMap((file) => [
      '--ro-bind',
      `${options.etcDir}/${file}`,
      `/etc/${file}`,
    ]),
    '--size',
    String(options.tmpfsBytes),
    '--tmpfs',
    '/tmp',
    '--size',
    String(options.tmpfsBytes),
    '--tmpfs',
    '/home',
    '--dir',
    '/home/player',
    '--chdir',
    '/home/player',
    '--uid',
    String(PLAYER_UID),
    '--gid',
    String(PLAYER_UID),
    '--hostname',
    options.hostname,
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/local/bin:/usr/bin:/bin',
    '--setenv',
    'HOME',
    '/home/player',
    '--setenv',
    'USER',
    'player',
  ];
};

/**
 * Limits of every process of a lab (rootless: RLIMITs). RLIMIT_NPROC is counted per user
 * namespace, so the lab's processes count together under its anchor, and a fork bomb stops at
 * the template's `pids`; the address space of one process stops at its memory.
 */
export const limitOptions = (template: ProviderTemplate) => [
  `--nproc=${template.resources.pids}`,
  `--as=${template.resources.memoryMiB * MiB}`,
  '--core=0',
  '--nofile=1024',
];

export interface AnchorMachine {
  name: string;
  rootfs: string;
  command: string[];
  /** TCP and UDP ports that must listen before the machine is ready. */
  ports: { port: number; protocol: 'TCP' | 'UDP' }[];
}

/**
 * The anchor's script, run as root of a fresh user namespace (an unprivileged uid on the host)
 * that owns a network namespace with no uplink: a bridge with private addresses, and per
 * machine a network namespace of its own plugged into the bridge, where its sandbox runs.
 *
 * It reads one line per machine with variables on its stdin (base64 of a shell file), so flags
 * never appear on a command line or in a file of the host; each reaches its own machine only,
 * as a file of the sandbox that its command's shell reads into its environment. It prints `machine <name> <pid>`, `ready <name>`, `exited <name> <code>` and
 * `started` on its stdout, which the provider follows.
 */
export const anchorScript = (options: {
  machines: AnchorMachine[];
  etcDir: string;
  tmpfsBytes: number;
  bwrap: string;
}) => {
  const lines = [
    'set -eu',
    // The lab's own /run (its mount namespace is private): what runs beside the machines, the
    // VPN gateway's sockets, stays in it.
    'mount -t tmpfs -o size=1m,mode=0755 lab-run /run',
    'ip link set lo up',
    'ip link add br0 type bridge',
    `ip addr add ${LAB_SUBNET}.1/24 dev br0`,
    'ip link set br0 up',
  ];
  options.machines.forEach((machine, index) => {
    lines.push(`read -r env_${index} || env_${index}=''`);
  });
  options.machines.forEach((machine, index) => {
    const address = machineAddress(index);
    const sandbox = sandboxOptions({
      rootfs: machine.rootfs,
      etcDir: options.etcDir,
      hostname: machine.name,
      tmpfsBytes: options.tmpfsBytes,
    });
    // The variables are sourced by the machine's own shell, then the command replaces it.
    const command = [
      '/bin/sh',
      '-c',
      'set -a; eval "$(base64 -d /run/lab/env)"; set +a; exec "$@"',
      'lab',
      ...machine.command,
    ];
    const bwrap = [
      shellQuote(options.bwrap),
      ...sandbox.map(shellQuote),
      '--file',
      '3',
      '/run/lab/env',
      '--',
      ...command.map(shellQuote),
    ].join(' ');
    // Inside the machine's network namespace, as root of the lab's user namespace: its address,
    // low ports open to the unprivileged service, then the sandbox.
    const inner = [
      'while ! ip link show eth0 >/dev/null 2>&1; do sleep 0.01; done',
      'ip link set lo up',
      `ip addr add ${address}/24 dev eth0`,
      'ip link set eth0 up',
      // Answers to players' tunnel addresses go back through the VPN gateway beside the bridge.
      `ip route add ${TUNNEL_NETWORK} via ${LAB_SUBNET}.1`,
      'echo 0 > /proc/sys/net/ipv4/ip_unprivileged_port_start',
      // A here-document of base64: no content can end it early.
      `exec ${bwrap} 3<<LAB_ENV\n$1\nLAB_ENV`,
    ].join('\n');
    const wanted = machine.ports.map(
      (port) => `${port.protocol === 'UDP' ? 'udp' : 'tcp'} .*:${port.port}$`,
    );
    const readiness = wanted.length
      ? [
          '  while kill -0 "$pid" 2>/dev/null; do',
          `    listening=$(nsenter --net=/proc/$pid/ns/net ss -Hltun 2>/dev/null | awk '{print $1" "$5}')`,
          '    missing=0',
          ...wanted.map(
            (pattern) =>
              `    printf '%s\\n' "$listening" | grep -q ${shellQuote(`^${pattern}`)} || missing=1`,
          ),
          '    [ "$missing" = 0 ] && break',
          '    sleep 0.05',
          '  done',
        ]
      : [];
    lines.push(
      '(',
      // A machine that dies at once takes its end of the cable along: report it, do not stop.
      '  set +e',
      // Its output never reaches the anchor's stdout, the provider's channel: a service cannot
      // forge a line of it. Errors go to the anchor's stderr, logged when a machine stops.
      `  unshare --net -- /bin/sh -c ${shellQuote(inner)} lab-machine "$env_${index}" >/dev/null &`,
      '  pid=$!',
      // Until unshare has made the namespace, the pid is still in the anchor's: wait for it.
      '  while [ "$(readlink /proc/$pid/ns/net)" = "$(readlink /proc/self/ns/net)" ]; do sleep 0.005; done',
      `  ip link add m${index} type veth peer name eth0 netns "$pid"`,
      `  ip link set m${index} master br0 up`,
      `  echo "machine ${machine.name} $pid"`,
      ...readiness,
      `  kill -0 "$pid" 2>/dev/null && echo "ready ${machine.name}"`,
      '  code=0; wait "$pid" || code=$?',
      `  echo "exited ${machine.name} $code"`,
      ') &',
    );
  });
  lines.push('echo started', 'wait');
  return lines.join('\n');
};

/** A machine's variables as the shell file its sandbox sources, in base64 for the anchor. */
export const encodeMachineEnv = (env: Record<string, string>) =>
  Buffer.from(
    Object.entries(env)
      .map(([name, value]) => `${name}=${shellQuote(value)}\n`)
      .join(''),
  ).toString('base64');
