import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable token: `bytes` random bytes, base64url. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** One-shot (no Hash object): every authenticated request hashes its credential. */
export const sha256 = (value: string): string => hash('sha256', value, 'base64url');

export const hmac = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('base64url');

/** Compares two secrets without leaking where they differ through timing. */
export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
