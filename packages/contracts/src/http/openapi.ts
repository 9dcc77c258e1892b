import { z } from 'zod';
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
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
  400: 'Malformed request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  419: 'CSRF token mismatch',
  422: 'Validation failed',
  423: 'Locked',
  429: 'Too many requests',
  503: 'Service unavailable',
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

/** OpenAPI 3.1 (JSON Schema 2020-12 bodies) for the given routes. */
export const buildOpenApiDocument = (
  routes: readonly RouteContract[],
  info: { title: string; version: string },
): JsonSchema => {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const responses: Record<string, JsonSchema> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
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
    }
    responses.default = {
      description: 'Error',
      content: { 'application/json': { schema: toSchema(errorBodySchema, 'output') } },
    };
    const operation: JsonSchema = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
      summary: route.summary,
      tags: [route.tag],
      'x-access': route.access,
      responses,
    };
    const parameters = parametersOf(route);
    if (parameters.length > 0) operation.parameters = parameters;
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { [route.consumes ?? 'application/json']: { schema: bodySchemaOf(route) } },
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
  };
};
