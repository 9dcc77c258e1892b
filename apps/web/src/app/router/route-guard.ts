import type { WebAccess, WebRouteId } from '@rampart/contracts';
import type { AuthClient } from '../../features/auth';
import { localizePath, splitLocalePrefix } from '../../lib/locale';
import { screenRequirements } from './screen-requirements';

type GuardClient = Pick<AuthClient, 'resolveIdentity' | 'loginPath' | 'config'>;

export interface GuardAuth {
  player: GuardClient;
  trainer: GuardClient;
}

export interface GuardedScreen {
  screen: WebRouteId;
  access: WebAccess;
}

const withRedirect = (path: string, returnTo: string) =>
  `${path}?${new URLSearchParams({ redirect: returnTo })}`;

/**
 * Where a visitor must go instead of `url`, or null to let them in:
 * - `player` / `trainer` screens need that interface's identity: else its login page, with
 *   `redirect` back to the page asked for;
 * - `guest` / `trainer-guest` screens are for visitors not logged in to that interface: the
 *   others go to its start page (`/` for players, `/trainer` for trainers);
 * - `has-avatar` screens send a player without an avatar to choose one, then back.
 * The locale prefix of `url` is kept on the way (`/fr/home` → `/fr/auth/login?redirect=/fr/home`).
 */
export const screenAccessRedirect = async (
  { screen, access }: GuardedScreen,
  url: URL,
  auth: GuardAuth,
): Promise<string | null> => {
  const { prefix } = splitLocalePrefix(url.pathname);
  const localize = (path: string) => localizePath(path, prefix);
  const here = `${url.pathname}${url.search}`;

  const loginRedirect = (client: GuardClient) => {
    const login = client.loginPath(here);
    return login ? localize(login) : null;
  };
  const refuseUser = async (client: GuardClient) => {
    const target = client.config.redirect.onGuestOnly;
    return target !== false && (await client.resolveIdentity()) ? localize(target) : null;
  };

  switch (access) {
    case 'any':
      return null;
    case 'guest':
      return refuseUser(auth.player);
    case 'trainer-guest':
      return refuseUser(auth.trainer);
    case 'trainer':
      return (await auth.trainer.resolveIdentity()) ? null : loginRedirect(auth.trainer);
    case 'player': {
      const player = await auth.player.resolveIdentity();
      if (!player) return loginRedirect(auth.player);
      const needsAvatar = screenRequirements[screen]?.includes('has-avatar') ?? false;
      return needsAvatar && !player.avatarId
        ? withRedirect(localize('/onboarding/avatar'), here)
        : null;
    }
  }
};
