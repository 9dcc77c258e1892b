import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route. The server enforces it; the OpenAPI document shows it. */
export type RouteAccess = 'public' | 'guest' | 'player' | 'trainer';

/**
 * One HTTP route, declared once. `path` uses OpenAPI templates (`/api/sessions/{uuid}`).
 * The server registers handlers against these contracts, validates with their schemas and
 * refuses to start with a route that has no contract; the OpenAPI document is generated from them.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: RouteAccess;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Status → body schema; `null` for an empty body. Error statuses use the shared error shape. */
  readonly responses: Readonly<Record<number, z.ZodType | null>>;
  /**
   * The request body's content type, when it is not JSON. A multipart body is read as its fields
   * (strings) and at most one file (`{filename, mimetype, data}`), then validated with `body`.
   */
  readonly consumes?: 'multipart/form-data';
  /** Multipart routes: the largest file accepted, when not the app's default (2 MiB). */
  readonly maxUploadBytes?: number;
  /** Content type of the success body, when it is not JSON. */
  readonly produces?: string;
  /**
   * Skips the anti-forgery check. Only for routes that neither read nor set a cookie and whose
   * answer a cross-site page cannot read anyway (token issuance for API clients).
   */
  readonly csrfExempt?: true;
  /**
   * Error statuses whose answer always carries `Retry-After` (whole seconds until the limit lets
   * the caller through again). The OpenAPI document declares the header on them.
   */
  readonly retryAfter?: readonly (429 | 503)[];
  /**
   * A WebSocket: the `GET` upgrades (101) once its query has been checked, and a refusal is a
   * plain HTTP error. Served outside `/api/`, so it is not in `apiRoutes`.
   */
  readonly upgrade?: 'websocket';
}

export const defineRoute = <const T extends RouteContract>(route: T): T => route;

/** `/api/sessions/{uuid}` → `/api/sessions/:uuid` (Fastify, React Router). */
export const toColonPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');
