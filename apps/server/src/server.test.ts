import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/app.js';
import { startServer } from './server.js';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then stops accepting and closes the database', async () => {
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-shutdown-'));
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
  });
});
