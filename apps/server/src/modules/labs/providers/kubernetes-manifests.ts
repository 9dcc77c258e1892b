import { createHash } from 'node:crypto';
import type {
  V1LimitRange,
  V1Namespace,
  V1NetworkPolicy,
  V1NetworkPolicyPeer,
  V1Pod,
  V1ResourceQuota,
  V1Secret,
  V1Service,
} from '@kubernetes/client-node';
import type { LabMachine } from '@rampart/contracts';
import type { AllocateRequest, ProviderTemplate } from '../environment-provider.js';

/**
 * What the Kubernetes provider sends for one environment (docs/labs.md), as pure functions of
 * the request: the provider's tests assert these manifests against a fake API, so everything
 * that isolates a team from the others and from the cluster is readable here in one place.
 */

/** The cluster-side settings the manifests depend on (from `LAB_K8S_*`). */
export interface KubernetesLabSettings {
  /** Namespaces are `<prefix>-<env id>`. */
  namespacePrefix: string;
  /** Where the VPN gateway runs: labs accept traffic from it and may answer it, nothing else. */
  vpnGateway: {
    namespaceSelector: Record<string, string>;
    podSelector: Record<string, string>;
    /** The players' tunnel addresses, when the gateway routes them rather than masquerading. */
    cidr: string | null;
  };
  /** gVisor or Kata when the cluster has them: hostile code should not share the node's kernel. */
  runtimeClassName: string | null;
}

export const MANAGED_BY = 'app.kubernetes.io/managed-by';
export const MANAGER = 'rampart';
export const LABEL = {
  envId: 'rampart/env-id',
  session: 'rampart/session',
  team: 'rampart/team',
  template: 'rampart/template',
  machine: 'rampart/machine',
} as const;
export const ANNOTATION = {
  /** The raw id: a label value may have been shortened, this never is. */
  envId: 'rampart/env-id',
  /** RFC 3339; a TTL controller on the cluster (kube-janitor) may read it when the game is down. */
  expiresAt: 'rampart/expires-at',
  /** Unschedulable pods past this fail the environment as lacking capacity. */
  readyDeadline: 'rampart/ready-deadline',
  /** The template's machine names (JSON): a missing pod is a machine not ready. */
  machines: 'rampart/machines',
  consoleMachine: 'rampart/console-machine',
} as const;

/** Players' shells and the lab's services run as this uid, never as root. */
export const LAB_UID = 1000;

const DNS_LABEL_MAX = 63;

const shortHash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 10);

/**
 * The environment's namespace: a DNS-1123 label derived from the environment id alone, so a
 * retried or concurrent allocation of the same environment meets the same namespace (and its
 * 409), and a restarted server finds it again. Too long, it keeps a hash of the whole id.
 */
