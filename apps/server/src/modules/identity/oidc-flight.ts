import { hmac, safeEqual } from '../../lib/secrets.js';
import type { Interface } from './identity.repository.js';

/**
 * What a sign-in through the identity provider must remember between sending the browser there
 * and its return: the PKCE verifier, the state and the nonce, the interface, and until when.
 * It lives in the browser's identity-provider cookie (HttpOnly, only while a sign-in is in
 * flight), signed so that no one can write their own: nothing of it is kept on the server,
 * so the return may reach any node.
 */
export interface OidcFlight {
  state: string;
  nonce: string;
  verifier: string;
  iface: Interface;
  redirectUri: string;
  /** The app's path to open once signed in, or null for the interface's home. */
  returnTo: string | null;
  expiresAtMs: number;
}

const PROBE_ORIGIN = 'https://rampart.invalid';

/**
 * `value` as a path of this app, or null when it would leave it: the target comes from an
 * address anyone can craft, and following it as it is would make an open redirect
 * (`//evil.example`, `/\evil.example`, `https://…`).
 */
export const safeReturnPath = (value: string | undefined): string | null => {
  if (!value?.startsWith('/')) return null;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
};

export const sealFlight = (secret: string, flight: OidcFlight): string => {
  const body = Buffer.from(JSON.stringify(flight)).toString('base64url');
  return `${body}.${hmac(secret, `oidc-flight|${body}`)}`;
};

/** The flight a cookie holds, or null when it is absent, altered or not one. */
export const openFlight = (secret: string, sealed: string | undefined): OidcFlight | null => {
  if (!sealed) return null;
  const [body, signature, ...rest] = sealed.split('.');
  if (!body || !signature || rest.length > 0) return null;
  if (!safeEqual(signature, hmac(secret, `oidc-flight|${body}`))) return null;
  try {
    const flight = JSON.parse(Buffer.from(body, 'base64url').toString()) as OidcFlight;
    return typeof flight.state === 'string' && typeof flight.verifier === 'string' ? flight : null;
  } catch {
    return null;
  }
};
