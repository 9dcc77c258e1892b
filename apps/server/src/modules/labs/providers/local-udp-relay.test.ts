import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUdpRelay, type UdpRelay } from './local-udp-relay.js';

/**
 * The relay's framing and bookkeeping, with its inside process on this host (`env` as the
 * prefix instead of entering a lab) and a UDP echo server as the gateway, which answers each
 * datagram prefixed with the port it came from.
 */
describe('the UDP relay into a lab', () => {
  let echo: dgram.Socket;
  let echoPort = 0;
  const relays: UdpRelay[] = [];
  const sockets: dgram.Socket[] = [];

  const client = async () => {
    const socket = dgram.createSocket('udp4');
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return socket;
  };
  const exchange = (socket: dgram.Socket, port: number, message: Buffer, timeoutMs = 3000) =>
    new Promise<Buffer | null>((resolve) => {
      const timer = setTimeout(() => {
        socket.off('message', onMessage);
        resolve(null);
      }, timeoutMs);
      const onMessage = (answer: Buffer) => {
        clearTimeout(timer);
        socket.off('message', onMessage);
        resolve(answer);
      };
      socket.on('message', onMessage);
      socket.send(message, port, '127.0.0.1');
    });
  const relay = async (options: { maxClients?: number } = {}) => {
    const started = await startUdpRelay({ enter: ['env', '--'], targetPort: echoPort, ...options });
    relays.push(started);
    return started;
  };

  beforeAll(async () => {
    echo = dgram.createSocket('udp4');
    echo.on('message', (message, from) =>
      echo.send(Buffer.concat([Buffer.from(`${from.port}:`), message]), from.port, from.address),
    );
    await new Promise<void>((resolve) => echo.bind(0, '127.0.0.1', resolve));
    echoPort = echo.address().port;
  });

  afterAll(async () => {
    await Promise.all(relays.map((started) => started.stop()));
    for (const socket of sockets) socket.close();
    echo.close();
  });

  it('carries each laptop’s datagrams both ways, each from a socket of its own inside', async () => {
    const { port } = await relay();
    const [first, second] = [await client(), await client()];
    const one = await exchange(first, port, Buffer.from('hello'));
    const two = await exchange(second, port, Buffer.from('there'));
    const [insideOne, textOne] = one!.toString().split(':');
    const [insideTwo, textTwo] = two!.toString().split(':');
    expect([textOne, textTwo]).toEqual(['hello', 'there']);
    // The gateway sees two endpoints, and the same one again for the same laptop.
    expect(insideOne).not.toBe(insideTwo);
    expect((await exchange(first, port, Buffer.from('again')))!.toString()).toBe(
      `${insideOne}:again`,
    );
  });

  it('keeps datagram boundaries, from one byte to a WireGuard-sized packet and past it', async () => {
    const { port } = await relay();
    const socket = await client();
    for (const size of [1, 148, 1420, 60_000]) {
      const message = Buffer.alloc(size, size % 251);
      const answer = await exchange(socket, port, message);
      expect(answer!.subarray(answer!.indexOf(':') + 1).equals(message), `${size} bytes`).toBe(
        true,
      );
    }
  });

  it('makes room past its client cap by forgetting the longest idle laptop', async () => {
    const { port } = await relay({ maxClients: 1 });
    const [first, second] = [await client(), await client()];
    const before = (await exchange(first, port, Buffer.from('a')))!.toString().split(':')[0];
    expect(await exchange(second, port, Buffer.from('b'))).not.toBeNull();
    // The first laptop comes back as a new client: a new socket inside.
    const after = (await exchange(first, port, Buffer.from('c')))!.toString().split(':')[0];
    expect(after).not.toBe(before);
  });

  it('closes its host port when stopped, and carries nothing after', async () => {
    const started = await relay();
    const socket = await client();
    expect(await exchange(socket, started.port, Buffer.from('x'))).not.toBeNull();
    await started.stop();
    expect(started.alive()).toBe(false);
    expect(await exchange(socket, started.port, Buffer.from('y'), 500)).toBeNull();
    await started.stop();
  });
});
