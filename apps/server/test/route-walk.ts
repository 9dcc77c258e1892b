import type { RouteContract } from '@rampart/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

type RegisteredRoute = FastifyInstance['registeredRoutes'][number];

/**
 * The GET routes a player may call, taken from the router (so a route added later is walked
 * too), without the event streams: what a leak test reads. `streams: true` gives those instead.
 */
export const playerGetRoutes = (
  app: FastifyInstance,
  { streams = false }: { streams?: boolean } = {},
): RegisteredRoute[] =>
  app.registeredRoutes.filter(
    (route) =>
      route.method === 'GET' &&
      route.contract.access === 'player' &&
      (route.contract.produces === 'text/event-stream') === streams,
  );

/** The names of a route's path parameters, in order (`:uuid` gives `uuid`). */
export const pathParameters = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);

const cartesian = (lists: readonly (readonly string[])[]): string[][] =>
  lists.reduce<string[][]>(
    (combinations, list) =>
      combinations.flatMap((combination) => list.map((item) => [...combination, item])),
    [[]],
  );

export interface RouteAnswer {
  /** The route's pattern, e.g. `/api/sessions/:uuid`. */
  route: string;
  /** The path called, parameters filled (and its query, if any). */
  path: string;
  status: number;
  body: string;
}

/**
 * Calls every route with every combination of the values `candidates` gives for its path
 * parameters (by name: a parameter that says what it is gets those uuids), and each query of
 * `queriesOf` (none by default). No answer may be a 5xx; all of them are returned, in order, for
 * the caller to look into.
 */
export const walkGetRoutes = async (
  routes: readonly { url: string; contract: RouteContract }[],
  candidates: (parameter: string) => readonly string[],
  get: (path: string) => Promise<{ statusCode: number; body: string }>,
  queriesOf: (route: { url: string; contract: RouteContract }) => readonly string[] = () => [''],
): Promise<RouteAnswer[]> => {
  const answers: RouteAnswer[] = [];
  for (const route of routes) {
    const parameters = pathParameters(route.url);
    for (const values of cartesian(parameters.map(candidates)))
      for (const query of queriesOf(route)) {
        const path = `${parameters.reduce(
          (url, parameter, index) => url.replace(`:${parameter}`, values[index]!),
          route.url,
        )}${query}`;
        const response = await get(path);
        expect(response.statusCode, path).toBeLessThan(500);
        answers.push({ route: route.url, path, status: response.statusCode, body: response.body });
      }
  }
  return answers;
};
