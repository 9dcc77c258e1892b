import { toColonPath, type FieldIssue, type RouteContract } from '@rampart/contracts';
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

const parse = <S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  prefix: string,
): Infer<S> => {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(value ?? (prefix === 'body' ? undefined : {}));
  if (!result.success) {
    throw new AppError('request.invalid', undefined, issuesOf(result.error, prefix));
  }
  return result.data as Infer<S>;
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
  app.route({
    method: contract.method,
    url: toColonPath(contract.path),
    config: { contract },
    handler: async (request, reply) => {
      const input: RouteInput<C> = {
        params: parse<C['params']>(contract.params, request.params, 'params'),
        query: parse<C['query']>(contract.query, request.query, 'query'),
        body: parse<C['body']>(contract.body, request.body, 'body'),
        request,
        reply,
      };
      return handler(input);
    },
  });
};

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}
