import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A console ticket in a URL is a credential (docs/labs.md): logs keep only its place. */
export const maskTicket = (url: string) =>
  // Most URLs hold no ticket: no replacement (and no new string) for them.
  url.includes('ticket=') ? url.replace(/([?&]ticket=)[^&]*/, '$1[redacted]') : url;

/** A display link's token is the path segment after `display/` (the page's and the API's). */
export const maskDisplayToken = (url: string) =>
  url.includes('display/') ? url.replace(/(^|\/)(display\/)[^/?#]+/, '$1$2[redacted]') : url;

/** What a masked value reads in a log line (pino's own word for its redactions). */
const CENSOR = '[Redacted]';

/** Keys whose values never reach a log: WireGuard private keys (labs' VPN). */
const SECRET_KEYS: readonly string[] = ['privateKey', 'private_key'];

const isSecretKey = (key: string) => SECRET_KEYS.includes(key);

const holdsSecret = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  SECRET_KEYS.some((key) => Object.hasOwn(value, key));

/**
 * A copy of `value` with its secrets masked: its own fields as plain values, in an object of its
 * class (an error keeps its message and stack). Whatever the copy cannot be made of (a getter
 * that throws) is masked whole: a log line never fails, and never carries the key.
 */
const maskedCopy = (value: object): unknown => {
  try {
    const copy = Object.assign(
      Object.create(Object.getPrototypeOf(value) as object | null) as object,
      value,
    ) as Record<string, unknown>;
    if (value instanceof Error) Object.assign(copy, { message: value.message, stack: value.stack });
    for (const key of Object.keys(copy)) if (isSecretKey(key)) copy[key] = CENSOR;
    return copy;
  } catch {
    return CENSOR;
  }
};

/**
 * A log call's details with any private key masked, at the top level or one level down
 * (`{ gateway: { private_key } }`), should one ever reach them: the logger's formatter of every
 * line. Most lines hold none, and get their own object back, not a copy: the access line of
 * every request costs two key comparisons per field, where the logger's wildcard redaction
 * (`*.privateKey`) cloned and serialised each field of each line again.
 */
export const maskLogSecrets = (details: Record<string, unknown>): Record<string, unknown> => {
  let masked: Record<string, unknown> | null = null;
  for (const key of Object.keys(details)) {
    const value = details[key];
    if (isSecretKey(key)) (masked ??= { ...details })[key] = CENSOR;
    else if (holdsSecret(value)) (masked ??= { ...details })[key] = maskedCopy(value);
  }
  return masked ?? details;
};

/** The request, as Fastify's own lines that carry one show it: with the URL masked. */
export const requestLogFields = (request: FastifyRequest) => ({
  method: request.method,
  url: maskDisplayToken(maskTicket(request.url)),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * Routes polled by machines (load balancers, probes) every few seconds: a line each would bury
 * the players' requests. They are still logged when they fail.
 */
const quietRoutes = new Set(['/api/health']);

/** The error behind a 5xx, kept until the request's one log line is written. */
const failures = new WeakMap<FastifyRequest, unknown>();

/** Keeps `error` for the request's log line (the error handler calls it instead of logging). */
export const noteRequestFailure = (request: FastifyRequest, error: unknown) => {
  failures.set(request, error);
};

/**
 * One line per request once its response is sent, in place of Fastify's two (incoming and
 * completed): method, route, URL, status, duration and client address, with the request id
 * every line of the request carries. 4xx stay at info (bad input is the players' daily bread);
 * 5xx are logged at error with the error and its stack. Fastify's controller of its own request
 * lines is the place: no hook, no extra work per request. An event stream's heartbeats are no
 * requests and are never logged.
 */
class AccessLog extends LogController {
  override incomingRequest() {}

  // The access line says it already, with the status.
  override routeNotFound() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    if (status < 500 && route !== undefined && quietRoutes.has(route)) return;
    const fields = {
      method: request.method,
      route,
      url: maskDisplayToken(maskTicket(request.url)),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (status >= 500 || error) {
      request.log.error({ ...fields, err: failures.get(request) ?? error }, 'request failed');
    } else {
      request.log.info(fields, 'request');
    }
  }
}

export const accessLog = () => new AccessLog();
