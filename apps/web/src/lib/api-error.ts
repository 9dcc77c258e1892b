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
  cause?: unknown;
}

/** Every failed API call rejects with this; the UI translates `code`, never shows `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: readonly FieldIssue[];

  constructor({ status, code, message, issues = [], cause }: ApiErrorInit) {
    super(message, { cause });
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