export const namespaceName = (prefix: string, envId: string) => {
  const clean = `${prefix}-${envId}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (clean.length <= DNS_LABEL_MAX && clean === `${prefix}-${envId}`) return clean;
  const hash = shortHash(envId);
  return `${clean.slice(0, DNS_LABEL_MAX - hash.length - 1).replace(/-+$/, '')}-${hash}`;
};

/** A label value (63 characters of `[A-Za-z0-9._-]`, alphanumeric at both ends). */
export const labelValue = (value: string) => {
  const clean = value.replace(/[^A-Za-z0-9._-]+/g, '-');
  const fits = clean.length <= DNS_LABEL_MAX ? clean : `${clean.slice(0, 52)}-${shortHash(value)}`;
  return fits.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
};

export const consoleMachineOf = (template: ProviderTemplate) =>
  template.consoleMachine ?? template.machines[0]!.name;

const environmentLabels = (request: AllocateRequest) => ({
  [MANAGED_BY]: MANAGER,
  [LABEL.envId]: labelValue(request.envId),
  [LABEL.session]: labelValue(request.sessionUuid),
  [LABEL.team]: labelValue(request.teamUuid),
  [LABEL.template]: labelValue(request.template.id),
});

export const namespaceManifest = (
  name: string,
  request: AllocateRequest,
  readyDeadline: Date,
): V1Namespace => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: {
    name,
    labels: {
      ...environmentLabels(request),
      // Every pod we make passes `restricted` (non-root, no capability, no privilege escalation,
      // seccomp): the admission controller then refuses anything looser, whoever creates it.
      'pod-security.kubernetes.io/enforce': 'restricted',
      'pod-security.kubernetes.io/enforce-version': 'latest',
    },
    annotations: {
      [ANNOTATION.envId]: request.envId,
      [ANNOTATION.expiresAt]: request.expiresAt.toISOString(),
      [ANNOTATION.readyDeadline]: readyDeadline.toISOString(),
      [ANNOTATION.machines]: JSON.stringify(request.template.machines.map((m) => m.name)),
      [ANNOTATION.consoleMachine]: consoleMachineOf(request.template),
    },
  },
});

/** Each machine's share of the lab's resources: what its container requests and is limited to. */
const shareOf = (template: ProviderTemplate) => {
  const count = template.machines.length;
  const { cpuMillis, memoryMiB, diskMiB } = template.resources;
  return {
    cpu: `${Math.max(Math.floor(cpuMillis / count), 1)}m`,
    memory: `${Math.max(Math.floor(memoryMiB / count), 1)}Mi`,
    'ephemeral-storage': `${Math.max(Math.floor(diskMiB / count), 1)}Mi`,
  };
};

/**
 * The whole lab's budget. Processes (`pids`) have no quota in Kubernetes: the kubelet's
 * `podPidsLimit` bounds them per pod, an operator's setting (docs/labs.md).
 */
export const resourceQuotaManifest = (request: AllocateRequest): V1ResourceQuota => {
  const { cpuMillis, memoryMiB, diskMiB } = request.template.resources;
  const machines = String(request.template.machines.length);
  return {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name: 'lab', labels: environmentLabels(request) },
    spec: {
      hard: {
        pods: machines,
        services: machines,
        'requests.cpu': `${cpuMillis}m`,
        'limits.cpu': `${cpuMillis}m`,
        'requests.memory': `${memoryMiB}Mi`,
        'limits.memory': `${memoryMiB}Mi`,
        'requests.ephemeral-storage': `${diskMiB}Mi`,
        'limits.ephemeral-storage': `${diskMiB}Mi`,
        // Nothing of a lab is reachable from outside the cluster, nor keeps data past it.
        'services.nodeports': '0',
        'services.loadbalancers': '0',
        persistentvolumeclaims: '0',
      },
    },
  };
};

/** Defaults for a container made without resources (by hand, say), and the ceiling of any. */
export const limitRangeManifest = (request: AllocateRequest): V1LimitRange => {
  const { cpuMillis, memoryMiB, diskMiB } = request.template.resources;
  const share = shareOf(request.template);
  return {
    apiVersion: 'v1',
    kind: 'LimitRange',
    metadata: { name: 'lab', labels: environmentLabels(request) },
    spec: {
      limits: [
        {
          type: 'Container',
          _default: share,
          defaultRequest: share,
          max: {
            cpu: `${cpuMillis}m`,
            memory: `${memoryMiB}Mi`,
            'ephemeral-storage': `${diskMiB}Mi`,
          },
        },
      ],
    },
  };
};

const selectorLabels = (selector: Record<string, string>) => ({ matchLabels: { ...selector } });

/**
 * Default deny both ways, then exactly: the lab's own pods with each other, DNS to the cluster's
 * resolver (machines find each other by their Service name), and, when the lab has a VPN, the
 * gateway. No rule reaches the internet, the node or the cloud metadata address. These need a
 * CNI that enforces NetworkPolicies (docs/labs.md): without one they are silently ignored.
 */
export const networkPolicyManifests = (
  request: AllocateRequest,
  settings: KubernetesLabSettings,
): V1NetworkPolicy[] => {
  const labels = environmentLabels(request);
  const policy = (name: string, spec: V1NetworkPolicy['spec']): V1NetworkPolicy => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name, labels },
    spec,
  });
  const policies = [
    policy('default-deny', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] }),
    policy('allow-intra-lab', {
      podSelector: {},
      policyTypes: ['Ingress', 'Egress'],
      ingress: [{ _from: [{ podSelector: {} }] }],
      egress: [{ to: [{ podSelector: {} }] }],
    }),
    policy('allow-dns', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [
            {
              namespaceSelector: selectorLabels({ 'kubernetes.io/metadata.name': 'kube-system' }),
              podSelector: selectorLabels({ 'k8s-app': 'kube-dns' }),
            },
          ],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    }),
  ];
  if (request.template.vpn) {
    const { vpnGateway } = settings;
    const gateway: V1NetworkPolicyPeer[] = [
      {
        namespaceSelector: selectorLabels(vpnGateway.namespaceSelector),
        podSelector: selectorLabels(vpnGateway.podSelector),
      },
      ...(vpnGateway.cidr ? [{ ipBlock: { cidr: vpnGateway.cidr } }] : []),
    ];
    policies.push(
      policy('allow-vpn-gateway', {
        podSelector: {},
        policyTypes: ['Ingress', 'Egress'],
        ingress: [{ _from: gateway }],
        egress: [{ to: gateway }],
      }),
    );
  }
  return policies;
};

/** The machine's variables (its flags): only in this Secret, which only its pod reads. */
export const secretName = (machine: LabMachine) => `${machine.name}-env`;

export const secretManifest = (request: AllocateRequest, machine: LabMachine): V1Secret => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: {
    name: secretName(machine),
    labels: { ...environmentLabels(request), [LABEL.machine]: machine.name },
  },
  type: 'Opaque',
  stringData: { ...machine.env },
});

/**
 * A bare Pod per machine, not a Deployment: a lab lives an hour, its pods restart their
 * container in place (`restartPolicy: Always`), and a Deployment's replacement pod would come
 * back with a fresh state mid-exercise and hide a broken machine from the status. Deleting the
 * namespace removes everything either way.
 */
export const podManifest = (
  request: AllocateRequest,
  machine: LabMachine,
  settings: KubernetesLabSettings,
): V1Pod => {
  const share = shareOf(request.template);
  const hasEnv = Object.keys(machine.env).length > 0;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: machine.name,
      labels: { ...environmentLabels(request), [LABEL.machine]: machine.name },
    },
    spec: {
      hostname: machine.name,
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 5,
      // A player's shell must not hold credentials to the cluster's API.
      automountServiceAccountToken: false,
      // Service links would hand every pod the addresses of the lab's services as variables:
      // harmless, but noise in a player's `env`, and not how the lab is meant to be explored.
      enableServiceLinks: false,
      hostNetwork: false,
      hostPID: false,
      hostIPC: false,
      ...(settings.runtimeClassName ? { runtimeClassName: settings.runtimeClassName } : {}),
      securityContext: {
        runAsNonRoot: true,
        runAsUser: LAB_UID,
        runAsGroup: LAB_UID,
        fsGroup: LAB_UID,
        seccompProfile: { type: 'RuntimeDefault' },
      },
      containers: [
        {
          name: machine.name,
          image: machine.image,
          imagePullPolicy: 'IfNotPresent',
          ...(machine.command ? { command: machine.command } : {}),
          ports: machine.ports.map((port) => ({
            containerPort: port.port,
            protocol: port.protocol,
          })),
          // The writable places are sized scratch directories; HOME points into one.
          env: [{ name: 'HOME', value: '/tmp' }],
          ...(hasEnv ? { envFrom: [{ secretRef: { name: secretName(machine) } }] } : {}),
          resources: { requests: share, limits: share },
          securityContext: {
            allowPrivilegeEscalation: false,
            privileged: false,
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            capabilities: { drop: ['ALL'] },
            seccompProfile: { type: 'RuntimeDefault' },
          },
          volumeMounts: [
            { name: 'tmp', mountPath: '/tmp' },
            { name: 'run', mountPath: '/run' },
          ],
        },
      ],
      volumes: [
        { name: 'tmp', emptyDir: { sizeLimit: share['ephemeral-storage'] } },
        { name: 'run', emptyDir: { medium: 'Memory', sizeLimit: '16Mi' } },
      ],
    },
  };
};

/** Headless: `web` resolves to the machine's pod inside the lab, with no virtual IP to manage. */
export const serviceManifest = (request: AllocateRequest, machine: LabMachine): V1Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: {
    name: machine.name,
    labels: { ...environmentLabels(request), [LABEL.machine]: machine.name },
  },
  spec: {
    clusterIP: 'None',
    selector: { [LABEL.envId]: labelValue(request.envId), [LABEL.machine]: machine.name },
    ports: machine.ports.map((port) => ({
      name: `${port.protocol.toLowerCase()}-${port.port}`,
      port: port.port,
      targetPort: port.port,
      protocol: port.protocol,
    })),
  },
});
