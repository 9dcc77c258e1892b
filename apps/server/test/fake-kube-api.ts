import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { fakeConsole } from '../src/modules/labs/providers/fake-provider.js';

/**
 * A Kubernetes API server on 127.0.0.1 that keeps objects in memory (docs/labs.md): enough of
 * the core and networking APIs for the Kubernetes lab provider, the exec endpoint over a real
 * WebSocket (the client's own), every request recorded with its body so tests read the
 * manifests sent, and failures to inject. Not a kube-apiserver: no validation beyond names, no
 * controllers except the few it imitates (the `default` service account, pod readiness).
 */

type KubeObject = {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    resourceVersion?: string;
    uid?: string;
    creationTimestamp?: string;
    deletionTimestamp?: string;
  };
  [field: string]: unknown;
};

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type PodState = 'Ready' | 'Unschedulable' | 'CrashLoopBackOff' | 'ErrImagePull';

const KINDS: Record<string, string> = {
  pods: 'Pod',
  services: 'Service',
  secrets: 'Secret',
  serviceaccounts: 'ServiceAccount',
  resourcequotas: 'ResourceQuota',
  limitranges: 'LimitRange',
  networkpolicies: 'NetworkPolicy',
};

const status = (code: number, reason: string, message: string) => ({
  apiVersion: 'v1',
  kind: 'Status',
  status: 'Failure',
  code,
  reason,
  message,
});

const matches = (labels: Record<string, string> = {}, selector: string | null) =>
  !selector ||
  selector.split(',').every((term) => {
    const [key, value] = term.split('=');
    return value === undefined ? key! in labels : labels[key!] === value;
  });

const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** RFC 6902, the operations the provider sends (add, replace, remove, test). */
const applyJsonPatch = (
  target: KubeObject,
  operations: { op: string; path: string; value?: unknown }[],
) => {
  const copy = structuredClone(target) as Record<string, unknown>;
  for (const operation of operations) {
    const segments = operation.path.split('/').slice(1).map(unescapePointer);
    const last = segments.pop()!;
    let parent: Record<string, unknown> = copy;
    for (const segment of segments) {
      if (typeof parent[segment] !== 'object' || parent[segment] === null) {
        if (operation.op === 'test') return { conflict: true as const };
        parent[segment] = {};
      }
      parent = parent[segment] as Record<string, unknown>;
    }
    if (operation.op === 'test') {
      if (JSON.stringify(parent[last]) !== JSON.stringify(operation.value))
        return { conflict: true as const };
    } else if (operation.op === 'remove') delete parent[last];
    else parent[last] = operation.value;
  }
  return { patched: copy as KubeObject };
};

const mergePatch = (target: unknown, patch: unknown): unknown => {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
};

export interface FakeKubeApiOptions {
  /** Namespaces deleted stay Terminating until `finishTermination()` (default: gone at once). */
  slowTermination?: boolean;
  /** Pods turn Ready after being listed once, as they would a moment after creation (default). */
  podsBecomeReady?: boolean;
}

