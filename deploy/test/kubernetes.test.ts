import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config.js';

/**
 * No Kubernetes runs here: the manifests of deploy/kubernetes are checked against the API's own
 * schemas (kubernetes-models, generated from the OpenAPI of Kubernetes), then against each other
 * and against Rampart (its settings, its health check), as the API server and the kubelet would
 * find them wrong only once applied.
 */

const directory = 'deploy/kubernetes';

// What kubectl would send, by apiVersion and kind: each with its schema.
const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

const manifestFiles = fs
  .readdirSync(directory)
  .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
  .sort();

const manifests: Manifest[] = manifestFiles.flatMap((file) =>
  parseAllDocuments(fs.readFileSync(path.join(directory, file), 'utf8')).map((document) => {
    expect(document.errors, file).toEqual([]);
    return { ...(document.toJS() as object), file } as Manifest;
  }),
);

const only = <T>(kind: string) => {
  const found = manifests.filter((manifest) => manifest.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0] as unknown as T & Manifest;
};

type Labels = Record<string, string>;
interface Probe {
  httpGet?: { path: string; port: string | number };
  tcpSocket?: { port: string | number };
  periodSeconds?: number;
}
interface Container {
  name: string;
  ports: { name?: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  readinessProbe: Probe;
  livenessProbe: Probe;
  resources: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
  securityContext: { allowPrivilegeEscalation: boolean; readOnlyRootFilesystem: boolean };
}
interface DeploymentManifest {
  spec: {
    replicas: number;
    selector: { matchLabels: Labels };
    template: {
      metadata: { labels: Labels };
      spec: {
        terminationGracePeriodSeconds: number;
        securityContext: { runAsNonRoot: boolean; runAsUser: number };
        containers: Container[];
      };
    };
  };
}

const deployment = only<DeploymentManifest>('Deployment');
const podLabels = deployment.spec.template.metadata.labels;
const container = deployment.spec.template.spec.containers[0]!;
const configMap = only<{ data: Record<string, string> }>('ConfigMap');
const secret = only<{ stringData?: Record<string, string>; data?: Record<string, string> }>(
  'Secret',
);
const service = only<{
  spec: { selector: Labels; ports: { name: string; port: number; targetPort: string | number }[] };
}>('Service');

/** A pod's environment, the Secret's placeholders filled as an operator would fill them. */
const podEnvironment = () => ({
  ...configMap.data,
  ...secret.stringData,
  SECRET_KEY: randomBytes(32).toString('base64'),
});

/** A selector picks the pods when each of its labels is on them. */
const selects = (selector: Labels) =>
  Object.entries(selector).every(([key, value]) => podLabels[key] === value);

/** A port named or numbered as one of the container's. */
const isContainerPort = (port: string | number) =>
  container.ports.some((candidate) =>
    typeof port === 'number' ? candidate.containerPort === port : candidate.name === port,
  );

describe('the Kubernetes manifests', () => {
  it('each pass the Kubernetes schema of its kind', () => {
    expect(manifests.length).toBeGreaterThan(0);
    for (const manifest of manifests) {
      const { file, ...resource } = manifest;
      const Model = models[`${resource.apiVersion}/${resource.kind}`];
      expect(Model, `${file}: ${resource.apiVersion} ${resource.kind}`).toBeDefined();
      expect(() => new Model!(resource as never).validate(), file).not.toThrow();
    }
  });

  it('are checked for real: the schema refuses a broken Deployment', () => {
    const { file: _file, ...resource } = deployment;
    const broken = structuredClone(resource) as unknown as DeploymentManifest;
    broken.spec.template.spec.containers[0]!.ports[0]!.containerPort = 'http' as never;
    expect(() => new Deployment(broken as never).validate()).toThrow(/containerPort/);
  });

  it('are all listed by the kustomization', () => {
    const kustomization = parseAllDocuments(
      fs.readFileSync(path.join(directory, 'kustomization.yaml'), 'utf8'),
    )[0]!.toJS() as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual(manifestFiles);
  });

  it('select the Deployment’s pods by the same labels', () => {
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
    expect(selects(service.spec.selector)).toBe(true);
    const budget = only<{ spec: { selector: { matchLabels: Labels }; minAvailable: number } }>(
      'PodDisruptionBudget',
    );
    expect(selects(budget.spec.selector.matchLabels)).toBe(true);
    // Evictions leave a pod for the players to resume on, and can still make progress.
    expect(budget.spec.minAvailable).toBeGreaterThanOrEqual(1);
    expect(budget.spec.minAvailable).toBeLessThan(deployment.spec.replicas);
  });

  it('check readiness on /api/health and liveness on the container’s port', () => {
    const { readinessProbe, livenessProbe } = container;
    expect(readinessProbe.httpGet?.path).toBe('/api/health');
    expect(isContainerPort(readinessProbe.httpGet!.port)).toBe(true);
    const livenessPort = livenessProbe.httpGet?.port ?? livenessProbe.tcpSocket?.port;
    expect(livenessPort).toBeDefined();
    expect(isContainerPort(livenessPort!)).toBe(true);
    // The node listens where its settings say.
    expect(container.ports.map((port) => port.containerPort)).toContain(
      Number(configMap.data.PORT),
    );
  });

  it('give a stopping pod the time to drain and finish its requests', () => {
    const config = loadConfig(podEnvironment());
    const spec = deployment.spec.template.spec;
    expect(spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
      config.shutdownDrainMs + config.shutdownTimeoutMs,
    );
    // Readiness fails within the drain, so the Service stops sending before the pod closes.
    expect((container.readinessProbe.periodSeconds ?? 10) * 1000).toBeLessThan(
      config.shutdownDrainMs,
    );
  });

  it('hold only settings Rampart reads, with values it accepts', () => {
    const source = fs.readFileSync('apps/server/src/config.ts', 'utf8');
    for (const key of Object.keys(configMap.data))
      expect(source, `ConfigMap key ${key}`).toMatch(new RegExp(`^\\s+${key}: `, 'm'));
    const config = loadConfig(podEnvironment());
    expect(config.database.kind).toBe('postgres');
    expect(config.trustProxy.length).toBeGreaterThan(0);
  });

  it('reference only the Secret and ConfigMap they define, and keys they hold', () => {
    const secretKeys = Object.keys({ ...secret.data, ...secret.stringData });
    expect(secretKeys).toContain('DATABASE_URL');
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef) expect(source.configMapRef.name).toBe(configMap.metadata.name);
      if (source.secretRef) expect(source.secretRef.name).toBe(secret.metadata.name);
    }
    const references = (container.env ?? []).flatMap((variable) =>
      variable.valueFrom?.secretKeyRef ? [variable.valueFrom.secretKeyRef] : [],
    );
    expect(references.map((reference) => reference.key)).toContain('DATABASE_URL');
    for (const reference of references) {
      expect(reference.name).toBe(secret.metadata.name);
      expect(secretKeys).toContain(reference.key);
    }
    // The database's address is a secret: never in the ConfigMap.
    expect(Object.keys(configMap.data)).not.toContain('DATABASE_URL');
  });

