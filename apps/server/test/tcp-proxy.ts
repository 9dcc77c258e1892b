import net from 'node:net';

/**
 * A TCP proxy in front of a real server, to cut and restore the network between the app and
 * PostgreSQL in tests. `cut()` drops every connection and refuses new ones; `restore()` listens
 * again on the same port; `reset()` resets the open connections only.
 */
export const startTcpProxy = async (target: { host: string; port: number }) => {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: listen,
    /** Resets every open connection (a TCP RST, as a proxy or firewall dropping them) and keeps listening. */
    reset: () => {
      for (const socket of sockets) socket.resetAndDestroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        server?.listening ? server.close(() => resolve()) : resolve(),
      );
    },
  };
};
