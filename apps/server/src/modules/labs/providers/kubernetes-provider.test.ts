import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import type { Exec } from '@kubernetes/client-node';
import { labTemplateSchema } from '@rampart/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testClock } from '../../../../test/clock.js';
import { startFakeKubeApi, type FakeKubeApi } from '../../../../test/fake-kube-api.js';
import {
  contractTemplate,
  describeProviderContract,
  readUntil,
} from '../../../../test/lab-provider-contract.js';
import type { AllocateRequest } from '../environment-provider.js';
import { INPUT_BACKLOG_BYTES, exitCodeOf, openExecConsole } from './kubernetes-console.js';
import { namespaceName, type KubernetesLabSettings } from './kubernetes-manifests.js';
import { KubernetesProvider } from './kubernetes-provider.js';

/** A body as the API received it: JSON, read field by field by the assertions. */
type Sent = ReturnType<typeof JSON.parse>;

const settings: KubernetesLabSettings = {
  namespacePrefix: 'rampart-lab',
  vpnGateway: {
    namespaceSelector: { 'kubernetes.io/metadata.name': 'rampart-vpn' },
    podSelector: { 'app.kubernetes.io/name': 'rampart-vpn-gateway' },
    cidr: '10.200.0.0/16',
  },
  runtimeClassName: null,
};

describeProviderContract('kubernetes, against a fake API on loopback', async () => {
  const api = await startFakeKubeApi();
  const clock = testClock();
  const provider = new KubernetesProvider({
    ...settings,
    kubeConfig: api.kubeConfig(),
    clock,
    maxConcurrent: 3,
  });
  return {
    provider,
    clock,
    capacity: 3,
    // The API server answers 500 to the allocation's first request.
    breakNextAllocation: () => api.failNext(1, 500),
    close: () => api.close(),
  };
});

