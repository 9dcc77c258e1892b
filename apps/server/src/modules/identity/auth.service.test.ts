import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { systemClock } from '../../lib/clock.js';
import { createRateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import { createAuthService } from './auth.service.js';
import { createIdentityRepository } from './identity.repository.js';

describe(`session look-ups (${testDatabaseKind()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers a burst of requests for one session with a single query, then from the cache', async () => {
    const repo = createIdentityRepository(database.db);
    let queries = 0;
    const countingRepo = {
      ...repo,
      findLiveSession: (idHash: string) => {
        queries += 1;
        return repo.findLiveSession(idHash);
      },
    };
    const auth = createAuthService({
      repo: countingRepo,
      rateLimits: createRateLimitRepository(database.db),
      config: testConfig().auth,
      clock: systemClock,
    });
    const account = await buildAccount(database.db);
    const { secret } = await auth.login('player', account.username, account.password, {
      ip: '127.0.0.1',
      userAgent: null,
    });

    const principals = await Promise.all(
      Array.from({ length: 50 }, () =>
        auth.authenticate({ kind: 'cookie', value: secret }, 'player'),
      ),
    );
    expect(
      principals.every(
        (principal) =>
          principal !== null && principal !== 'expired' && principal.accountId === account.id,
      ),
    ).toBe(true);
    expect(queries).toBe(1);
    await auth.authenticate({ kind: 'cookie', value: secret }, 'player');
    expect(queries).toBe(1);
  });
});
