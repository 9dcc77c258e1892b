import { PSEUDO_MAX_LENGTH } from '@rampart/contracts';
import { randomToken } from '../../lib/secrets.js';

export type Claims = { sub: string } & Record<string, unknown>;

/**
 * A claim by name, or by a dotted path into nested claims (`realm_access.roles`, where Keycloak
 * puts realm roles). A name that exists as such wins over the path.
 */
export const valueAt = (claims: Record<string, unknown>, name: string): unknown => {
  if (name in claims) return claims[name];
  let current: unknown = claims;
  for (const key of name.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
};

/** What a username may hold: the rest becomes dots (`ada@school.org` → `ada.school.org`). */
const asUsername = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9._-]+/g, '.')
    .replace(/^[._-]+|[._-]+$/g, '');

/**
 * The username, pseudo and locale of an account created at a first sign-in. The username comes
 * from the configured claim, else the subject; `attempt` > 0 adds a random suffix, for a name
 * another account already has (a local account of the same name is never taken over).
 */
export const newAccountFields = (claims: Claims, usernameClaim: string, attempt: number) => {
  const claimed = valueAt(claims, usernameClaim);
  let base = asUsername(typeof claimed === 'string' ? claimed : '') || asUsername(claims.sub);
  if (base.length < 3) base = `user.${base}`;
  const suffix = attempt === 0 ? '' : `-${randomToken(4).replace(/[^a-zA-Z0-9]/g, 'x')}`;
  const username = `${base.slice(0, 64 - suffix.length)}${suffix}`;
  const pseudo = `${base.slice(0, PSEUDO_MAX_LENGTH - suffix.length)}${suffix}`;
  const locale = typeof claims.locale === 'string' && claims.locale.startsWith('en') ? 'en' : 'fr';
  return { username, pseudo, locale } as const;
};
