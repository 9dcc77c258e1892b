import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  RouteOptions,
} from 'fastify';
import type { Config } from '../config.js';
import { isDatabaseUnavailable } from '../db/connection-errors.js';
import { sendError } from '../http/error-handler.js';
import { isApiPath } from '../http/paths.js';
import type { Metrics } from './metrics.js';

type Children = {
  requests: ReturnType<Metrics['http']['requests']['labels']>;
  duration: ReturnType<Metrics['http']['duration']['labels']> | null;
};

/**
 * The series of one route pattern, by method and status, made on first use: a request finds its
 * counters with two map lookups and allocates nothing of its own.
 */
const seriesOf = (metrics: Metrics, route: string, timed: boolean) => {
  const byMethod = new Map<string, Map<number, Children>>();
  return (method: string, status: number): Children => {
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let children = byStatus.get(status);
    if (!children) {
      children = {
        requests: metrics.http.requests.labels(method, route, String(status)),
        duration: timed ? metrics.http.duration.labels(method, route) : null,
      };
      byStatus.set(status, children);
    }
    return children;
  };
};

const record = (
  series: ReturnType<typeof seriesOf>,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const children = series(request.method, reply.statusCode);
  children.requests.inc();
  children.duration?.observe(reply.elapsedTime / 1000);
};

/**
 * Counts and times requests answered before the framework (the hot reads), under their route
 * pattern, in the same series as the framework's.
 */
export const createOutsideRecorder = (metrics: Metrics) => {
  const byRoute = new Map<string, ReturnType<typeof seriesOf>>();
  return (route: string, method: string, status: number, seconds: number) => {
    let series = byRoute.get(route);
    if (!series) byRoute.set(route, (series = seriesOf(metrics, route, true)));
    const children = series(method, status);
    children.requests.inc();
    children.duration?.observe(seconds);
  };
};

/**
 * The label of a route: its pattern for the API, the console socket and the metrics; the web
 * app's files (a route per file, their names hashed by each build) are one label.
 */
const routeLabelOf = (url: string) =>
  isApiPath(url) || url.startsWith('/ws/') || url === '/metrics' ? url : 'web-app-file';

/**
 * Counts every request by method, route pattern and status, and times it. Each route gets an
 * `onResponse` hook of its own that knows its label (never the URL: a uuid in a label would make
 * a series per session); requests no route matched (unknown API paths, and the web app's pages,
 * served by the not-found handler) are counted under `unmatched` and `web-app-page`. Event
 * streams and the console socket are counted but not timed: their time is their whole life.
 */
export const registerHttpMetrics = (app: FastifyInstance, metrics: Metrics) => {
  app.addHook('onRoute', (options: RouteOptions & { websocket?: boolean }) => {
    const streaming =
      options.websocket === true || options.config?.contract?.produces === 'text/event-stream';
    const series = seriesOf(metrics, routeLabelOf(options.url), !streaming);
    const hook: onResponseHookHandler = (request, reply, done) => {
      record(series, request, reply);
      done();
    };
    options.onResponse = [...[options.onResponse ?? []].flat(), hook];
  });
  const unmatchedApi = seriesOf(metrics, 'unmatched', true);
  const webPages = seriesOf(metrics, 'web-app-page', true);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) record(isApiPath(request.url) ? unmatchedApi : webPages, request, reply);
    done();
  });
  // Only failing requests run this: the happy path pays nothing for it.
  app.addHook('onError', (_request, _reply, error, done) => {
    if (isDatabaseUnavailable(error)) metrics.database.errors.inc({ kind: 'unavailable' });
    done();
  });
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the request carries the token: compared in constant time (digests of equal length),
 * so the time of a refusal says nothing of how much of a guess was right.
 */
const hasToken = (authorization: string | undefined, expected: Buffer) => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
};

/**
 * `GET /metrics` in Prometheus's text format, served only when configured: with a token on the
 * main port (Bearer), or on a listener of its own (METRICS_PORT at METRICS_HOST, loopback by
 * default), with the token too when one is set. Neither: no route at all (404), so a public
 * deployment never shows its figures by accident.
 */
export const registerMetricsEndpoint = (
  app: FastifyInstance,
  deps: { config: Config['metrics']; metrics: Metrics },
) => {
  const { config, metrics } = deps;
  const expected = config.token === null ? null : digest(config.token);
  const allowed = (authorization: string | undefined) =>
    expected === null || hasToken(authorization, expected);

  if (config.port === null) {
    if (expected === null) return;
    app.get('/metrics', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!allowed(request.headers.authorization)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return sendError(reply, 'auth.unauthenticated');
      }
      return reply.type(metrics.contentType).send(await metrics.scrape());
    });
    return;
  }

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    if (!allowed(request.headers.authorization)) {
      response
        .writeHead(401, {
          'Content-Type': 'text/plain; charset=utf-8',
          'WWW-Authenticate': 'Bearer realm="metrics"',
        })
        .end('Unauthorized\n');
      return;
    }
    metrics.scrape().then(
      (body) => {
        response.writeHead(200, {
          'Content-Type': metrics.contentType,
          'Cache-Control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Error\n');
      },
    );
  });
  // Opened when the app is ready, so before the main listener: once the node answers, so does
  // its metrics port, and a port that cannot be opened (taken, not allowed) stops the start
  // instead of leaving a node that nobody can scrape.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      const refuse = (error: Error) =>
        reject(
          new Error(
            `the metrics listener could not open ${config.host}:${config.port}: ${error.message}`,
            { cause: error },
          ),
        );
      server.once('error', refuse);
      server.listen(config.port!, config.host, () => {
        server.off('error', refuse);
        resolve();
      });
    });
    app.log.info({ host: config.host, port: config.port }, 'metrics served on /metrics');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
};
