import type { RouteContract } from './route.js';
import { getAppInfo, getHealth, getOpenApi } from './system.js';

/** Every HTTP route of the API. The server refuses to register a route that is not listed here. */
export const apiRoutes: readonly RouteContract[] = [getAppInfo, getHealth, getOpenApi];
