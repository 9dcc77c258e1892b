import type { RouteContract } from '@rampart/contracts';
import type { z } from 'zod';
import { apiClient, type ApiClient, type QueryValue, type RequestOptions } from './api-client';
import { fillPath, type PathParamName, type PathParams } from './route-path';

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessStatusOf<C extends RouteContract> = Extract<keyof C['responses'], SuccessStatus>;

/** What a call resolves to: the parsed body of the contract's success status. */
export type RouteResult<C extends RouteContract> = {
  [S in SuccessStatusOf<C>]: C['responses'][S] extends z.ZodType
    ? z.output<C['responses'][S]>
    : undefined;
}[SuccessStatusOf<C>];

type ParamsOption<C extends RouteContract> = [PathParamName<C['path']>] extends [never]
  ? { params?: never }
  : { params: PathParams<C['path']> };

/** A contract may declare its body conditionally (`body?: schema | undefined`). */
type BodySchema<C extends RouteContract> = NonNullable<C['body']>;

type BodyOption<C extends RouteContract> = [BodySchema<C>] extends [never]
  ? { body?: never }
  : BodySchema<C> extends z.ZodType
    ? C['consumes'] extends 'multipart/form-data'
      ? { body: FormData }
      : undefined extends z.input<BodySchema<C>>
        ? { body?: z.input<BodySchema<C>> }
        : { body: z.input<BodySchema<C>> }
    : { body?: never };

type QueryOption<C extends RouteContract> = C['query'] extends z.ZodObject
  ? { query?: { [K in keyof z.input<C['query']>]?: z.input<C['query']>[K] & QueryValue } }
  : { query?: never };

/** Per call settings of the API client, passed on as they are. */
type ClientOptions = Pick<
  RequestOptions<never>,
  'signal' | 'headers' | 'retry' | 'notifyUnauthorized' | 'renewsSession'
>;

export type CallRouteOptions<C extends RouteContract> = ParamsOption<C> &
  BodyOption<C> &
  QueryOption<C> &
  ClientOptions;

/** The schema of the contract's success answer: its lowest 2xx status; `null` for no body. */
const successSchema = (contract: RouteContract) => {
  const status = Object.keys(contract.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b)[0];
  if (status === undefined) throw new TypeError(`${contract.path} declares no success answer`);
  return contract.responses[status] ?? null;
};

/**
 * Calls a route of the contracts: the method, the path (each parameter encoded) and the success
 * schema come from the contract, so a call cannot restate them wrongly. A wrong parameter name
 * or body shape is a type error. The request goes through `client` (the app's by default) with
 * its interceptors, CSRF header and retry.
 */
export const callRouteWith =
  (client: Pick<ApiClient, 'request'>) =>
  <const C extends RouteContract>(
    contract: C,
    ...[options]: [PathParamName<C['path']>] extends [never]
      ? [options?: CallRouteOptions<C>]
      : [options: CallRouteOptions<C>]
  ): Promise<RouteResult<C>> => {
    const { params, body, query, ...rest } = (options ?? {}) as {
      params?: Readonly<Record<string, string | number>>;
      body?: unknown;
      query?: Record<string, QueryValue>;
    } & ClientOptions;
    const schema = successSchema(contract);
    return client.request<RouteResult<C>>(
      fillPath(contract.path, (params ?? {}) as PathParams<string>),
      {
        ...rest,
        method: contract.method,
        ...(body === undefined ? {} : { body }),
        ...(query === undefined ? {} : { query }),
        ...(schema ? { schema: schema as { parse(data: unknown): RouteResult<C> } } : {}),
      },
    );
  };

/** Calls a contract route through the app's API client. */
export const callRoute = callRouteWith(apiClient);
