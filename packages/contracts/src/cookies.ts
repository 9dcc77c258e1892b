/**
 * The cookies Rampart sets, and only those, listed in the cookie policy (a browser journey
 * compares this list with the cookies a real visit leaves). Names are the real ones; the web
 * catalogues hold each purpose under `cookies.<id>.purpose`.
 */
export type CookieLifetime =
  | { kind: 'session' }
  | { kind: 'days'; days: number }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'provider' };

export interface CookieDescriptor {
  readonly id: string;
  readonly name: string;
  readonly mandatory: boolean;
  readonly lifetime: CookieLifetime;
  /** A cookie that exists only when a feature is enabled in the deployment. */
  readonly feature?: 'identityProvider';
}

export const cookieNames = {
  playerSession: 'rampart_session',
  trainerSession: 'rampart_trainer_session',
  csrf: 'XSRF-TOKEN',
  sound: 'soundOn',
  locale: 'locale',
  activityTimeout: 'activity_timeout',
  identityProvider: 'rampart_oidc',
} as const;

/** How long a sign-in through the identity provider may take, its cookie with it. */
export const IDENTITY_PROVIDER_COOKIE_MINUTES = 10;

/** The header a cookie-authenticated write carries the `XSRF-TOKEN` cookie's value in. */
export const CSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export const LOCALE_COOKIE_DAYS = 365;

export const cookiePolicy: readonly CookieDescriptor[] = [
  {
    id: 'playerSession',
    name: cookieNames.playerSession,
    mandatory: true,
    lifetime: { kind: 'session' },
  },
  {
    id: 'trainerSession',
    name: cookieNames.trainerSession,
    mandatory: true,
    lifetime: { kind: 'session' },
  },
  { id: 'csrf', name: cookieNames.csrf, mandatory: true, lifetime: { kind: 'session' } },
  {
    id: 'identityProvider',
    name: cookieNames.identityProvider,
    mandatory: true,
    lifetime: { kind: 'minutes', minutes: IDENTITY_PROVIDER_COOKIE_MINUTES },
    feature: 'identityProvider',
  },
  { id: 'sound', name: cookieNames.sound, mandatory: false, lifetime: { kind: 'days', days: 365 } },
  {
    id: 'locale',
    name: cookieNames.locale,
    mandatory: false,
    lifetime: { kind: 'days', days: LOCALE_COOKIE_DAYS },
  },
  {
    id: 'activityTimeout',
    name: cookieNames.activityTimeout,
    mandatory: false,
    lifetime: { kind: 'minutes', minutes: 30 },
  },
];
