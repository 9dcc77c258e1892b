import {
  ApiException,
  CoreV1Api,
  Exec,
  KubeConfig,
  NetworkingV1Api,
  type V1Namespace,
  type V1Pod,
} from '@kubernetes/client-node';
import type { EnvironmentPhase } from '@rampart/contracts';
import { systemClock, type Clock } from '../../../lib/clock.js';
import {
  ProviderError,
  type AllocateRequest,
  type ConsoleSession,
  type EnvironmentProvider,
  type EnvironmentStatus,
  type ReleaseReason,
} from '../environment-provider.js';
import { openExecConsole } from './kubernetes-console.js';
import {
  ANNOTATION,
  LABEL,
  MANAGED_BY,
  MANAGER,
  limitRangeManifest,
  namespaceManifest,
  namespaceName,
  networkPolicyManifests,
  podManifest,
  resourceQuotaManifest,
  secretManifest,
  serviceManifest,
  type KubernetesLabSettings,
} from './kubernetes-manifests.js';

export interface KubernetesProviderOptions extends KubernetesLabSettings {
  kubeConfig: KubeConfig;
  clock?: Clock<Date>;
  /** Live labs this cluster takes at once, beside the manager's own counters; null: no cap. */
  maxConcurrent?: number | null;
}

const SELECTOR = `${MANAGED_BY}=${MANAGER}`;
/** Waiting reasons that will not resolve by waiting: the lab is broken, not slow. */
const BROKEN = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
]);

const isNotFound = (error: unknown) => error instanceof ApiException && error.code === 404;
const isConflict = (error: unknown) => error instanceof ApiException && error.code === 409;

/**
 * What a failed API call means for the game: a refused quota is no capacity; the API down,
 * unreachable or refusing our credentials is the administrator's problem ("Game connection
 * error"); a manifest the API rejects is a template it cannot run.
 */
export const providerErrorOf = (error: unknown, what: string): ProviderError => {
  if (error instanceof ProviderError) return error;
  if (error instanceof ApiException) {
    const body: unknown = error.body;
    const message = typeof body === 'string' ? body : JSON.stringify(body ?? '');
    if (error.code === 403 && /exceeded quota/i.test(message))
      return new ProviderError('NoCapacity', `${what}: ${message}`, 30_000, { cause: error });
    if (error.code === 404) return new ProviderError('NotFound', what, undefined, { cause: error });
    if (error.code === 409) return new ProviderError('Contention', what, 1000, { cause: error });
    if (error.code === 400 || error.code === 422)
      return new ProviderError('InvalidTemplate', `${what}: ${message}`, undefined, {
        cause: error,
      });
    return new ProviderError('Unavailable', `${what}: the API answered ${error.code}`, undefined, {
      cause: error,
    });
  }
  // node-fetch's FetchError, a refused or reset connection, a timeout: the API is unreachable.
  return new ProviderError('Unavailable', `${what}: ${String(error)}`, undefined, {
    cause: error,
  });
};

/** The template's machines, as the namespace recorded them; none when the note was tampered with. */
const machineNamesOf = (annotations: Record<string, string>): string[] => {
  try {
    const names: unknown = JSON.parse(annotations[ANNOTATION.machines] ?? '[]');
    return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
  } catch {
    return [];
  }
};

const podReady = (pod: V1Pod) =>
  pod.status?.conditions?.some((item) => item.type === 'Ready' && item.status === 'True') ?? false;

const unschedulable = (pod: V1Pod) =>
  pod.status?.conditions?.find(
    (item) =>
      item.type === 'PodScheduled' && item.status === 'False' && item.reason === 'Unschedulable',
  );

const brokenReason = (pod: V1Pod) => {
  if (pod.status?.phase === 'Failed') return pod.status.reason ?? 'Failed';
  const waiting = pod.status?.containerStatuses?.find(
    (item) => item.state?.waiting?.reason && BROKEN.has(item.state.waiting.reason),
  );
  return waiting?.state?.waiting?.reason;
};

const crashing = (pod: V1Pod) =>
  pod.status?.containerStatuses?.some(
    (item) => item.state?.waiting?.reason === 'CrashLoopBackOff',
  ) ?? false;

/**
 * Lab environments on a Kubernetes cluster (docs/labs.md): one namespace per environment, named
 * from its id, holding a quota, a limit range, default-deny network policies, one pod and one
 * headless service per machine and the machines' flags in Secrets. Releasing deletes the
 * namespace, which removes everything in it. The console is an exec into the console machine's
 * pod. No warm pool: claiming pre-made namespaces needs opaque names and labels as the only
 * mapping, and the manager already answers a team at once with Provisioning.
 */
