import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { openConsoleConnection, type ConsoleStatus } from './console-connection';
import { eventually } from '../../../test/eventually';

/** A WebSocket the test drives: what the page sent, and the server's side by hand. */
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 1;
  binaryType = 'blob';
  sent: (string | Uint8Array)[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string | Uint8Array) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  receive(data: string | ArrayBuffer) {
    this.onmessage?.({ data });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const setUp = (
  ticket: () => Promise<{ ticket: string; expiresInSeconds: number; url: string }>,
) => {
  const sockets: FakeSocket[] = [];
  const statuses: [ConsoleStatus, string?][] = [];
  const output: string[] = [];
  const resumed = vi.fn();
  const connection = openConsoleConnection({
    ticket,
    output: (bytes) => output.push(new TextDecoder().decode(bytes)),
    status: (status, reason) => statuses.push(reason ? [status, reason] : [status]),
    resumed,
    size: () => ({ cols: 100, rows: 30 }),
    socket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    backoffMs: [10],
    maxAttempts: 3,
  });
  return { sockets, statuses, output, resumed, connection };
};

let issued = 0;
const freshTicket = async () => {
  issued += 1;
  return { ticket: `t${issued}`, expiresInSeconds: 30, url: `/ws/console?ticket=t${issued}` };
};

afterEach(() => vi.unstubAllGlobals());

describe('the console connection', () => {
  it('sends keystrokes as bytes and its size on attach, and writes the output', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const { sockets, statuses, output, connection } = setUp(freshTicket);
    await eventually(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    expect(socket.url).toMatch(/^ws:\/\/.+\/ws\/console\?ticket=t\d+$/);
    socket.receive('{"t":"attached","resumed":false}');
    expect(socket.sent).toEqual(['{"t":"resize","cols":100,"rows":30}']);
    connection.send('id\r');
    expect(new TextDecoder().decode(socket.sent[1] as Uint8Array)).toBe('id\r');
    socket.receive(new TextEncoder().encode('uid=1000').buffer);
    expect(output).toEqual(['uid=1000']);
    expect(statuses.at(-1)).toEqual(['connected']);
  });

  it('comes back after a network blip with a fresh ticket, and starts afresh on the kept shell', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const { sockets, statuses, resumed } = setUp(freshTicket);
    await eventually(() => expect(sockets).toHaveLength(1));
    sockets[0]!.receive('{"t":"attached","resumed":false}');
    sockets[0]!.drop();
    expect(statuses.at(-1)).toEqual(['reconnecting']);
    await eventually(() => expect(sockets).toHaveLength(2));
    expect(sockets[1]!.url).not.toBe(sockets[0]!.url);
    sockets[1]!.receive('{"t":"attached","resumed":true}');
    expect(resumed).toHaveBeenCalledOnce();
    expect(statuses.at(-1)).toEqual(['connected']);
  });

  it('ends when the shell exits, and gives up on a lab that is gone', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const exited = setUp(freshTicket);
    await eventually(() => expect(exited.sockets).toHaveLength(1));
    exited.sockets[0]!.receive('{"t":"exit","code":0}');
    expect(exited.statuses.at(-1)).toEqual(['ended', 'exited']);

    const released = setUp(freshTicket);
    await eventually(() => expect(released.sockets).toHaveLength(1));
    released.sockets[0]!.receive('{"t":"error","code":"released"}');
    expect(released.statuses.at(-1)).toEqual(['failed', 'released']);

    const gone = setUp(() =>
      Promise.reject(new ApiError({ status: 404, code: 'lab.not_found', message: '' })),
    );
    await eventually(() => expect(gone.statuses.at(-1)).toEqual(['failed', 'lab.not_found']));
    expect(gone.sockets).toHaveLength(0);
  });

  it('stops retrying after its last attempt when the network stays down', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const { statuses } = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    await eventually(() => expect(statuses.at(-1)).toEqual(['failed', 'network']));
  });
});
