import { randomUUID } from 'node:crypto';
import { labTemplateSchema } from '@rampart/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateWireguardKeyPair } from '../src/modules/labs/wireguard-keys.js';
import {
  ProviderError,
  type AllocateRequest,
  type ConsoleSession,
  type EnvironmentProvider,
  type ProviderTemplate,
} from '../src/modules/labs/environment-provider.js';

/**
 * What the contract suite needs of a provider under test. Each provider's test file builds one:
 * the fake directly, the Kubernetes one against a fake API on loopback, the local one on a host
 * that can run sandboxes.
 */
export interface ProviderHarness {
  provider: EnvironmentProvider;
  /** The clock the provider reads, moved by the test. */
  clock: { now(): Date; advance(ms: number): void };
  /** Live environments the provider accepts at once. */
  capacity: number;
  /** Makes the next allocation fail as infrastructure does (API down, binary missing). */
  breakNextAllocation(): void;
  /**
   * The lab the suite allocates, when the provider runs real machines: its images must exist
   * there and its target must really listen on its port. The contract's own by default.
   */
  template?(): ProviderTemplate;
  close?(): Promise<void>;
}

export const contractTemplate = (): ProviderTemplate => ({
  id: `contract-${randomUUID().slice(0, 8)}`,
  ...labTemplateSchema.parse({
    machines: [
      { name: 'workstation', image: 'rampart/workstation:1' },
      { name: 'web', image: 'rampart/web:1', ports: [{ port: 80 }], env: { FLAG: 'RAMPART{x}' } },
    ],
    consoleMachine: 'workstation',
    ttlSeconds: 600,
    maxTtlSeconds: 1800,
  }),
});

/** Reads a console's output until `expected` appears (or fails after `timeoutMs`). */
export const readUntil = (session: ConsoleSession, expected: string | RegExp, timeoutMs = 10_000) =>
  new Promise<string>((resolve, reject) => {
    let output = '';
    const decoder = new TextDecoder();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`console never printed ${String(expected)}; got ${output}`));
    }, timeoutMs);
    const stop = session.onData((chunk) => {
      output += decoder.decode(chunk);
      if (typeof expected === 'string' ? output.includes(expected) : expected.test(output)) {
        clearTimeout(timer);
        stop();
        resolve(output);
      }
    });
  });

const providerError = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
};

/**
 * The behaviour every EnvironmentProvider owes the manager (docs/labs.md), run against each
 * implementation: same inputs, same observable answers.
 */
