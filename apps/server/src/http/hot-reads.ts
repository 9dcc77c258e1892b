import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A read answered before the framework when it can be: `read` returns the JSON body from
 * memory, or null, and the request then goes the ordinary way (routing, hooks, validation,
 * authentication, the route's handler), which answers it the same, and warms what was missing.
 */
export interface HotRead {
  /** The route pattern, as the access log and the metrics name it. */
  route: string;
  /** The paths it answers, exactly (no query string, no trailing slash); groups are its params. */
  path: RegExp;
  read(request: IncomingMessage, params: RegExpExecArray): Buffer | null;
}

export interface HotReadDeps {
  /** The headers every API answer carries (security headers), besides the read's own. */
  headers: Readonly<Record<string, string>>;
  /** False while the node closes or drains, or when the client address comes from a proxy. */
  available(): boolean;
  /** The access log's line of a request, as the framework's requests get one. */
  logRequest(fields: object): void;
  /** Counts and times a request under its route (the HTTP metrics). */
  record(route: string, method: string, status: number, seconds: number): void;
}

/**
 * The reads a classroom repeats most (every game screen refetches the ranking after each
 * solve), answered with a lookup in memory and one write of ready bytes. Through the framework
 * the same answer cost four times what node:http alone costs: a request object, a reply, a
 * child logger, a dozen hooks and promises, the parameters' validation. Here it gets the same
 * status, body and headers, its access-log line and its metrics, and nothing else. Only GET
 * with no query string; whatever the read cannot answer from memory (an unknown session, a
 * credential or membership not cached, anything refused) goes the ordinary way.
 */
export const createHotReads = () => {
  const reads: HotRead[] = [];
  let deps: HotReadDeps | null = null;
  let baseHeaders: string[] = [];

  const serve = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || !deps || reads.length === 0 || !deps.available()) return false;
    const url = request.url ?? '';
    for (const hot of reads) {
      const params = hot.path.exec(url);
      if (!params) continue;
      const started = performance.now();
      const body = hot.read(request, params);
      if (!body) return false;
      const reqId = randomUUID();
      response.writeHead(200, [
        ...baseHeaders,
        'content-length',
        String(body.length),
        'x-request-id',
        reqId,
      ]);
      response.end(body);
      const ms = performance.now() - started;
      deps.record(hot.route, 'GET', 200, ms / 1000);
      deps.logRequest({
        reqId,
        method: 'GET',
        route: hot.route,
        url,
        status: 200,
        ms: Math.round(ms * 10) / 10,
        ip: request.socket.remoteAddress,
      });
      return true;
    }
    return false;
  };

  return {
    /** Makes the node's HTTP server (the framework's `serverFactory`), hot reads first. */
    serverFactory: (
      handler: (request: IncomingMessage, response: ServerResponse) => void,
      options: Record<string, unknown>,
    ): http.Server => {
      const server = http.createServer(
        (options.http as http.ServerOptions | undefined) ?? {},
        (request, response) => {
          if (!serve(request, response)) handler(request, response);
        },
      );
      // What the framework sets on a server it makes itself.
      server.keepAliveTimeout = options.keepAliveTimeout as number;
      server.requestTimeout = options.requestTimeout as number;
      server.setTimeout(options.connectionTimeout as number);
      return server;
    },
    /** Starts answering hot reads (once the app's services exist). */
    configure(next: HotReadDeps) {
      deps = next;
      baseHeaders = [
        ...Object.entries(next.headers).flat(),
        'content-type',
        'application/json; charset=utf-8',
        'cache-control',
        'no-store',
      ];
    },
    add(read: HotRead) {
      reads.push(read);
    },
  };
};

export type HotReads = ReturnType<typeof createHotReads>;
