/**
 * The contracts' runtime schemas, in a chunk of their own with zod. Load it with
 * `loadContractSchemas()` (load-contract-schemas.ts) from code that runs on the first page.
 */
export {
  appInfoSchema,
  authUserSchema,
  errorBodySchema,
  getAppInfo,
  getAvatars,
  putAvatar,
} from '@rampart/contracts';
