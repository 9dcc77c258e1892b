import type pg from 'pg';

/**
 * Watches a node-postgres connection's traffic: `sent` for each write to its socket, `answered`
 * for each ReadyForQuery (the end of a statement's answer).
 */
export const watchWire = (client: pg.ClientBase, on: { sent(): void; answered(): void }) => {
  const { connection } = client as unknown as {
    connection: {
      stream: { write: (...args: unknown[]) => boolean };
      on(event: 'readyForQuery', listener: () => void): void;
    };
  };
  const write = connection.stream.write.bind(connection.stream);
  connection.stream.write = (...args: unknown[]) => {
    on.sent();
    return write(...args);
  };
  connection.on('readyForQuery', () => on.answered());
};
