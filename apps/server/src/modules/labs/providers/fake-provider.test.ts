import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../../../test/clock.js';
import {
  contractTemplate,
  describeProviderContract,
} from '../../../../test/lab-provider-contract.js';
import { FakeProvider } from './fake-provider.js';

describeProviderContract('fake', async () => {
  const clock = testClock();
  const provider = new FakeProvider({ clock, maxConcurrent: 3, readyAfterMs: 2000 });
  return {
    provider,
    clock,
    capacity: 3,
    breakNextAllocation: () => provider.failNext('allocate', 'Unavailable'),
  };
});

describe('the fake provider’s fault injection', () => {
  const allocate = (provider: FakeProvider, envId = randomUUID()) =>
    provider.allocate({
      envId,
      sessionUuid: randomUUID(),
      teamUuid: randomUUID(),
      template: contractTemplate(),
      expiresAt: new Date(Date.now() + 60_000),
    });

  it('fails the next calls of an operation with the code asked, then recovers', async () => {
    const provider = new FakeProvider();
    provider.failNext('allocate', 'Internal', 2);
    await expect(allocate(provider)).rejects.toMatchObject({ code: 'Internal' });
    await expect(allocate(provider)).rejects.toMatchObject({ code: 'Internal' });
    await expect(allocate(provider)).resolves.toMatchObject({ phase: 'Ready' });
  });

  it('takes the allocation delay asked, and an abort cuts it short', async () => {
    const provider = new FakeProvider();
    provider.setAllocateDelay(5000);
    const controller = new AbortController();
    const aborted = provider.allocate(
      {
        envId: randomUUID(),
        sessionUuid: randomUUID(),
        teamUuid: randomUUID(),
        template: contractTemplate(),
        expiresAt: new Date(Date.now() + 60_000),
      },
      controller.signal,
    );
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ code: 'Unavailable' });
    provider.setAllocateDelay(20);
    const started = Date.now();
    await allocate(provider);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('forgets a dropped environment, as a restarted host does', async () => {
    const provider = new FakeProvider();
    const status = await allocate(provider);
    provider.drop(status.envId);
    expect(await provider.status(status.envId)).toBeNull();
    expect(await provider.list()).toEqual([]);
  });
});
