import { toColonPath, type FieldIssue, type RouteContract } from '@rampart/contracts';
import '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/errors.js';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<C extends RouteContract> {
  params: Infer<C['params']>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type SuccessBody<C extends RouteContract> = {
  [S in keyof C['responses']]: S extends 200 | 201
    ? C['responses'][S] extends z.ZodType
      ? z.input<C['responses'][S]>
      : never
    : never;
}[keyof C['responses']];

export const issuesOf = (error: z.ZodError, prefix: string): FieldIssue[] =>
  error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));

/** A UTF-16 surrogate without its pair: text no encoding can carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be taken as text, or null. */
const textProblemOf = (value: string): string | null => {
  if (value.includes('\u0000')) return 'Must not contain the NUL character (U+0000).';
  if (LONE_SURROGATE.test(value)) return 'Must be Unicode text (it holds a lone surrogate).';
  return null;
};

/**
 * Where a request's text cannot be stored or handled as text, as field issues: U+0000, which
 * PostgreSQL (and so PGlite) cannot store in text and no one types, and a lone surrogate (JSON's
 * `"\ud800"`), which is no character at all and which URI encoding, JSONB and the database's
 * encoding refuse. Both are refused here, once for every field of every route, rather than
 * stripped, so what a player sent is never silently changed (a flag, a username) and nothing
 * reaches a service or the database that would turn it into a 500.
 */
const textIssues = (value: unknown, path: string[]): FieldIssue[] => {
  if (typeof value === 'string') {
    const problem = textProblemOf(value);
    return problem ? [{ path: path.join('.'), message: problem }] : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => textIssues(item, [...path, String(index)]));
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...textIssues(key, [...path, '(key)']),
    ...textIssues(item, [...path, key]),
  ]);
};

/**
 * Whether `value` holds text `textIssues` would refuse: the same walk, allocating nothing, since
 * nearly every request holds none and its issues need not be listed.
 */
const holdsUnreadableText = (value: unknown): boolean => {
  if (typeof value === 'string') return textProblemOf(value) !== null;
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return false;
  if (Array.isArray(value)) return value.some(holdsUnreadableText);
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (textProblemOf(key) !== null) return true;
    if (holdsUnreadableText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
};

const parse = <S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  prefix: string,
): Infer<S> => {
  if (!schema) return undefined as Infer<S>;
  if (holdsUnreadableText(value))
    throw new AppError('request.invalid', undefined, textIssues(value, [prefix]));
  const result = schema.safeParse(value ?? (prefix === 'body' ? undefined : {}));
  if (!result.success) {
    throw new AppError('request.invalid', undefined, issuesOf(result.error, prefix));
  }
  return result.data as Infer<S>;
};

/**
 * Reads a multipart body with `read`. The parser's own refusals (no boundary, another boundary,
 * a body cut short, a broken part header) are plain errors without a status: they are the
 * client's, so they become 400 request.malformed; the plugin's limits keep their 413.
 */
const readingMultipart = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    throw new AppError('request.malformed', 'The multipart body could not be read.');
  }
};

/** The fields of a multipart form posted with `_method=PUT`, without that field. */
const readOverriddenPut = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw new AppError('request.method_not_allowed');
  const fields: Record<string, string> = {};
  await readingMultipart(async () => {
    for await (const part of request.parts()) {
      if (part.type !== 'field')
        throw new AppError('request.invalid', 'Files are not accepted here.');
      fields[part.fieldname] = String(part.value);
    }
  });
  if (fields._method?.toUpperCase() !== 'PUT') throw new AppError('request.method_not_allowed');
  delete fields._method;
  return fields;
};

/**
 * A multipart body as an object: each field as a string, each file as `{filename, mimetype,
 * data}` read whole (the multipart plugin caps its size: over it, 413 and nothing kept).
 */
const readMultipart = async (request: FastifyRequest, maxFileBytes?: number) => {
  if (!request.isMultipart()) throw new AppError('request.unsupported_media_type');
  const body: Record<string, unknown> = {};
  await readingMultipart(async () => {
    const parts = request.parts(maxFileBytes ? { limits: { fileSize: maxFileBytes } } : undefined);
    for await (const part of parts) {
      if (part.type === 'field') body[part.fieldname] = String(part.value);
      else
        body[part.fieldname] = {
          filename: part.filename,
          mimetype: part.mimetype,
          data: new Uint8Array(await part.toBuffer()),
        };
    }
  });
  return body;
};

/**
 * Registers the handler of a declared route. Path, query and body are validated with the
 * contract's schemas (422 request.invalid with the failing fields); the handler returns the body
 * of a 200, or sends something else through `reply`.
 */
export const route = <C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (input: RouteInput<C>) => Promise<SuccessBody<C> | FastifyReply | void>,
) => {
  if (
    (contract.access === 'player' || contract.access === 'trainer') &&
    !app.hasDecorator('accessGuard')
  ) {
    throw new Error(
      `${contract.method} ${contract.path} needs authentication, which is not registered`,
    );
  }
  const handle = (
    request: FastifyRequest,
    reply: FastifyReply,
    readBody: () => unknown | Promise<unknown>,
  ) => {
    const params = parse<C['params']>(contract.params, request.params, 'params');
    const query = parse<C['query']>(contract.query, request.query, 'query');
    const read = readBody();
    const withBody = (body: unknown) =>
      handler({
        params,
        query,
        body: parse<C['body']>(contract.body, body, 'body'),
        request,
        reply,
      });
    return read instanceof Promise ? read.then(withBody) : withBody(read);
  };
  // Without a promise of its own when the caller is known at once and the body is read already
  // (most requests of a game): a thrown refusal reaches the error handler all the same.
  const run = (
    request: FastifyRequest,
    reply: FastifyReply,
    readBody: () => unknown | Promise<unknown>,
  ) => {
    const guarded = app.accessGuard?.(contract.access, request);
    return guarded
      ? guarded.then(() => handle(request, reply, readBody))
      : handle(request, reply, readBody);
  };
  const url = toColonPath(contract.path);
  app.route({
    method: contract.method,
    url,
    config: { contract },
    handler: (request, reply) =>
      run(request, reply, () =>
        contract.consumes === 'multipart/form-data'
          ? readMultipart(request, contract.maxUploadBytes)
          : request.body,
      ),
  });
  if (contract.method === 'PUT') {
    // HTML forms cannot PUT: a multipart form posted with `_method=PUT` is that PUT.
    app.route({
      method: 'POST',
      url,
      config: { contract, methodOverride: true },
      handler: (request, reply) => run(request, reply, () => readOverriddenPut(request)),
    });
  }
};

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
    /** The POST twin of a PUT route, for multipart forms that carry `_method=PUT`. */
    methodOverride?: boolean;
  }
}
