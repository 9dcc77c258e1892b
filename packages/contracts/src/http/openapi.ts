import { z } from 'zod';
import { cookieNames, CSRF_HEADER_NAME } from '../cookies.js';
import { errorBodySchema } from '../errors.js';
import type { RouteContract } from './route.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

/**
 * A multipart body's file parts are binary strings in OpenAPI; the rest of its schema is the
 * contract's (the server reads a file part as `{filename, mimetype, data}` before validating).
 */
const bodySchemaOf = (route: RouteContract): JsonSchema => {
  const schema = toSchema(route.body!, 'input');
  if (route.consumes !== 'multipart/form-data') return schema;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  for (const [name, property] of Object.entries(properties ?? {})) {
    if (property.type === 'object' && (property.properties as JsonSchema | undefined)?.data)
      properties![name] = { type: 'string', format: 'binary' };
  }
  return schema;
};

const statusText: Record<number, string> = {
  101: 'Switching protocols: the WebSocket is open',
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
  400: 'Malformed request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large',
  415: 'Unsupported media type',
  419: 'CSRF token mismatch',
  422: 'Validation failed',
  423: 'Locked',
  429: 'Too many requests',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

/**
 * How a caller proves who it is. A browser holds one session cookie per interface and sends the
 * anti-forgery token with every write; an API client sends a bearer token instead, which needs
 * no anti-forgery token since no browser adds it on its own.
 */
const securitySchemes = {
  playerCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: cookieNames.playerSession,
    description: 'The player interface’s session, set by `POST /api/auth/login`.',
  },
  trainerCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: cookieNames.trainerSession,
    description: 'The trainer interface’s session, set by `POST /api/trainer/auth/login`.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER_NAME,
    description: `The value of the \`${cookieNames.csrf}\` cookie (\`GET /api/csrf-cookie\` sets it), on every write that a cookie authenticates; 419 \`auth.csrf_mismatch\` without it, 403 \`auth.origin_mismatch\` from a foreign \`Origin\`.`,
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A token from `POST /api/auth/token` or `POST /api/trainer/auth/token`, for API clients.',
  },
  consoleTicket: {
    type: 'apiKey',
    in: 'query',
    name: 'ticket',
    description: 'A single-use console ticket (`…/environment/console-tickets`), valid 30 s.',
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof securitySchemes, []>>;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a browser must send the anti-forgery token with this request. */
const isCookieWrite = (method: string, route: RouteContract) =>
  UNSAFE_METHODS.has(method) && !route.csrfExempt;

/** Who may call the operation, as OpenAPI security requirements (any one of them suffices). */
const securityOf = (method: string, route: RouteContract): SecurityRequirement[] => {
  if (route.upgrade) return [{ consoleTicket: [] }];
  const withToken = (requirement: SecurityRequirement) =>
    isCookieWrite(method, route) ? { ...requirement, csrfHeader: [] as [] } : requirement;
  if (route.access === 'player' || route.access === 'trainer')
    return [withToken({ [`${route.access}Cookie`]: [] }), { bearerToken: [] }];
  // Open to anyone; a write still needs a session cookie (a guest one will do) and its token.
  if (isCookieWrite(method, route))
    return [withToken({ playerCookie: [] }), withToken({ trainerCookie: [] })];
  return [];
};

const parametersOf = (route: RouteContract) => {
  const parameters: JsonSchema[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    for (const [name, field] of Object.entries(schema.shape)) {
      parameters.push({
        name,
        in: location,
        required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
        schema: toSchema(field as z.ZodType, 'input'),
      });
    }
  }
  return parameters;
};

const errorContent = () => ({
  'application/json': { schema: toSchema(errorBodySchema, 'output') },
});

/** Every answer the operation may give: the contract's, and those the guards add to it. */
const responsesOf = (method: string, route: RouteContract) => {
  const responses: Record<string, JsonSchema> = {};
  const statuses: Record<number, z.ZodType | null> = { ...route.responses };
  if (route.access === 'player' || route.access === 'trainer') statuses[401] ??= null;
  if (isCookieWrite(method, route)) {
    statuses[403] ??= null;
    statuses[419] ??= null;
  }
  for (const [status, schema] of Object.entries(statuses)) {
    const code = Number(status);
    const description = statusText[code] ?? 'Response';
    if (schema === null && code < 400) {
      responses[status] = { description };
    } else {
      const body = code >= 400 && schema === null ? errorBodySchema : (schema as z.ZodType);
      const contentType = code < 400 && route.produces ? route.produces : 'application/json';
      responses[status] = {
        description,
        content: { [contentType]: { schema: toSchema(body, 'output') } },
      };
    }
    if (route.retryAfter?.includes(code as 429 | 503)) {
      responses[status]!.headers = {
        'Retry-After': {
          description: 'Whole seconds to wait before the same request can be accepted.',
          required: true,
          schema: { type: 'integer', minimum: 1 },
        },
      };
    }
  }
  responses.default = { description: 'Error', content: errorContent() };
  return responses;
};

const operationIdOf = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`;

const operationOf = (method: string, route: RouteContract): JsonSchema => {
  const operation: JsonSchema = {
    operationId: operationIdOf(method, route.path),
    summary: route.summary,
    tags: [route.tag],
    'x-access': route.access,
    security: securityOf(method, route),
    responses: responsesOf(method, route),
  };
  const parameters = parametersOf(route);
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.body) {
    operation.requestBody = {
      required: true,
      content: { [route.consumes ?? 'application/json']: { schema: bodySchemaOf(route) } },
    };
  }
  return operation;
};

/**
 * HTML forms cannot PUT: the server takes a multipart form posted to a PUT route's path with the
 * field `_method=PUT` as that PUT (fields only, validated by the PUT's body schema).
 */
const formTwinOf = (route: RouteContract): JsonSchema => {
  const operation = operationOf('POST', { ...route, method: 'POST' });
  const fields = route.body ? toSchema(route.body, 'input') : { type: 'object' };
  const methodField = { type: 'string', enum: ['PUT'] };
  const schema =
    fields.type === 'object'
      ? {
          ...fields,
          properties: { _method: methodField, ...(fields.properties as JsonSchema | undefined) },
          required: ['_method', ...((fields.required as string[] | undefined) ?? [])],
        }
      : {
          allOf: [
            { type: 'object', properties: { _method: methodField }, required: ['_method'] },
            fields,
          ],
        };
  const responses = operation.responses as Record<string, JsonSchema>;
  responses[405] ??= {
    description: `${statusText[405]}: not a multipart form, or \`_method\` is not PUT`,
    content: errorContent(),
  };
  return {
    ...operation,
    operationId: `${operationIdOf('PUT', route.path)}Form`,
    summary: `${route.summary} (as an HTML form: multipart with \`_method=PUT\`)`,
    requestBody: { required: true, content: { 'multipart/form-data': { schema } } },
    responses,
  };
};

/** OpenAPI 3.1 (JSON Schema 2020-12 bodies) for the given routes. */
export const buildOpenApiDocument = (
  routes: readonly RouteContract[],
  info: { title: string; version: string },
): JsonSchema => {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const operations = (paths[route.path] ??= {});
    operations[route.method.toLowerCase()] = operationOf(route.method, route);
    if (route.method === 'PUT') operations.post = formTwinOf(route);
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // The document is served by the API it describes: paths are relative to where it was read.
    servers: [{ url: '/' }],
    paths,
    components: { securitySchemes },
  };
};