describe('the Kubernetes provider', () => {
  let api: FakeKubeApi;
  let clock: ReturnType<typeof testClock>;
  let provider: KubernetesProvider;

  const makeProvider = (overrides: Partial<KubernetesLabSettings> = {}) =>
    new KubernetesProvider({ ...settings, ...overrides, kubeConfig: api.kubeConfig(), clock });

  const request = (overrides: Partial<AllocateRequest> = {}): AllocateRequest => ({
    envId: randomUUID(),
    sessionUuid: randomUUID(),
    teamUuid: randomUUID(),
    template: contractTemplate(),
    expiresAt: new Date(clock.now().getTime() + 600_000),
    ...overrides,
  });

  /** Every object the allocation sent, by resource, as the API received it. */
  const sent = (resource: string, namespace: string) =>
    api.requests
      .filter(
        (item) =>
          item.method === 'POST' && item.path.endsWith(`/namespaces/${namespace}/${resource}`),
      )
      .map((item) => item.body as Sent);

  beforeEach(async () => {
    api = await startFakeKubeApi();
    clock = testClock();
    provider = makeProvider();
  });

  afterEach(async () => {
    await provider.close();
    await api.close();
  });

  describe('names and labels', () => {
    it('names the namespace from the environment id alone: the same id, the same namespace', async () => {
      const envId = randomUUID();
      const first = await provider.allocate(request({ envId }));
      const again = await provider.allocate(request({ envId, teamUuid: randomUUID() }));
      expect(first.providerRef).toBe(`rampart-lab-${envId}`);
      expect(again.providerRef).toBe(first.providerRef);
      expect(api.namespaces()).toHaveLength(1);
    });

    it('gives two teams of one session two namespaces', async () => {
      const sessionUuid = randomUUID();
      const one = await provider.allocate(request({ sessionUuid }));
      const two = await provider.allocate(request({ sessionUuid }));
      expect(one.providerRef).not.toBe(two.providerRef);
      expect(
        api
          .namespaces()
          .map((namespace) => namespace.metadata.name)
          .sort(),
      ).toEqual([one.providerRef, two.providerRef].sort());
    });

    it('keeps a namespace name a DNS label of 63 characters at most, whatever the id', () => {
      for (const envId of [randomUUID(), 'A_Very/Long!'.repeat(10), 'x']) {
        const name = namespaceName('rampart-lab', envId);
        expect(name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
        expect(name.length).toBeLessThanOrEqual(63);
        expect(namespaceName('rampart-lab', envId)).toBe(name);
      }
      expect(namespaceName('rampart-lab', 'a'.repeat(80))).not.toBe(
        namespaceName('rampart-lab', `${'a'.repeat(79)}b`),
      );
    });

    it('labels the namespace with its session, team, environment and template, enforces the restricted pod security level and records the expiry', async () => {
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      const [namespace] = api.created('namespaces');
      expect(namespace!.metadata.name).toBe(providerRef);
      expect(namespace!.metadata.labels).toEqual({
        'app.kubernetes.io/managed-by': 'rampart',
        'rampart/env-id': asked.envId,
        'rampart/session': asked.sessionUuid,
        'rampart/team': asked.teamUuid,
        'rampart/template': asked.template.id,
        'pod-security.kubernetes.io/enforce': 'restricted',
        'pod-security.kubernetes.io/enforce-version': 'latest',
      });
      expect(namespace!.metadata.annotations).toMatchObject({
        'rampart/expires-at': asked.expiresAt.toISOString(),
        'rampart/env-id': asked.envId,
      });
    });
  });

  describe('isolation', () => {
    it('denies all traffic by default, then allows the lab’s own pods and DNS only', async () => {
      const { providerRef } = await provider.allocate(request());
      const policies = sent('networkpolicies', providerRef);
      expect(policies.map((policy) => policy.metadata.name)).toEqual([
        'default-deny',
        'allow-intra-lab',
        'allow-dns',
      ]);
      const [deny, intra, dns] = policies;
      expect(deny!.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
      expect(intra!.spec).toEqual({
        podSelector: {},
        policyTypes: ['Ingress', 'Egress'],
        ingress: [{ from: [{ podSelector: {} }] }],
        egress: [{ to: [{ podSelector: {} }] }],
      });
      expect(dns!.spec).toEqual({
        podSelector: {},
        policyTypes: ['Egress'],
        egress: [
          {
            to: [
              {
                namespaceSelector: {
                  matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' },
                },
                podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
              },
            ],
            ports: [
              { protocol: 'UDP', port: 53 },
              { protocol: 'TCP', port: 53 },
            ],
          },
        ],
      });
      // No rule anywhere opens an address block: no internet, no node, no metadata service.
      expect(JSON.stringify(policies)).not.toContain('ipBlock');
    });

    it('lets the VPN gateway in and out when the lab has a VPN, and nothing else', async () => {
      const template = { ...contractTemplate(), vpn: true };
      const { providerRef } = await provider.allocate(request({ template }));
      const gateway = sent('networkpolicies', providerRef).find(
        (policy) => policy.metadata.name === 'allow-vpn-gateway',
      );
      const peers = [
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'rampart-vpn' } },
          podSelector: { matchLabels: { 'app.kubernetes.io/name': 'rampart-vpn-gateway' } },
        },
        { ipBlock: { cidr: '10.200.0.0/16' } },
      ];
      expect(gateway!.spec).toEqual({
        podSelector: {},
        policyTypes: ['Ingress', 'Egress'],
        ingress: [{ from: peers }],
        egress: [{ to: peers }],
      });
    });

    it('sets the quota and the limit range from the template’s resources', async () => {
      const template = {
        ...contractTemplate(),
        resources: { cpuMillis: 1000, memoryMiB: 768, pids: 128, diskMiB: 512 },
      };
      const { providerRef } = await provider.allocate(request({ template }));
      const [quota] = sent('resourcequotas', providerRef);
      expect(quota!.spec.hard).toEqual({
        pods: '2',
        services: '2',
        'requests.cpu': '1000m',
        'limits.cpu': '1000m',
        'requests.memory': '768Mi',
        'limits.memory': '768Mi',
        'requests.ephemeral-storage': '512Mi',
        'limits.ephemeral-storage': '512Mi',
        'services.nodeports': '0',
        'services.loadbalancers': '0',
        persistentvolumeclaims: '0',
      });
      const [limits] = sent('limitranges', providerRef);
      const share = { cpu: '500m', memory: '384Mi', 'ephemeral-storage': '256Mi' };
      expect(limits!.spec.limits).toEqual([
        {
          type: 'Container',
          default: share,
          defaultRequest: share,
          max: { cpu: '1000m', memory: '768Mi', 'ephemeral-storage': '512Mi' },
        },
      ]);
      for (const pod of sent('pods', providerRef))
        expect(pod.spec.containers[0].resources).toEqual({ requests: share, limits: share });
    });

    it('mounts no service-account token: not in any pod, not from the namespace’s default account', async () => {
      const { providerRef } = await provider.allocate(request());
      const pods = sent('pods', providerRef);
      expect(pods).toHaveLength(2);
      for (const pod of pods) expect(pod.spec.automountServiceAccountToken).toBe(false);
      expect(api.get('serviceaccounts', providerRef, 'default')).toMatchObject({
        automountServiceAccountToken: false,
      });
      expect(JSON.stringify(pods)).not.toContain('serviceAccountName');
    });

    it('creates the default account without a token when the controller has not made it yet', async () => {
      // The namespace's default account is deleted as soon as it appears.
      const asked = request();
      const name = `rampart-lab-${asked.envId}`;
      api.put('namespaces', null, {
        metadata: {
          name,
          labels: { 'app.kubernetes.io/managed-by': 'rampart' },
          annotations: {
            'rampart/env-id': asked.envId,
            'rampart/expires-at': asked.expiresAt.toISOString(),
            'rampart/machines': '["workstation","web"]',
          },
        },
      });
      await provider.allocate(asked);
      expect(api.created('serviceaccounts')).toEqual([
        expect.objectContaining({ automountServiceAccountToken: false }),
      ]);
    });

    it('runs every machine unprivileged: non-root uid, no capability, no escalation, seccomp, read-only root', async () => {
      provider = makeProvider({ runtimeClassName: 'gvisor' });
      const { providerRef } = await provider.allocate(request());
      for (const pod of sent('pods', providerRef)) {
        expect(pod.spec).toMatchObject({
          hostNetwork: false,
          hostPID: false,
          hostIPC: false,
          enableServiceLinks: false,
          runtimeClassName: 'gvisor',
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 1000,
            seccompProfile: { type: 'RuntimeDefault' },
          },
        });
        expect(pod.spec.containers[0].securityContext).toEqual({
          allowPrivilegeEscalation: false,
          privileged: false,
          readOnlyRootFilesystem: true,
          runAsNonRoot: true,
          capabilities: { drop: ['ALL'] },
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(JSON.stringify(pod)).not.toContain('hostPath');
      }
    });

    it('puts a machine’s flag in its own Secret only, never in a pod spec', async () => {
      const template = {
        id: 'flags',
        ...labTemplateSchema.parse({
          machines: [
            { name: 'workstation', image: 'rampart/workstation:1' },
            {
              name: 'web',
              image: 'rampart/web:1',
              command: ['/srv/web', '--port', '80'],
              ports: [{ port: 80 }],
              env: { FLAG: 'RAMPART{only-in-the-secret}' },
            },
          ],
        }),
      };
      const { providerRef } = await provider.allocate(request({ template }));
      const secrets = sent('secrets', providerRef);
      expect(secrets).toEqual([
        expect.objectContaining({
          metadata: expect.objectContaining({ name: 'web-env' }),
          stringData: { FLAG: 'RAMPART{only-in-the-secret}' },
        }),
      ]);
      const pods = sent('pods', providerRef);
      expect(JSON.stringify(pods)).not.toContain('only-in-the-secret');
      const web = pods.find((pod) => pod.metadata.name === 'web')!;
      expect(web.spec.containers[0].envFrom).toEqual([{ secretRef: { name: 'web-env' } }]);
      expect(web.spec.containers[0].command).toEqual(['/srv/web', '--port', '80']);
      // The workstation, where players have a shell, reads no Secret at all.
      const workstation = pods.find((pod) => pod.metadata.name === 'workstation')!;
      expect(workstation.spec.containers[0].envFrom).toBeUndefined();
    });

    it('gives every machine a headless service with its ports, found by name inside the lab', async () => {
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      const services = sent('services', providerRef);
      expect(services.map((service) => service.metadata.name).sort()).toEqual([
        'web',
        'workstation',
      ]);
      const web = services.find((service) => service.metadata.name === 'web')!;
      expect(web.spec).toEqual({
        clusterIP: 'None',
        selector: { 'rampart/env-id': asked.envId, 'rampart/machine': 'web' },
        ports: [{ name: 'tcp-80', port: 80, targetPort: 80, protocol: 'TCP' }],
      });
    });
  });

  describe('status', () => {
    it('fails the environment on a machine whose image cannot be pulled', async () => {
      const { envId, providerRef } = await provider.allocate(request());
      api.setPods(providerRef, 'ErrImagePull', 'web');
      expect(await provider.status(envId)).toMatchObject({
        phase: 'Failed',
        message: 'machine web: ErrImagePull',
      });
    });

    it('waits on unschedulable pods until the ready deadline, then reports no capacity', async () => {
      const asked = request();
      await provider.allocate(asked);
      api.setPods(`rampart-lab-${asked.envId}`, 'Unschedulable');
      expect(await provider.status(asked.envId)).toMatchObject({ phase: 'Provisioning' });
      clock.advance(asked.template.readyTimeoutSeconds * 1000);
      const late = await provider.status(asked.envId);
      expect(late).toMatchObject({ phase: 'Failed' });
      expect(late!.message).toMatch(/^no capacity: unschedulable/);
    });

    it('reports a machine crashing after the lab was ready as Degraded', async () => {
      const { envId, providerRef } = await provider.allocate(request());
      api.setPods(providerRef, 'Ready');
      api.setPods(providerRef, 'CrashLoopBackOff', 'web');
      expect(await provider.status(envId)).toMatchObject({
        phase: 'Degraded',
        message: '1/2 machines ready',
      });
    });

    it('reports a ready lab whose pod was deleted as Degraded', async () => {
      const { envId, providerRef } = await provider.allocate(request());
      api.setPods(providerRef, 'Ready');
      api.remove('pods', providerRef, 'web');
      expect(await provider.status(envId)).toMatchObject({
        phase: 'Degraded',
        message: '1/2 machines ready',
      });
    });

    it('reports a namespace being deleted as Releasing, and refuses to reallocate it until it is gone', async () => {
      await api.close();
      api = await startFakeKubeApi({ slowTermination: true });
      provider = makeProvider();
      const asked = request();
      await provider.allocate(asked);
      await provider.release(asked.envId, 'user');
      expect(await provider.status(asked.envId)).toMatchObject({ phase: 'Releasing' });
      await expect(provider.allocate(asked)).rejects.toMatchObject({ code: 'Contention' });
      expect(await provider.list()).toEqual([]);
      api.finishTermination();
      expect(await provider.status(asked.envId)).toBeNull();
    });
  });

  describe('lifecycle', () => {
    it('extends by patching the expiry annotation', async () => {
      const asked = request();
      await provider.allocate(asked);
      const later = new Date(asked.expiresAt.getTime() + 300_000);
      await provider.extend(asked.envId, later);
      const patch = api.requests.find(
        (item) => item.method === 'PATCH' && item.path.endsWith(asked.envId),
      );
      expect(patch!.body).toEqual([
        { op: 'test', path: '/metadata/resourceVersion', value: expect.any(String) },
        {
          op: 'add',
          path: '/metadata/annotations/rampart~1expires-at',
          value: later.toISOString(),
        },
      ]);
    });

    it('releases by deleting the namespace, which takes everything in it', async () => {
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      await provider.release(asked.envId, 'expired');
      expect(api.requests.at(-1)).toMatchObject({
        method: 'DELETE',
        path: `/api/v1/namespaces/${providerRef}`,
        body: { propagationPolicy: 'Foreground' },
      });
      expect(api.list('pods', providerRef)).toEqual([]);
    });

    it('completes a half-made environment when its allocation is retried', async () => {
      // A server died half-way: the namespace is there, a pod and a policy are not.
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      api.remove('pods', providerRef, 'web');
      api.remove('networkpolicies', providerRef, 'allow-dns');
      const again = await provider.allocate(asked);
      expect(again.providerRef).toBe(providerRef);
      expect(
        api
          .list('pods', providerRef)
          .map((pod) => pod.metadata.name)
          .sort(),
      ).toEqual(['web', 'workstation']);
      expect(api.list('networkpolicies', providerRef)).toHaveLength(3);
    });

    it('never moves into a namespace of the same name that is not this environment’s', async () => {
      const asked = request();
      api.put('namespaces', null, { metadata: { name: `rampart-lab-${asked.envId}`, labels: {} } });
      await expect(provider.allocate(asked)).rejects.toMatchObject({ code: 'Internal' });
      expect(api.created('pods')).toEqual([]);
    });

    it('answers NoCapacity when an adopted lab’s pods found no node before its deadline', async () => {
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      api.setPods(providerRef, 'Unschedulable');
      clock.advance(asked.template.readyTimeoutSeconds * 1000);
      await expect(provider.allocate(asked)).rejects.toMatchObject({ code: 'NoCapacity' });
    });

    it('removes a half-made namespace when the API fails during the allocation', async () => {
      const asked = request();
      api.failOn('POST', '/pods');
      await expect(provider.allocate(asked)).rejects.toMatchObject({ code: 'Unavailable' });
      expect(api.requests.at(-1)).toMatchObject({
        method: 'DELETE',
        path: `/api/v1/namespaces/rampart-lab-${asked.envId}`,
      });
      expect(api.namespaces()).toEqual([]);
      // A retry starts from scratch and succeeds.
      await expect(provider.allocate(asked)).resolves.toMatchObject({ envId: asked.envId });
    });

    it('answers NoCapacity when the cluster’s quota refuses the lab’s pods', async () => {
      const asked = request();
      api.failOn(
        'POST',
        '/pods',
        403,
        'pods "web" is forbidden: exceeded quota: compute, requested: limits.cpu=250m',
      );
      await expect(provider.allocate(asked)).rejects.toMatchObject({ code: 'NoCapacity' });
      expect(api.namespaces()).toEqual([]);
    });

    it('answers Unavailable when the caller stops waiting, and the lab is adopted on a retry', async () => {
      const asked = request();
      await expect(provider.allocate(asked, AbortSignal.abort())).rejects.toMatchObject({
        code: 'Unavailable',
      });
      // The work went on: a retry adopts what it made instead of making a second lab.
      await expect.poll(() => api.list('services', `rampart-lab-${asked.envId}`).length).toBe(2);
      const again = await provider.allocate(asked);
      expect(again.providerRef).toBe(`rampart-lab-${asked.envId}`);
      expect(api.namespaces()).toHaveLength(1);
    });

    it('answers Unavailable when the API server cannot be reached', async () => {
      api.setDown(true);
      await expect(provider.allocate(request())).rejects.toMatchObject({ code: 'Unavailable' });
      await expect(provider.list()).rejects.toMatchObject({ code: 'Unavailable' });
      api.setDown(false);
      await expect(provider.list()).resolves.toEqual([]);
    });

    it('lists each lab with its machines’ phase, in two requests however many labs run', async () => {
      const ready = await provider.allocate(request());
      const degraded = await provider.allocate(request());
      api.setPods(ready.providerRef, 'Ready');
      api.setPods(degraded.providerRef, 'Ready');
      api.setPods(degraded.providerRef, 'CrashLoopBackOff', 'web');
      const before = api.requests.length;
      const phases = new Map((await provider.list()).map((status) => [status.envId, status.phase]));
      expect(phases).toEqual(
        new Map([
          [ready.envId, 'Ready'],
          [degraded.envId, 'Degraded'],
        ]),
      );
      expect(api.requests.length - before).toBe(2);
    });

    it('still lists every lab when one namespace’s annotations were edited by hand', async () => {
      const { envId, providerRef } = await provider.allocate(request());
      const namespace = api.get('namespaces', null, providerRef)!;
      api.put('namespaces', null, {
        ...namespace,
        metadata: {
          ...namespace.metadata,
          annotations: { ...namespace.metadata.annotations, 'rampart/machines': '{not json' },
        },
      });
      const listed = await provider.list();
      expect(listed.map((status) => status.envId)).toEqual([envId]);
      expect(listed[0]!.machines).toEqual([]);
    });

    it('lists only the namespaces it manages', async () => {
      api.put('namespaces', null, { metadata: { name: 'kube-system', labels: {} } });
      const { envId } = await provider.allocate(request());
      expect((await provider.list()).map((status) => status.envId)).toEqual([envId]);
      expect(
        api.requests
          .find((item) => item.method === 'GET' && item.path === '/api/v1/namespaces')!
          .query.get('labelSelector'),
      ).toBe('app.kubernetes.io/managed-by=rampart');
    });
  });

  describe('console', () => {
    it('execs a login shell in the console machine’s pod, with a tty', async () => {
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      api.setPods(providerRef, 'Ready');
      const session = await provider.openConsole(asked.envId, {
        cols: 80,
        rows: 24,
        participantId: randomUUID(),
      });
      const typed = readUntil(session, 'hello');
      session.write('echo hello\n');
      await typed;
      await session.close();
      const exec = api.requests.find((item) => item.method === 'EXEC')!;
      expect(exec.path).toBe(`/api/v1/namespaces/${providerRef}/pods/workstation/exec`);
      expect(exec.query.get('tty')).toBe('true');
      expect(exec.query.get('stdin')).toBe('true');
      expect(exec.query.get('container')).toBe('workstation');
      expect(exec.query.getAll('command')[0]).toBe('/bin/sh');
    });

    it('closes the exec connection when the console is closed', async () => {
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      api.setPods(providerRef, 'Ready');
      const session = await provider.openConsole(asked.envId, {
        cols: 80,
        rows: 24,
        participantId: randomUUID(),
      });
      const exited = new Promise((resolve) => session.onExit(resolve));
      expect(api.openExecs()).toBe(1);
      await session.close();
      expect(await exited).toEqual({ code: null, reason: 'closed' });
      await expect.poll(() => api.openExecs()).toBe(0);
      // Nothing typed after the end reaches anything.
      session.write('id\n');
    });

    it('drops input past a bound while the API server reads slowly, and passes it again after', async () => {
      // The exec connection itself, stubbed: how much it holds unsent is what is under test.
      let received = 0;
      const connection = Object.assign(new EventEmitter(), { bufferedAmount: 0, close() {} });
      const exec = {
        exec: async (...args: unknown[]) => {
          (args[6] as Readable).on('data', (chunk: Buffer) => (received += chunk.length));
          return connection;
        },
      } as unknown as Exec;
      const session = await openExecConsole(
        exec,
        { namespace: 'lab', pod: 'workstation', container: 'workstation' },
        { cols: 80, rows: 24 },
      );
      const chunk = 'x'.repeat(64 * 1024);
      connection.bufferedAmount = INPUT_BACKLOG_BYTES + 1;
      for (let index = 0; index < 100; index += 1) session.write(chunk);
      expect(received).toBe(0);
      connection.bufferedAmount = 0;
      session.write('id\n');
      await expect.poll(() => received).toBe(3);
      await session.close();
    });

    it('reads the shell’s exit code from the status the API sends at its end', () => {
      expect(exitCodeOf({ status: 'Success' })).toBe(0);
      expect(
        exitCodeOf({
          status: 'Failure',
          reason: 'NonZeroExitCode',
          details: { causes: [{ reason: 'ExitCode', message: '130' }] },
        }),
      ).toBe(130);
      expect(exitCodeOf({ status: 'Failure', message: 'container not found' })).toBeNull();
    });

    it('refuses a console on a machine that is not ready yet', async () => {
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      api.setPods(providerRef, 'Unschedulable');
      await expect(
        provider.openConsole(asked.envId, { cols: 80, rows: 24, participantId: randomUUID() }),
      ).rejects.toMatchObject({ code: 'Unavailable' });
    });

    it('reports the end of the connection as an exit without a code', async () => {
      const asked = request();
      const { providerRef } = await provider.allocate(asked);
      api.setPods(providerRef, 'Ready');
      const session = await provider.openConsole(asked.envId, {
        cols: 80,
        rows: 24,
        participantId: randomUUID(),
      });
      const exited = new Promise((resolve) => session.onExit(resolve));
      api.setDown(true);
      expect(await exited).toMatchObject({ code: null });
    });
  });
});
