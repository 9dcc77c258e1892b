export * from './errors.js';
export * from './cookies.js';
export * from './web-routes.js';
export * from './http/route.js';
export * from './http/openapi.js';
export * from './http/system.js';
export { apiRoutes } from './http/index.js';
