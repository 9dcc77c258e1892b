import type { AuthUser, WebAccess, WebRouteId } from '@rampart/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  createAuthClient,
  playerAuthConfig,
  trainerAuthConfig,
  type AuthConfig,
} from '../../features/auth';
import { createApiClient } from '../../lib/api-client';
import { testPlayer, testTrainer } from '../../test/render-app';
import { screenAccessRedirect, type GuardAuth } from './route-guard';

/** A real auth client whose identity answer is `user`. */
const clientFor = (config: AuthConfig, user: AuthUser | null) =>
  createAuthClient(config, {
    http: createApiClient({
      fetch: vi.fn(async () =>
        user
          ? Response.json({ user })
          : Response.json(
              { error: { code: 'auth.unauthenticated', message: '' } },
              { status: 401 },
            ),
      ) as unknown as typeof fetch,
    }),
    store: (() => {
      let stored: AuthUser | null | undefined;
      return { get: () => stored, set: (next: AuthUser | null) => void (stored = next) };
    })(),
    navigator: {
      location: () => ({ path: '/', search: '', href: '/' }),
      navigate: vi.fn(),
      assign: vi.fn(),
    },
    logger: { warn: vi.fn(), error: vi.fn() },
  });

const decide = (
  screen: WebRouteId,
  access: WebAccess,
  path: string,
  { player = null, trainer = null }: { player?: AuthUser | null; trainer?: AuthUser | null },
) => {
  const auth: GuardAuth = {
    player: clientFor(playerAuthConfig, player),
    trainer: clientFor(trainerAuthConfig, trainer),
  };
  return screenAccessRedirect({ screen, access }, new URL(path, 'http://localhost'), auth);
};

const withoutAvatar = { ...testPlayer, avatarId: null };

describe('screen guards', () => {
  it.each([
    // screen, access, path, who is logged in, where they go (null: let in)
    ['home', 'player', '/home', {}, '/auth/login?redirect=%2Fhome'],
    ['home', 'player', '/fr/home', {}, '/fr/auth/login?redirect=%2Ffr%2Fhome'],
    [
      'sessionLobby',
      'player',
      '/sessions/s1/lobby?tab=teams',
      {},
      '/auth/login?redirect=%2Fsessions%2Fs1%2Flobby%3Ftab%3Dteams',
    ],
    ['index', 'player', '/en', {}, '/en/auth/login?redirect=%2Fen'],
    ['home', 'player', '/home', { trainer: testTrainer }, '/auth/login?redirect=%2Fhome'],
    ['home', 'player', '/home', { player: testPlayer }, null],
    ['home', 'player', '/home', { player: withoutAvatar }, '/onboarding/avatar?redirect=%2Fhome'],
    [
      'home',
      'player',
      '/fr/home',
      { player: withoutAvatar },
      '/fr/onboarding/avatar?redirect=%2Ffr%2Fhome',
    ],
    ['onboardingAvatar', 'player', '/onboarding/avatar', { player: withoutAvatar }, null],
    ['profile', 'player', '/profile', { player: withoutAvatar }, null],
    ['login', 'guest', '/login', {}, null],
    ['login', 'guest', '/login', { player: testPlayer }, '/'],
    ['authLogin', 'guest', '/auth/login', { player: testPlayer }, '/'],
    ['login', 'guest', '/fr/login', { player: testPlayer }, '/fr'],
    ['login', 'guest', '/login', { trainer: testTrainer }, null],
    ['trainerLogin', 'trainer-guest', '/trainer/login', {}, null],
    ['trainerLogin', 'trainer-guest', '/trainer/login', { player: testPlayer }, null],
    ['trainerLogin', 'trainer-guest', '/trainer/login', { trainer: testTrainer }, '/trainer'],
    ['trainerHome', 'trainer', '/trainer', {}, '/trainer/login?redirect=%2Ftrainer'],
    [
      'trainerHome',
      'trainer',
      '/en/trainer',
      { player: testPlayer },
      '/en/trainer/login?redirect=%2Fen%2Ftrainer',
    ],
    ['trainerHome', 'trainer', '/trainer', { trainer: testTrainer }, null],
  ] as const)('%s (%s) at %s with %o → %s', async (screen, access, path, users, expected) => {
    await expect(decide(screen, access, path, users)).resolves.toBe(expected);
  });

  it('lets anyone see a screen open to any visitor', async () => {
    await expect(decide('home', 'any', '/home', {})).resolves.toBeNull();
  });
});
