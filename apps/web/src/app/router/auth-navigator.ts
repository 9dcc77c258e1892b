import { isWebRoute } from '@rampart/contracts';
import type { AuthNavigator } from '../../features/auth';
import { localizePath, splitLocalePrefix } from '../../lib/locale';

/** The little of a data router the navigator needs (browser and memory routers alike). */
export interface NavigableRouter {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
}

/** `/en/home?x=1#y` → `['/en/home', '?x=1#y']`. */
const splitPath = (to: string): [string, string] => {
  const index = to.search(/[?#]/);
  return index === -1 ? [to, ''] : [to.slice(0, index), to.slice(index)];
};

/**
 * The auth clients' way around the app. Targets are written without a locale prefix, or carry
 * the one of the page that asked for them (`redirect`): either way they get the prefix the
 * visitor uses now, so that switching language on the login page is not undone by the redirect.
 * A path the router does not own (`ownsPath`: by default any screen) is a full page load: an API
 * redirect, or from login.html, whatever screen comes after signing in.
 */
export const createRouterNavigator = (
  getRouter: () => NavigableRouter,
  ownsPath: (pathname: string) => boolean = isWebRoute,
): AuthNavigator => ({
  location: () => {
    const { pathname, search, hash } = getRouter().state.location;
    return { path: splitLocalePrefix(pathname).path, search, href: `${pathname}${search}${hash}` };
  },
  navigate: (to, options) => {
    const router = getRouter();
    const [pathname, rest] = splitPath(to);
    const current = splitLocalePrefix(router.state.location.pathname).prefix;
    const target =
      current && isWebRoute(pathname)
        ? `${localizePath(splitLocalePrefix(pathname).path, current)}${rest}`
        : to;
    if (!ownsPath(pathname)) {
      if (options?.replace) window.location.replace(target);
      else window.location.assign(target);
      return;
    }
    return router.navigate(target, options);
  },
  assign: (href) => window.location.assign(href),
});
