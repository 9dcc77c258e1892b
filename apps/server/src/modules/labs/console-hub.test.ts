import { describe, expect, it } from 'vitest';
import { labTemplate } from '../../../test/lab-factories.js';
import { createConsoleHub } from './console-hub.js';
import { FakeProvider } from './providers/fake-provider.js';

const identity = {
  accountId: 'alice',
  teamUuid: 'team-1',
  environmentId: 'env-1',
  machine: 'workstation',
};
const sink = () => ({ chunks: [] as string[], exits: [] as (number | null)[], released: 0 });

const setUp = async (graceMs: number, scrollbackBytes = 1024) => {
  const provider = new FakeProvider();
  await provider.allocate({
    envId: 'env-1',
    sessionUuid: 's',
    teamUuid: 'team-1',
    template: { ...labTemplate(), id: 'm' },
    expiresAt: new Date(Date.now() + 60_000),
  });
  const hub = createConsoleHub({ perTeam: 2, graceMs, scrollbackBytes });
  const open = () => provider.openConsole('env-1', { cols: 80, rows: 24 });
  const attach = async (who = identity) => {
    const seen = sink();
    const handle = await hub.attach(
      who,
      {
        output: (chunk) => seen.chunks.push(new TextDecoder().decode(chunk)),
        exited: (code) => seen.exits.push(code),
        released: () => (seen.released += 1),
      },
      open,
    );
    return { handle, seen };
  };
  return { hub, attach };
};

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the console hub', () => {
  it('keeps a dropped shell for the grace period, then ends it', async () => {
    const { hub, attach } = await setUp(50);
    const first = await attach();
    first.handle.detach();
    expect(hub.count('env-1')).toBe(1);
    await tick(80);
    expect(hub.count('env-1')).toBe(0);
    const next = await attach();
    expect(next.handle.resumed).toBe(false);
  });

  it('replays only the end of a long output, within the scrollback bound', async () => {
    const { attach } = await setUp(1000, 64);
    const first = await attach();
    first.handle.session.write(`echo ${'x'.repeat(200)}\r`);
    await tick();
    first.handle.detach();
    const again = await attach();
    expect(again.handle.resumed).toBe(true);
    const replayed = again.handle.scrollback.reduce((bytes, chunk) => bytes + chunk.byteLength, 0);
    expect(replayed).toBeLessThanOrEqual(64);
    expect(again.handle.scrollback.length).toBeGreaterThan(0);
    again.handle.end();
  });

  it('gives each teammate a shell of their own, within the team’s limit', async () => {
    const { hub, attach } = await setUp(1000);
    const alice = await attach();
    const bob = await attach({ ...identity, accountId: 'bob' });
    expect(bob.handle.session.id).not.toBe(alice.handle.session.id);
    await expect(attach({ ...identity, accountId: 'carol' })).rejects.toMatchObject({
      code: 'lab.console_limit',
    });
    hub.closeAll();
    expect(hub.count()).toBe(0);
    // Racing connections are counted while their shells open.
    const raced = await Promise.allSettled(
      ['dave', 'erin', 'frank'].map((accountId) => attach({ ...identity, accountId })),
    );
    expect(raced.filter((result) => result.status === 'rejected')).toHaveLength(1);
    hub.closeAll();
  });

  it('forgets a shell that exited: the next connection opens a new one', async () => {
    const { hub, attach } = await setUp(1000);
    const first = await attach();
    first.handle.session.write('exit\r');
    await tick();
    expect(first.seen.exits).toEqual([0]);
    expect(hub.count('env-1')).toBe(0);
  });

  it('ends every shell of a released environment at once, attached or kept, and only those', async () => {
    const { hub, attach } = await setUp(1000);
    const alice = await attach();
    const bob = await attach({ ...identity, accountId: 'bob' });
    bob.handle.detach();
    hub.releaseEnvironment('env-2');
    expect(hub.count('env-1')).toBe(2);
    hub.releaseEnvironment('env-1');
    expect(hub.count('env-1')).toBe(0);
    expect(alice.seen.released).toBe(1);
    // A kept shell has no one to tell.
    expect(bob.seen.released).toBe(0);
    expect(alice.seen.exits).toEqual([]);
  });
});