  it('route the Ingress to the Service, and the Service to the container', () => {
    const ingress = only<{
      spec: {
        rules: {
          http: {
            paths: {
              backend: { service: { name: string; port: { name?: string; number?: number } } };
            }[];
          };
        }[];
      };
    }>('Ingress');
    const backends = ingress.spec.rules.flatMap((rule) =>
      rule.http.paths.map((entry) => entry.backend.service),
    );
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      expect(backend.name).toBe(service.metadata.name);
      expect(
        service.spec.ports.some((port) =>
          backend.port.name ? port.name === backend.port.name : port.port === backend.port.number,
        ),
      ).toBe(true);
    }
    for (const port of service.spec.ports) expect(isContainerPort(port.targetPort)).toBe(true);
  });

  it('annotate the Ingress for event streams', () => {
    const { annotations = {} } = only<object>('Ingress').metadata;
    const heartbeat = Number(configMap.data.SSE_HEARTBEAT_SECONDS ?? 15);
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(
      heartbeat * 2,
    );
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThan(
      heartbeat * 2,
    );
  });

  it('run the pods unprivileged, with resources requested', () => {
    const spec = deployment.spec.template.spec;
    expect(spec.securityContext.runAsNonRoot).toBe(true);
    expect(spec.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
    expect(container.resources.requests?.cpu).toBeDefined();
    expect(container.resources.requests?.memory).toBeDefined();
    expect(container.resources.limits?.memory).toBeDefined();
  });
});
