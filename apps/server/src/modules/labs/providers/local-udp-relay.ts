import { spawn } from 'node:child_process';
import dgram from 'node:dgram';

/**
 * A UDP port of the host that leads to a UDP port inside a lab's network namespace, which has no
 * uplink (docs/labs.md): how players' laptops reach a local lab's WireGuard gateway.
 *
 * The back end binds the host's socket; a small Node process entered into the lab's user and
 * network namespaces (`enter`) holds one loopback socket per laptop there, so the gateway sees
 * each laptop as its own endpoint and answers it. The two talk over the child's stdin and stdout,
 * each datagram framed as a client number and a length (2 bytes each, big-endian); a frame of
 * length 0 tells the inside to forget a client. Datagrams are dropped, as UDP allows, when the
 * pipe is backed up or a laptop is past the client cap.
 */
export interface UdpRelayOptions {
  /** The command prefix entering the lab's user and network namespaces. */
  enter: string[];
  /** The UDP port inside the lab, on its loopback. */
  targetPort: number;
  /** The host's port: 0 for one the system picks. */
  hostPort?: number;
  /** Laptops relayed at once; the longest idle one makes room for a new one. */
  maxClients?: number;
  /** A laptop silent for this long is forgotten (WireGuard keep-alives come every 25 s). */
  idleMs?: number;
}

export interface UdpRelay {
  /** The host's UDP port players' profiles name. */
  readonly port: number;
  /** False once the inside process has stopped (the lab died): the relay carries nothing. */
  alive(): boolean;
  stop(): Promise<void>;
}

/** The inside: loopback sockets per client, in the lab's namespaces. Node's built-ins only. */
const INSIDE = `
const dgram = require('node:dgram');
const port = Number(process.argv[1]);
const sockets = new Map();
let pending = Buffer.alloc(0);
const reply = (id, message) => {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(message.length, 2);
  process.stdout.write(Buffer.concat([header, message]));
};
process.stdin.on('data', (chunk) => {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  while (pending.length >= 4) {
    const id = pending.readUInt16BE(0);
    const length = pending.readUInt16BE(2);
    if (pending.length < 4 + length) break;
    const message = pending.subarray(4, 4 + length);
    pending = pending.subarray(4 + length);
    let socket = sockets.get(id);
    if (length === 0) {
      socket?.close();
      sockets.delete(id);
      continue;
    }
    if (!socket) {
      socket = dgram.createSocket('udp4');
      socket.on('message', (answer) => reply(id, answer));
      socket.on('error', () => undefined);
      sockets.set(id, socket);
    }
    socket.send(message, port, '127.0.0.1');
  }
});
process.stdin.on('end', () => process.exit(0));
process.stdout.on('error', () => process.exit(0));
`;

/** How much may wait in the pipe to the inside before datagrams are dropped. */
const MAX_BACKLOG = 1 << 20;

export const startUdpRelay = async (options: UdpRelayOptions): Promise<UdpRelay> => {
  const maxClients = options.maxClients ?? 256;
  const idleMs = options.idleMs ?? 180_000;
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.hostPort ?? 0, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  socket.on('error', () => undefined);

  const inside = spawn(
    options.enter[0]!,
    [...options.enter.slice(1), process.execPath, '-e', INSIDE, String(options.targetPort)],
    { stdio: ['pipe', 'pipe', 'ignore'], env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } },
  );
  let alive = true;
  inside.on('error', () => (alive = false));
  inside.on('exit', () => (alive = false));
  inside.stdin.on('error', () => (alive = false));

  interface Client {
    id: number;
    address: string;
    port: number;
    seen: number;
  }
  const byEndpoint = new Map<string, Client>();
  const byId = new Map<number, Client>();
  let nextId = 0;

  const frame = (id: number, message: Buffer) => {
    const header = Buffer.alloc(4);
    header.writeUInt16BE(id, 0);
    header.writeUInt16BE(message.length, 2);
    return Buffer.concat([header, message]);
  };
  const forget = (client: Client) => {
    byEndpoint.delete(`${client.address}:${client.port}`);
    byId.delete(client.id);
    if (alive) inside.stdin.write(frame(client.id, Buffer.alloc(0)));
  };
  const freeId = () => {
    for (let tries = 0; tries < 65_536; tries += 1) {
      nextId = (nextId + 1) & 0xffff;
      if (!byId.has(nextId)) return nextId;
    }
    return null;
  };

  socket.on('message', (message, from) => {
    if (!alive || message.length === 0 || message.length > 0xffff) return;
    if (inside.stdin.writableLength > MAX_BACKLOG) return;
    const key = `${from.address}:${from.port}`;
    const now = Date.now();
    let client = byEndpoint.get(key);
    if (!client) {
      for (const known of byEndpoint.values()) if (now - known.seen > idleMs) forget(known);
      if (byEndpoint.size >= maxClients) {
        const oldest = [...byEndpoint.values()].sort((a, b) => a.seen - b.seen)[0]!;
        forget(oldest);
      }
      const id = freeId();
      if (id === null) return;
      client = { id, address: from.address, port: from.port, seen: now };
      byEndpoint.set(key, client);
      byId.set(id, client);
    }
    client.seen = now;
    inside.stdin.write(frame(client.id, message));
  });

  let pending: Buffer = Buffer.alloc(0);
  inside.stdout.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 4) {
      const id = pending.readUInt16BE(0);
      const length = pending.readUInt16BE(2);
      if (pending.length < 4 + length) break;
      const message = pending.subarray(4, 4 + length);
      pending = pending.subarray(4 + length);
      const client = byId.get(id);
      if (client) socket.send(message, client.port, client.address);
    }
  });

  const { port } = socket.address();
  let stopped: Promise<void> | null = null;
  return {
    port,
    alive: () => alive,
    stop() {
      stopped ??= (async () => {
        alive = false;
        await new Promise<void>((resolve) => socket.close(() => resolve()));
        if (inside.pid !== undefined && inside.exitCode === null && inside.signalCode === null) {
          const exited = new Promise((resolve) => inside.once('exit', resolve));
          inside.kill('SIGKILL');
          await exited;
        }
      })();
      return stopped;
    },
  };
};
