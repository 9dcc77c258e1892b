/**
 * `callRoute` for code on the first page, loaded with the contracts' schemas rather than in the
 * first page's JavaScript (see load-contract-schemas.ts).
 */
export const loadCallRoute = () => import('./call-route').then((module) => module.callRoute);
