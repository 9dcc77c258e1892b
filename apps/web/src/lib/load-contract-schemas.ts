/**
 * zod weighs about 25 KB gzipped and the first page must stay under 150 KB of JS.
 * So code that runs on the first page imports from `@rampart/contracts` only types and the
 * zod-free modules (web-routes, cookies), and reaches schemas through this loader. Lazy screens
 * may import schemas statically: their chunk brings zod along. `npm run build` fails when the
 * first page grows over budget (scripts/report-size.mjs).
 */
import type * as contractSchemas from './contract-schemas';

export type ContractSchemas = typeof contractSchemas;

export const loadContractSchemas = (): Promise<ContractSchemas> => import('./contract-schemas');
