import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { openPostgres } from './database.js';

const onPostgres = process.env.RAMPART_TEST_DATABASE === 'postgres';

const waitFor = async (condition: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
};

describe.runIf(onPostgres)('when PostgreSQL goes away', () => {
  it('answers 503 in the error shape, never crashes, and recovers by itself', async () => {
    const owned = await createTestDatabase('postgres');
    const target = new URL(owned.url!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(owned.url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const lost: unknown[] = [];
    const database = openPostgres(viaProxy.toString(), 4, {
      warn: (details) => lost.push(details),
    });
    const app = await createTestApp(database);
    try {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

      await proxy.cut();
      // Idle pooled connections were killed under the pool: it must not take the process down.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lost.length).toBeGreaterThan(0);

      for (const url of ['/api/health', '/api/health']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          error: { code: 'database.unavailable', message: expect.any(String) },
        });
      }

      await proxy.restore();
      await waitFor(async () => (await app.inject({ url: '/api/health' })).statusCode === 200);
    } finally {
      await app.close();
      await database.close();
      await proxy.close();
      await owned.close();
    }
  });
});
