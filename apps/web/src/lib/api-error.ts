import type { ErrorCode, FieldIssue } from '@rampart/contracts';

/**
 * Codes the client gives to failures that carry no error body of the API: the server could not
 * be reached, it answered something that is not the shared error shape, or it redirected.
 * Translated like the server's codes (`errors:<code>`).
 */
export const clientErrorCodes = [
  'client.network',
  'client.unexpected_response',
  'client.redirected',
] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export interface ApiErrorInit {
  /** The HTTP status, 0 when no HTTP answer was received. */
  status: number;
  code: ApiErrorCode;
  message: string;
  issues?: readonly FieldIssue[];
  /** Seconds to wait before trying again, from a `Retry-After` header (429, 503). */
  retryAfterSeconds?: number | null;
  cause?: unknown;
}

/** Every failed API call rejects with this; the UI translates `code`, never shows `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: readonly FieldIssue[];
  readonly retryAfterSeconds: number | null;

  constructor({
    status,
    code,
    message,
    issues = [],
    retryAfterSeconds = null,
    cause,
  }: ApiErrorInit) {
    super(message, { cause });
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** `Retry-After` as whole seconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export const parseRetryAfter = (value: string | null, now: number = Date.now()): number | null => {
  if (value === null || value.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
};
