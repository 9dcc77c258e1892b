import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/app.js';
import { createTestDatabase, migratedDataDirectory, testDatabaseKind } from '../test/database.js';
import { startServer } from './server.js';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then stops accepting and closes the database', async () => {
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    const dataDir = await migratedDataDirectory(
      fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-shutdown-')),
    );
    const server = await startServer(
      testConfig({ PORT: '0', HOST: '127.0.0.1', PGLITE_DIR: dataDir }),
      {
        configure: (app) => {
          app.get('/slow', async () => {
            requestArrived();
            await new Promise((resolve) => setTimeout(resolve, 300));
            return { finished: true };
          });
        },
      },
    );
    const port = (server.app.server.address() as net.AddressInfo).port;

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await arrived;
    const closed = server.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closed;

    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    await expect(server.database.ping()).rejects.toThrow();
    expect(fs.existsSync(path.join(dataDir, 'rampart.lock'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
    // A real server on a data directory: slow on a busy machine.
  }, 60_000);

  it('fails its health check first and keeps serving for the drain period, then closes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-drain-'));
    const database =
      testDatabaseKind() === 'postgres' ? await createTestDatabase('postgres') : null;
    if (!database) await migratedDataDirectory(dataDir);
    try {
      const server = await startServer(
        testConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          SHUTDOWN_DRAIN_MS: '3000',
          ...(database ? { DATABASE_URL: database.url! } : { PGLITE_DIR: dataDir }),
        }),
      );
      const base = `http://127.0.0.1:${(server.app.server.address() as net.AddressInfo).port}`;
      expect((await fetch(`${base}/api/health`)).status).toBe(200);

      let closed = false;
      const closing = server.close().then(() => (closed = true));
      // The load balancer's health check fails at once...
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({
        error: { code: 'server.unavailable', message: expect.any(String) },
      });
      // ...while the requests it still sends are served, on connections it is told to close.
      const served = await fetch(`${base}/api/app-info`);
      expect(served.status).toBe(200);
      expect(served.headers.get('connection')).toBe('close');
      expect(closed).toBe(false);

      await closing;
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    } finally {
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
