import { errorStatus, type ErrorCode, type FieldIssue } from '@rampart/contracts';

/** English fallback text per code; clients translate by code and show their own wording. */
const defaultMessages: Record<ErrorCode, string> = {
  'request.malformed': 'The request could not be read.',
  'request.not_found': 'Not found.',
  'request.method_not_allowed': 'This method is not allowed here.',
  'request.unsupported_media_type': 'This content type is not accepted here.',
  'request.too_large': 'The request body is too large.',
  'request.invalid': 'Some fields are invalid.',
  'request.rate_limited': 'Too many requests, please wait a moment.',
  'auth.unauthenticated': 'You are not authenticated.',
  'auth.forbidden': 'You are not allowed to do this.',
  'auth.csrf_mismatch': 'The anti-forgery token is missing or does not match.',
  'auth.origin_mismatch': 'This request comes from another site.',
  'auth.invalid_credentials': 'Wrong username or password.',
  'auth.session_expired': 'Your session ended after a period of inactivity.',
  'auth.too_many_attempts': 'Too many attempts. Please wait before trying again.',
  'auth.magic_link_disabled': 'Login links are not allowed on this server.',
  'auth.magic_link_invalid': 'This login link is invalid or has already been used.',
  'auth.magic_link_expired': 'This login link has expired.',
  'account.not_found': 'No such account.',
  'profile.wrong_password': 'The current password is wrong.',
  'profile.pseudo_unchanged': 'The new pseudo must differ from the current one.',
  'profile.pseudo_taken': 'This pseudo is already taken.',
  'events.too_many_streams': 'Too many event streams are open for this account: close a tab.',
  'database.unavailable': 'The database is unavailable, please try again shortly.',
  'server.unavailable': 'The server is shutting down, please try again shortly.',
  'server.internal': 'An error has occurred.',
};

/** A failure with a stable code from the contracts; the error handler maps it to HTTP. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? defaultMessages[code]);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const messageFor = (code: ErrorCode): string => defaultMessages[code];