export const describeProviderContract = (
  name: string,
  makeProvider: () => Promise<ProviderHarness>,
) =>
  describe(`environment provider contract: ${name}`, () => {
    let harness: ProviderHarness;
    let provider: EnvironmentProvider;
    const made: string[] = [];

    const request = (overrides: Partial<AllocateRequest> = {}): AllocateRequest => {
      const envId = randomUUID();
      made.push(envId);
      return {
        envId,
        sessionUuid: randomUUID(),
        teamUuid: randomUUID(),
        template: harness.template?.() ?? contractTemplate(),
        expiresAt: new Date(harness.clock.now().getTime() + 600_000),
        ...overrides,
      };
    };

    /**
     * Waits, moving the injected clock, until the environment is Ready. Real machines take real
     * time (a busy CI host): the wait is bounded in real time, and the clock moves at most two
     * minutes, well before the suite's expiries.
     */
    const ready = async (envId: string) => {
      const deadline = Date.now() + 20_000;
      for (let attempt = 0; Date.now() < deadline; attempt += 1) {
        const status = await provider.status(envId);
        if (status?.phase === 'Ready') return status;
        if (attempt < 120) harness.clock.advance(1000);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`${envId} never became Ready`);
    };

    beforeEach(async () => {
      harness = await makeProvider();
      provider = harness.provider;
    });

    afterEach(async () => {
      for (const envId of made.splice(0)) await provider.release(envId, 'failed');
      await provider.close();
      await harness.close?.();
    });

    it('allocates an environment that becomes Ready with every machine of the template', async () => {
      const asked = request();
      const allocated = await provider.allocate(asked);
      expect(allocated.envId).toBe(asked.envId);
      expect(['Provisioning', 'Ready']).toContain(allocated.phase);
      expect(allocated.providerRef).not.toBe('');
      const status = await ready(asked.envId);
      expect(status.machines.map((machine) => machine.name).sort()).toEqual(['web', 'workstation']);
      expect(status.machines.every((machine) => machine.ready)).toBe(true);
      expect(status.expiresAt.getTime()).toBe(asked.expiresAt.getTime());
    });

    it('allocates idempotently: the same id twice is one environment', async () => {
      const asked = request();
      const [first, second] = await Promise.all([
        provider.allocate(asked),
        provider.allocate(asked),
      ]);
      expect(second.providerRef).toBe(first.providerRef);
      const third = await provider.allocate(asked);
      expect(third.providerRef).toBe(first.providerRef);
      const listed = (await provider.list()).filter((status) => status.envId === asked.envId);
      expect(listed).toHaveLength(1);
    });

    it('reports no status for an environment it never made', async () => {
      expect(await provider.status(randomUUID())).toBeNull();
    });

    it('opens a console that runs what is typed, follows resizes and reports its exit', async () => {
      const asked = request();
      await provider.allocate(asked);
      await ready(asked.envId);
      const session = await provider.openConsole(asked.envId, {
        cols: 80,
        rows: 24,
        participantId: randomUUID(),
      });
      try {
        // The expected text is not what was typed: only a command that really ran prints it.
        const ran = readUntil(session, 'rampart-echo-42');
        session.write("printf 'rampart-%s\\n' echo-42\n");
        await ran;
        // Whole digits and the bracket: a pty may cut its output anywhere.
        const identity = readUntil(session, /uid=\d+\(/);
        session.write('id\n');
        expect(await identity).not.toMatch(/uid=0\(/);

        session.resize(100, 30);
        const sized = readUntil(session, '30 100');
        session.write('stty size\n');
        await sized;

        const exited = new Promise<{ code: number | null }>((resolve) => session.onExit(resolve));
        session.write('exit\n');
        expect((await exited).code).toBe(0);
      } finally {
        await session.close();
      }
    });

    it('extends an environment: the new expiry is what status reports', async () => {
      const asked = request();
      await provider.allocate(asked);
      const later = new Date(asked.expiresAt.getTime() + 300_000);
      const extended = await provider.extend(asked.envId, later);
      expect(extended.expiresAt.getTime()).toBe(later.getTime());
      expect((await provider.status(asked.envId))?.expiresAt.getTime()).toBe(later.getTime());
    });

    it('refuses to extend or open a console on an environment it does not have', async () => {
      const missing = randomUUID();
      expect((await providerError(provider.extend(missing, new Date()))).code).toBe('NotFound');
      const refused = await providerError(
        provider.openConsole(missing, { cols: 80, rows: 24, participantId: randomUUID() }),
      );
      expect(refused.code).toBe('NotFound');
    });

    it('releases idempotently: the environment is gone, and a second release resolves', async () => {
      const asked = request();
      await provider.allocate(asked);
      await provider.release(asked.envId, 'user');
      expect(await provider.status(asked.envId)).toBeNull();
      await provider.release(asked.envId, 'user');
      await provider.release(randomUUID(), 'user');
      expect((await provider.list()).map((status) => status.envId)).not.toContain(asked.envId);
    });

    it('answers NoCapacity past its capacity, and accepts again after a release', async () => {
      const held = [];
      for (let index = 0; index < harness.capacity; index += 1) {
        const asked = request();
        await provider.allocate(asked);
        held.push(asked.envId);
      }
      const refused = await providerError(provider.allocate(request()));
      expect(refused.code).toBe('NoCapacity');
      await provider.release(held[0]!, 'user');
      const again = request();
      await expect(provider.allocate(again)).resolves.toMatchObject({ envId: again.envId });
    });

    it('answers Unavailable when its infrastructure fails, and works again after', async () => {
      harness.breakNextAllocation();
      const refused = await providerError(provider.allocate(request()));
      expect(refused.code).toBe('Unavailable');
      const asked = request();
      await expect(provider.allocate(asked)).resolves.toMatchObject({ envId: asked.envId });
    });

    it('reports an environment past its expiry as expired once the clock passes it', async () => {
      const asked = request({ expiresAt: new Date(harness.clock.now().getTime() + 60_000) });
      await provider.allocate(asked);
      harness.clock.advance(61_000);
      const status = await provider.status(asked.envId);
      // Released by the provider's own sweep, or still there with its expiry in the past: the
      // reconciler releases it either way.
      if (status) {
        expect(status.expiresAt.getTime()).toBeLessThanOrEqual(harness.clock.now().getTime());
        expect(['Released', 'Releasing', 'Ready', 'Degraded', 'Failed']).toContain(status.phase);
      }
      // An expired environment is no console target.
      const refused = await providerError(
        provider.openConsole(asked.envId, { cols: 80, rows: 24, participantId: randomUUID() }),
      );
      expect(refused.code).toBe('NotFound');
    });

    it('lists every environment it manages, so orphans can be found and removed', async () => {
      const first = request();
      const second = request();
      await provider.allocate(first);
      await provider.allocate(second);
      const listed = (await provider.list()).map((status) => status.envId);
      expect(listed).toEqual(expect.arrayContaining([first.envId, second.envId]));
      // An orphan: the game forgot it. Releasing what list() shows is what the reconciler does.
      await provider.release(second.envId, 'failed');
      const after = (await provider.list()).map((status) => status.envId);
      expect(after).toContain(first.envId);
      expect(after).not.toContain(second.envId);
    });

    it('lets a player’s key into its VPN gateway idempotently, on its own environments only', async (context) => {
      // A provider without a VPN (capabilities().vpn null) has nothing to prove here.
      if (!provider.vpnAddPeer || !provider.vpnHandshakes || !provider.capabilities().vpn)
        return context.skip();
      expect(provider.capabilities().vpn).toBe('wireguard');
      const asked = request();
      await provider.allocate(asked);
      await ready(asked.envId);
      const gateway = {
        ...generateWireguardKeyPair(),
        address: '10.201.0.1/24',
        listenPort: 51820,
      };
      const peer = { publicKey: generateWireguardKeyPair().publicKey, address: '10.201.0.2/32' };
      const first = await provider.vpnAddPeer(asked.envId, gateway, peer);
      expect(first.labCidr).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
      expect(first.labCidr).not.toBe('0.0.0.0/0');
      expect(await provider.vpnAddPeer(asked.envId, gateway, peer)).toEqual(first);
      // No laptop has connected: no handshake yet.
      expect((await provider.vpnHandshakes(asked.envId)).has(peer.publicKey)).toBe(false);
      const refused = await providerError(provider.vpnAddPeer(randomUUID(), gateway, peer));
      expect(refused.code).toBe('NotFound');
    });
  });
