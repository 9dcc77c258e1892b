/**
 * Whether an error means "the database cannot be reached" rather than "this query is wrong".
 * Those become 503 database.unavailable; everything else stays a 500.
 */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// SQLSTATE class 08 (connection exception), 57P01..57P03 (admin shutdown, crash, cannot connect now)
const unavailableStates = /^(08...|57P0[1-3]|53300)$/;

const connectionMessages = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (networkCodes.has(code) || unavailableStates.test(code))) {
    return true;
  }
  if (error instanceof DatabaseUnavailableError) return true;
  if (connectionMessages.some((text) => error.message.includes(text))) return true;
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
};

export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}
