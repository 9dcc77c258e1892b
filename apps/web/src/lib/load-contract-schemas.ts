/**
 * zod weighs about 25 KB gzipped and the login page must stay under 75 KB of JS. So code
 * that runs on a first page (the login page's, the app's) imports from `@rampart/contracts`
 * only types and the zod-free modules (web-routes, cookies), and reaches schemas through this
 * loader. Lazy screens may import schemas statically: their chunk brings zod along.
 * `npm run build` fails when the login page grows over budget (scripts/report-size.mjs).
 */
import type * as contractSchemas from './contract-schemas';

export type ContractSchemas = typeof contractSchemas;

export const loadContractSchemas = (): Promise<ContractSchemas> => import('./contract-schemas');
