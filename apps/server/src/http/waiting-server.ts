import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorBody } from '@rampart/contracts';
import { messageFor } from '../lib/errors.js';

export interface WaitingServer {
  readonly port: number;
  readonly address: string;
  close(): Promise<void>;
}

/**
 * What a node serves while it waits for the database at start: every request gets an immediate
 * 503 database.unavailable in the error shape (health checks included), so load balancers and
 * browsers see a node that is down for now rather than one that hangs or refuses. The node's
 * app takes the same port once the database answers; each answer closes its connection, so none
 * is left on this server.
 */
export const answerUnavailable = async (host: string, port: number): Promise<WaitingServer> => {
  const body: ErrorBody = {
    error: { code: 'database.unavailable', message: messageFor('database.unavailable') },
  };
  const payload = JSON.stringify(body);
  const server = http.createServer((request, response) => {
    request.resume();
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '1',
      connection: 'close',
    });
    response.end(payload);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    address: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