export class KubernetesProvider implements EnvironmentProvider {
  readonly kind = 'kubernetes' as const;
  private readonly core: CoreV1Api;
  private readonly networking: NetworkingV1Api;
  private readonly clock: Clock<Date>;

  constructor(private readonly options: KubernetesProviderOptions) {
    this.core = options.kubeConfig.makeApiClient(CoreV1Api);
    this.networking = options.kubeConfig.makeApiClient(NetworkingV1Api);
    this.clock = options.clock ?? systemClock;
  }

  capabilities() {
    return {
      console: true,
      // The WireGuard gateway runs beside the cluster (docs/labs.md): its
      // profiles are not this provider's.
      vpn: null,
      warmPool: false,
      maxConcurrent: this.options.maxConcurrent ?? null,
    };
  }

  private namespaceOf(envId: string) {
    return namespaceName(this.options.namespacePrefix, envId);
  }

  async allocate(request: AllocateRequest, signal?: AbortSignal) {
    // The work goes on when the caller gives up; whatever it leaves is an orphan the reconciler
    // removes, or the same environment a retry adopts.
    const work = this.make(request);
    if (!signal) return work;
    return new Promise<EnvironmentStatus>((resolve, reject) => {
      const abort = () => reject(new ProviderError('Unavailable', 'allocation timed out'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  }

  private async make(request: AllocateRequest): Promise<EnvironmentStatus> {
    const namespace = this.namespaceOf(request.envId);
    const existing = await this.readNamespace(namespace);
    if (existing) this.checkAdoptable(existing, request.envId);
    else await this.checkCapacity();

    const readyDeadline = new Date(
      this.clock.now().getTime() + request.template.readyTimeoutSeconds * 1000,
    );
    let created = false;
    try {
      await this.core.createNamespace({
        body: namespaceManifest(namespace, request, readyDeadline),
      });
      created = true;
    } catch (error) {
      // Another call for the same environment made it: adopt it, and make sure its content is
      // complete (that call may have died half-way).
      if (!isConflict(error)) throw providerErrorOf(error, `namespace ${namespace}`);
      const raced = await this.readNamespace(namespace);
      if (raced) this.checkAdoptable(raced, request.envId);
    }
    try {
      await this.fill(namespace, request);
    } catch (error) {
      // Half a lab is no lab: deleting the namespace removes what was made.
      if (created) await this.core.deleteNamespace({ name: namespace }).catch(() => undefined);
      throw providerErrorOf(error, `lab content in ${namespace}`);
    }
    const status = await this.status(request.envId);
    if (!status) throw new ProviderError('Contention', `namespace ${namespace} vanished`, 1000);
    // An adopted lab whose pods found no node before its deadline: the cluster is full.
    if (status.phase === 'Failed' && status.message?.startsWith('no capacity'))
      throw new ProviderError('NoCapacity', status.message, 30_000);
    return status;
  }

  /**
   * A namespace of the environment's name may be adopted when it is that environment's: never a
   * namespace someone else made (its pods would join a stranger's network), nor one still being
   * deleted (its content goes while we fill it).
   */
  private checkAdoptable(namespace: V1Namespace, envId: string) {
    const name = namespace.metadata?.name ?? '';
    if (
      namespace.metadata?.labels?.[MANAGED_BY] !== MANAGER ||
      namespace.metadata.annotations?.[ANNOTATION.envId] !== envId
    )
      throw new ProviderError('Internal', `namespace ${name} exists and is not this environment's`);
    if (namespace.metadata.deletionTimestamp)
      throw new ProviderError('Contention', `namespace ${name} is still terminating`, 5000);
  }

  /** Creates what the namespace holds; what exists already (a 409) is kept. */
  private async fill(namespace: string, request: AllocateRequest) {
    const ensure = async (create: () => Promise<unknown>) => {
      try {
        await create();
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
    };
    await this.disableServiceAccountToken(namespace);
    await ensure(() =>
      this.core.createNamespacedResourceQuota({ namespace, body: resourceQuotaManifest(request) }),
    );
    await ensure(() =>
      this.core.createNamespacedLimitRange({ namespace, body: limitRangeManifest(request) }),
    );
    for (const policy of networkPolicyManifests(request, this.options))
      await ensure(() =>
        this.networking.createNamespacedNetworkPolicy({ namespace, body: policy }),
      );
    for (const machine of request.template.machines) {
      if (Object.keys(machine.env).length > 0)
        await ensure(() =>
          this.core.createNamespacedSecret({ namespace, body: secretManifest(request, machine) }),
        );
      await ensure(() =>
        this.core.createNamespacedPod({
          namespace,
          body: podManifest(request, machine, this.options),
        }),
      );
      await ensure(() =>
        this.core.createNamespacedService({ namespace, body: serviceManifest(request, machine) }),
      );
    }
  }

  /**
   * The namespace's `default` ServiceAccount mounts no token either, so a pod made by hand
   * later inherits none. The controller creates that account shortly after the namespace: we
   * patch it, or create it first when it is not there yet.
   */
  private async disableServiceAccountToken(namespace: string) {
    const patch = [{ op: 'add', path: '/automountServiceAccountToken', value: false }];
    try {
      await this.core.patchNamespacedServiceAccount({ name: 'default', namespace, body: patch });
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      await this.core.createNamespacedServiceAccount({
        namespace,
        body: {
          apiVersion: 'v1',
          kind: 'ServiceAccount',
          metadata: { name: 'default' },
          automountServiceAccountToken: false,
        },
      });
    } catch (error) {
      if (!isConflict(error)) throw error;
      await this.core.patchNamespacedServiceAccount({ name: 'default', namespace, body: patch });
    }
  }

  /** The cluster's own cap: live labs (not terminating, not expired) against `maxConcurrent`. */
  private async checkCapacity() {
    const max = this.options.maxConcurrent;
    if (max === null || max === undefined) return;
    const live = (await this.managedNamespaces()).filter(
      (namespace) => !namespace.metadata?.deletionTimestamp && !this.expired(namespace),
    );
    if (live.length >= max)
      throw new ProviderError('NoCapacity', `the cluster runs ${live.length} labs already`, 30_000);
  }

  async status(envId: string): Promise<EnvironmentStatus | null> {
    const namespace = await this.readNamespace(this.namespaceOf(envId));
    if (!namespace) return null;
    return this.statusOf(namespace, await this.podsOf(namespace));
  }

  async extend(envId: string, expiresAt: Date) {
    const name = this.namespaceOf(envId);
    const namespace = await this.readNamespace(name);
    if (!namespace || namespace.metadata?.deletionTimestamp || this.expired(namespace))
      throw new ProviderError('NotFound', `no live environment ${envId}`);
    const key = ANNOTATION.expiresAt.replace('/', '~1');
    try {
      // Tested on the version read: a release in between turns into a conflict, not a revival.
      const patched = await this.core.patchNamespace({
        name,
        body: [
          {
            op: 'test',
            path: '/metadata/resourceVersion',
            value: namespace.metadata?.resourceVersion,
          },
          { op: 'add', path: `/metadata/annotations/${key}`, value: expiresAt.toISOString() },
        ],
      });
      return this.statusOf(patched, await this.podsOf(patched));
    } catch (error) {
      throw providerErrorOf(error, `extending ${name}`);
    }
  }

  async release(envId: string, _reason: ReleaseReason) {
    const name = this.namespaceOf(envId);
    try {
      await this.core.deleteNamespace({ name, body: { propagationPolicy: 'Foreground' } });
    } catch (error) {
      if (isNotFound(error)) return;
      throw providerErrorOf(error, `releasing ${name}`);
    }
  }

  async openConsole(
    envId: string,
    options: { machine?: string; cols: number; rows: number; participantId: string },
  ): Promise<ConsoleSession> {
    const name = this.namespaceOf(envId);
    const namespace = await this.readNamespace(name);
    if (!namespace || namespace.metadata?.deletionTimestamp || this.expired(namespace))
      throw new ProviderError('NotFound', `no live environment ${envId}`);
    const machine = options.machine ?? namespace.metadata?.annotations?.[ANNOTATION.consoleMachine];
    const pod = (await this.podsOf(namespace)).find(
      (item) => item.metadata?.labels?.[LABEL.machine] === machine,
    );
    if (!machine || !pod?.metadata?.name)
      throw new ProviderError('NotFound', `no machine ${machine ?? '?'} in ${name}`);
    if (!podReady(pod))
      throw new ProviderError('Unavailable', `machine ${machine} of ${name} is not ready`);
    // One Exec per console: the client keeps the resize queue of its last exec on the instance.
    const exec = new Exec(this.options.kubeConfig);
    try {
      return await openExecConsole(
        exec,
        { namespace: name, pod: pod.metadata.name, container: machine },
        options,
      );
    } catch (error) {
      throw providerErrorOf(error, `console on ${name}/${machine}`);
    }
  }

  async list() {
    const namespaces = (await this.managedNamespaces()).filter(
      (namespace) => !namespace.metadata?.deletionTimestamp,
    );
    // Two requests whatever the number of labs: the namespaces, then every lab pod at once.
    let pods: V1Pod[];
    try {
      pods = (await this.core.listPodForAllNamespaces({ labelSelector: SELECTOR })).items;
    } catch (error) {
      throw providerErrorOf(error, 'listing lab pods');
    }
    return namespaces.map((namespace) =>
      this.statusOf(
        namespace,
        pods.filter((pod) => pod.metadata?.namespace === namespace.metadata?.name),
      ),
    );
  }

  async close() {
    // Nothing held: each call is its own request, and consoles are closed by the hub.
  }

  // ------------------------------------------------------------------------------------------

  private async readNamespace(name: string) {
    try {
      return await this.core.readNamespace({ name });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw providerErrorOf(error, `reading namespace ${name}`);
    }
  }

  private async managedNamespaces() {
    try {
      return (await this.core.listNamespace({ labelSelector: SELECTOR })).items.filter(
        (namespace) => namespace.metadata?.annotations?.[ANNOTATION.envId],
      );
    } catch (error) {
      throw providerErrorOf(error, 'listing lab namespaces');
    }
  }

  private async podsOf(namespace: V1Namespace) {
    const name = namespace.metadata!.name!;
    try {
      return (await this.core.listNamespacedPod({ namespace: name, labelSelector: SELECTOR }))
        .items;
    } catch (error) {
      throw providerErrorOf(error, `listing pods of ${name}`);
    }
  }

  private expiresAt(namespace: V1Namespace) {
    const raw = namespace.metadata?.annotations?.[ANNOTATION.expiresAt];
    return raw ? new Date(raw) : new Date(0);
  }

  private expired(namespace: V1Namespace) {
    return this.clock.now() >= this.expiresAt(namespace);
  }

  private statusOf(namespace: V1Namespace, pods: V1Pod[]): EnvironmentStatus {
    const annotations = namespace.metadata?.annotations ?? {};
    const names = machineNamesOf(annotations);
    const byMachine = new Map(pods.map((pod) => [pod.metadata?.labels?.[LABEL.machine], pod]));
    const machines = names.map((name) => {
      const pod = byMachine.get(name);
      return {
        name,
        address: pod?.status?.podIP ?? '',
        ready: pod ? podReady(pod) : false,
        ports: (pod?.spec?.containers[0]?.ports ?? []).map((port) => port.containerPort),
      };
    });
    const readyCount = machines.filter((machine) => machine.ready).length;
    let phase: EnvironmentPhase = 'Provisioning';
    let message = `${readyCount}/${machines.length} machines ready`;
    const deadline = new Date(annotations[ANNOTATION.readyDeadline] ?? 0);
    const broken = pods.map((pod) => [pod, brokenReason(pod)] as const).find(([, why]) => why);
    const stuck = pods.map(unschedulable).find(Boolean);
    if (namespace.metadata?.deletionTimestamp || namespace.status?.phase === 'Terminating') {
      phase = 'Releasing';
    } else if (broken) {
      phase = 'Failed';
      message = `machine ${broken[0].metadata?.labels?.[LABEL.machine]}: ${broken[1]}`;
    } else if (readyCount === machines.length && machines.length > 0) {
      phase = 'Ready';
    } else if (stuck) {
      // The cluster has no room: past the template's ready timeout, that is no capacity.
      const late = this.clock.now() >= deadline;
      phase = late ? 'Failed' : 'Provisioning';
      message = `${late ? 'no capacity: ' : ''}unschedulable: ${stuck.message ?? ''}`.trim();
    } else if (readyCount > 0 && (pods.some(crashing) || pods.length < machines.length)) {
      // Some machines run, one is down or gone: the lab is usable, but not whole.
      phase = 'Degraded';
    }
    // Past its expiry a lab is over for the game, whatever its pods do: the reconciler deletes
    // it (and a TTL controller on the annotation would, with the game down).
    if (this.expired(namespace) && phase !== 'Releasing') {
      phase = 'Released';
      message = 'expired';
    }
    return {
      envId: annotations[ANNOTATION.envId] ?? '',
      phase,
      expiresAt: this.expiresAt(namespace),
      machines,
      message,
      providerRef: namespace.metadata?.name ?? '',
    };
  }
}

/** The client's configuration: a kubeconfig file, or the pod's service account in the cluster. */
export const loadKubeConfig = (source: { kubeconfig: string | null; inCluster: boolean }) => {
  const kubeConfig = new KubeConfig();
  try {
    if (source.inCluster) kubeConfig.loadFromCluster();
    else if (source.kubeconfig) kubeConfig.loadFromFile(source.kubeconfig);
  } catch (error) {
    throw new Error(`the Kubernetes configuration could not be read: ${String(error)}`, {
      cause: error,
    });
  }
  if (!kubeConfig.getCurrentCluster())
    throw new Error('the Kubernetes configuration names no current cluster');
  return kubeConfig;
};