export const startFakeKubeApi = async (options: FakeKubeApiOptions = {}) => {
  const objects = new Map<string, KubeObject>();
  const listedPods = new Set<string>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let version = 1;
  const failures: number[] = [];
  const targetedFailures: { method: string; suffix: string; code: number; message: string }[] = [];
  let down = false;
  const podsBecomeReady = options.podsBecomeReady ?? true;

  const keyOf = (resource: string, namespace: string | null, name: string) =>
    `${resource}/${namespace ?? ''}/${name}`;
  const stamp = (object: KubeObject) => {
    object.metadata.resourceVersion = String((version += 1));
    return object;
  };
  const inNamespace = (resource: string, namespace: string) =>
    [...objects.entries()]
      .filter(([key]) => key.startsWith(`${resource}/${namespace}/`))
      .map(([, object]) => object);

  const podStatus = (state: PodState | 'Pending') => {
    const ready = state === 'Ready';
    if (state === 'Unschedulable')
      return {
        phase: 'Pending',
        conditions: [
          {
            type: 'PodScheduled',
            status: 'False',
            reason: 'Unschedulable',
            message: '0/3 nodes are available: 3 Insufficient cpu.',
          },
        ],
      };
    return {
      phase: state === 'Pending' || state === 'ErrImagePull' ? 'Pending' : 'Running',
      podIP: state === 'Pending' ? undefined : `10.42.0.${Math.floor(Math.random() * 200) + 2}`,
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: ready ? 'True' : 'False' },
      ],
      containerStatuses:
        state === 'CrashLoopBackOff' || state === 'ErrImagePull'
          ? [{ name: 'main', ready: false, state: { waiting: { reason: state } } }]
          : [
              {
                name: 'main',
                ready,
                state: ready ? { running: {} } : { waiting: { reason: 'ContainerCreating' } },
              },
            ],
    };
  };

  const removeNamespace = (name: string) => {
    objects.delete(keyOf('namespaces', null, name));
    for (const key of [...objects.keys()]) if (key.split('/')[1] === name) objects.delete(key);
  };

  const handle = (request: IncomingMessage, body: unknown, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (code: number, payload: unknown) => {
      response.writeHead(code, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const parts = url.pathname.split('/').filter(Boolean);
    // /api/v1/… or /apis/networking.k8s.io/v1/…
    const rest = parts[0] === 'api' ? parts.slice(2) : parts.slice(3);
    // Pods of every namespace, by label: what the provider's listing reads in one request.
    if (rest[0] === 'pods' && rest.length === 1 && request.method === 'GET') {
      const items = [...objects.entries()]
        .filter(([key]) => key.startsWith('pods/'))
        .map(([, object]) => object)
        .filter((object) => matches(object.metadata.labels, url.searchParams.get('labelSelector')));
      return send(200, { apiVersion: 'v1', kind: 'PodList', metadata: {}, items });
    }
    if (rest[0] !== 'namespaces') return send(404, status(404, 'NotFound', 'no such path'));
    const method = request.method ?? 'GET';

    // Namespaces themselves.
    if (rest.length <= 2) {
      const name = rest[1];
      if (!name && method === 'GET') {
        const items = [...objects.entries()]
          .filter(([key]) => key.startsWith('namespaces/'))
          .map(([, object]) => object)
          .filter((object) =>
            matches(object.metadata.labels, url.searchParams.get('labelSelector')),
          );
        return send(200, { apiVersion: 'v1', kind: 'NamespaceList', metadata: {}, items });
      }
      if (!name && method === 'POST') {
        const object = structuredClone(body) as KubeObject;
        const key = keyOf('namespaces', null, object.metadata.name);
        if (objects.has(key))
          return send(
            409,
            status(409, 'AlreadyExists', `namespaces "${object.metadata.name}" already exists`),
          );
        object.metadata.uid = randomUUID();
        object.metadata.creationTimestamp = new Date().toISOString();
        object.metadata.labels = {
          ...object.metadata.labels,
          'kubernetes.io/metadata.name': object.metadata.name,
        };
        object.status = { phase: 'Active' };
        objects.set(key, stamp(object));
        // The service-account controller's work, which the provider then patches.
        objects.set(
          keyOf('serviceaccounts', object.metadata.name, 'default'),
          stamp({
            apiVersion: 'v1',
            kind: 'ServiceAccount',
            metadata: { name: 'default', namespace: object.metadata.name },
          }),
        );
        return send(201, object);
      }
      const key = keyOf('namespaces', null, name!);
      const existing = objects.get(key);
      if (!existing) return send(404, status(404, 'NotFound', `namespaces "${name}" not found`));
      if (method === 'GET') return send(200, existing);
      if (method === 'DELETE') {
        if (options.slowTermination) {
          existing.metadata.deletionTimestamp = new Date().toISOString();
          existing.status = { phase: 'Terminating' };
          stamp(existing);
        } else removeNamespace(name!);
        return send(200, status(200, '', 'deleted'));
      }
      if (method === 'PATCH') return patch(key, existing, request, body, send);
      return send(405, status(405, 'MethodNotAllowed', method));
    }

    // Objects in a namespace.
    const [, namespace, resource, name] = rest as [string, string, string, string | undefined];
    if (!KINDS[resource]) return send(404, status(404, 'NotFound', `no resource ${resource}`));
    const owner = objects.get(keyOf('namespaces', null, namespace));
    if (!owner) return send(404, status(404, 'NotFound', `namespaces "${namespace}" not found`));
    if (!name && method === 'GET') {
      const items = inNamespace(resource, namespace).filter((object) =>
        matches(object.metadata.labels, url.searchParams.get('labelSelector')),
      );
      const answer = {
        apiVersion: 'v1',
        kind: `${KINDS[resource]}List`,
        metadata: {},
        items: structuredClone(items),
      };
      if (resource === 'pods' && podsBecomeReady)
        for (const pod of items) {
          const podKey = keyOf('pods', namespace, pod.metadata.name);
          if (
            listedPods.has(podKey) &&
            (pod.status as { phase?: string }).phase === 'Pending' &&
            !(pod.status as { conditions?: unknown[] }).conditions?.length
          )
            pod.status = podStatus('Ready');
          listedPods.add(podKey);
        }
      return send(200, answer);
    }
    if (!name && method === 'POST') {
      if (owner.metadata.deletionTimestamp)
        return send(403, status(403, 'Forbidden', `namespace ${namespace} is being terminated`));
      const object = structuredClone(body) as KubeObject;
      const key = keyOf(resource, namespace, object.metadata.name);
      if (objects.has(key))
        return send(
          409,
          status(409, 'AlreadyExists', `${resource} "${object.metadata.name}" already exists`),
        );
      object.metadata.namespace = namespace;
      object.metadata.uid = randomUUID();
      if (resource === 'pods') object.status = { phase: 'Pending', conditions: [] };
      objects.set(key, stamp(object));
      return send(201, object);
    }
    const key = keyOf(resource, namespace, name!);
    const existing = objects.get(key);
    if (!existing) return send(404, status(404, 'NotFound', `${resource} "${name}" not found`));
    if (method === 'GET') return send(200, existing);
    if (method === 'DELETE') {
      objects.delete(key);
      return send(200, status(200, '', 'deleted'));
    }
    if (method === 'PATCH') return patch(key, existing, request, body, send);
    return send(405, status(405, 'MethodNotAllowed', method));
  };

  const patch = (
    key: string,
    existing: KubeObject,
    request: IncomingMessage,
    body: unknown,
    send: (code: number, payload: unknown) => void,
  ) => {
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('application/json-patch+json')) {
      const result = applyJsonPatch(existing, body as { op: string; path: string }[]);
      if ('conflict' in result)
        return send(409, status(409, 'Conflict', 'the object has been modified'));
      objects.set(key, stamp(result.patched));
      return send(200, result.patched);
    }
    if (type.startsWith('application/merge-patch+json')) {
      const patched = mergePatch(existing, body) as KubeObject;
      objects.set(key, stamp(patched));
      return send(200, patched);
    }
    return send(415, status(415, 'UnsupportedMediaType', type));
  };

  const server = createServer((request, response) => {
    if (down) return void request.socket.destroy();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
      });
      const targeted = targetedFailures.findIndex(
        (item) => item.method === request.method && url.pathname.endsWith(item.suffix),
      );
      const failure =
        targeted >= 0
          ? targetedFailures.splice(targeted, 1)[0]!
          : failures.length > 0
            ? { code: failures.shift()!, message: 'injected failure' }
            : null;
      if (failure) {
        response.writeHead(failure.code, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify(status(failure.code, 'Failure', failure.message)));
      }
      handle(request, body, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  // The exec endpoint: the channel protocol over a WebSocket, with the fake provider's shell.
  const exec = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const found = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/exec$/.exec(url.pathname);
    requests.push({ method: 'EXEC', path: url.pathname, query: url.searchParams, body: null });
    const pod = found && objects.get(keyOf('pods', found[1]!, found[2]!));
    if (down || !pod) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    exec.handleUpgrade(request, socket, head, (ws) => serveShell(ws));
  });
  const liveExecs = new Set<WebSocket>();
  const serveShell = (ws: WebSocket) => {
    liveExecs.add(ws);
    ws.on('close', () => liveExecs.delete(ws));
    const shell = fakeConsole({ cols: 80, rows: 24 });
    const frame = (stream: number, payload: Uint8Array | string) =>
      Buffer.concat([Buffer.from([stream]), Buffer.from(payload)]);
    shell.onData((chunk) => ws.send(frame(1, chunk)));
    shell.onExit(({ code }) => {
      const report =
        code === 0
          ? { metadata: {}, status: 'Success' }
          : {
              metadata: {},
              status: 'Failure',
              reason: 'NonZeroExitCode',
              details: { causes: [{ reason: 'ExitCode', message: String(code ?? 137) }] },
            };
      ws.send(frame(3, JSON.stringify(report)), () => ws.close());
    });
    ws.on('message', (data: RawData) => {
      const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      const payload = buffer.subarray(1);
      if (buffer[0] === 0) shell.write(new Uint8Array(payload));
      else if (buffer[0] === 4) {
        // Go decodes the size case-insensitively: the client sends {"width","height"}.
        const size = JSON.parse(payload.toString('utf8')) as Record<string, number>;
        const read = (name: string) =>
          Object.entries(size).find(([key]) => key.toLowerCase() === name)?.[1] ?? 0;
        shell.resize(read('width'), read('height'));
      }
    });
    ws.on('close', () => void shell.close());
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    requests,
    /** A client configuration pointing at this server, as a kubeconfig file would. */
    kubeConfig() {
      const config = new KubeConfig();
      config.loadFromOptions({
        clusters: [{ name: 'fake', server: url, skipTLSVerify: true }],
        users: [{ name: 'rampart', token: 'fake-token' }],
        contexts: [{ name: 'fake', cluster: 'fake', user: 'rampart' }],
        currentContext: 'fake',
      });
      return config;
    },
    /** The next `times` requests answer `code` (500 by default). */
    failNext(times = 1, code = 500) {
      failures.push(...Array.from({ length: times }, () => code));
    },
    /** The next request of this method whose path ends with `suffix` answers `code`. */
    failOn(method: string, suffix: string, code = 500, message = 'injected failure') {
      targetedFailures.push({ method, suffix, code, message });
    },
    /** Down: every connection is cut, as an unreachable API server. */
    setDown(value: boolean) {
      down = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    get(resource: string, namespace: string | null, name: string) {
      return objects.get(keyOf(resource, namespace, name));
    },
    list(resource: string, namespace: string) {
      return inNamespace(resource, namespace);
    },
    namespaces() {
      return [...objects.entries()]
        .filter(([key]) => key.startsWith('namespaces/'))
        .map(([, object]) => object);
    },
    /** Sets every pod of a namespace (or one machine's) as the scheduler and kubelet would. */
    setPods(namespace: string, state: PodState, machine?: string) {
      for (const pod of inNamespace('pods', namespace))
        if (!machine || pod.metadata.name === machine) {
          pod.status = podStatus(state);
          stamp(pod);
        }
    },
    /** A namespace appears that the game never asked for (an orphan), or is removed by hand. */
    put(resource: string, namespace: string | null, object: KubeObject) {
      objects.set(keyOf(resource, namespace, object.metadata.name), stamp(structuredClone(object)));
    },
    remove(resource: string, namespace: string | null, name: string) {
      objects.delete(keyOf(resource, namespace, name));
    },
    /** Exec connections still open: a closed console leaves none. */
    openExecs() {
      return liveExecs.size;
    },
    /** Terminating namespaces finish going. */
    finishTermination() {
      for (const namespace of this.namespaces())
        if (namespace.metadata.deletionTimestamp) removeNamespace(namespace.metadata.name);
    },
    /** The requests that created objects of a resource, bodies as sent. */
    created(resource: string) {
      return requests
        .filter((item) => item.method === 'POST' && item.path.endsWith(`/${resource}`))
        .map((item) => item.body as KubeObject);
    },
    async close() {
      exec.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type FakeKubeApi = Awaited<ReturnType<typeof startFakeKubeApi>>;
