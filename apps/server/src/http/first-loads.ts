import fs from 'node:fs';
import path from 'node:path';
import {
  availableLocales,
  cookieNames,
  defaultLocale,
  webLocalePrefixes,
  webRouteOf,
  type Locale,
  type WebPage,
} from '@rampart/contracts';

/**
 * What each page's first screens fetch once its script has run, written by the web build
 * (apps/web's vite.config.ts) beside its manifest: what any first screen needs (the responses'
 * schemas), the catalogue of each language, the default
 * layout's chunk, each screen's chunk, with the files they import that the entry does not.
 */
export interface FirstLoads {
  always: string[];
  catalogues: Partial<Record<Locale, string[]>>;
  layouts: { default?: string[] };
  screens: Record<string, string[]>;
}

export const readFirstLoads = (webDist: string, page: WebPage): FirstLoads | null => {
  const file = path.join(webDist, '.vite', `first-loads-${page}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as FirstLoads) : null;
};

const asLocale = (value: string | undefined): Locale | null => {
  const primary = value?.trim().toLowerCase().split(/[-_;]/)[0];
  return availableLocales.find((locale) => locale === primary) ?? null;
};

/**
 * The language the app will choose on its first render (the web's `resolveLocale`): the path's
 * prefix, the language cookie, the browser's languages (`Accept-Language` says them here), the
 * default. A wrong guess costs one unused download, never a wrong screen.
 */
export const firstLocaleOf = (
  pathname: string,
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
): Locale => {
  const prefix = /^\/([^/]+)/.exec(pathname)?.[1];
  const fromPrefix = webLocalePrefixes.find((locale) => locale === prefix) ?? null;
  const fromBrowser = (acceptLanguage ?? '')
    .split(',')
    .map((language) => asLocale(language))
    .find((locale) => locale !== null);
  return fromPrefix ?? asLocale(cookies[cookieNames.locale]) ?? fromBrowser ?? defaultLocale;
};

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The data the first render of a screen asks for, as the web app asks for it (same URL, with
 * credentials): fetched beside the scripts, the app's request then finds it loaded.
 */
const firstRequestsOf = (routeId: string, pathname: string, locale: Locale): string[] => {
  switch (routeId) {
    case 'home':
      return [`/api/home?locale=${locale}`];
    // Only the session: the screen's other reads answer an error to a visitor who is not
    // playing it, and the app (its session gate) would not ask them.
    case 'sessionGame': {
      const uuid = /\/sessions\/([^/]+)\/game/.exec(pathname)?.[1];
      return uuid ? [`/api/sessions/${encodeURIComponent(uuid)}?locale=${locale}`] : [];
    }
    default:
      return [];
  }
};

/**
 * The `<link>` tags that start the first screen's downloads with the page's own: its language's
 * catalogue, and for the app's screens the layout's and the screen's chunks, and its first data.
 * Module preloads run nothing: the app imports them when it would have anyway, from the cache.
 */
export const firstLoadLinks = (
  firstLoads: FirstLoads,
  pathname: string,
  locale: Locale,
): string => {
  const route = webRouteOf(pathname);
  const files = [...firstLoads.always, ...(firstLoads.catalogues[locale] ?? [])];
  if (route && (route.page ?? 'index') === 'index') {
    if (route.layout === 'default') files.push(...(firstLoads.layouts.default ?? []));
    files.push(...(firstLoads.screens[route.id] ?? []));
  }
  const links = [...new Set(files)].map((file) =>
    file.endsWith('.css')
      ? `<link rel="preload" as="style" crossorigin href="${attribute(file)}">`
      : `<link rel="modulepreload" crossorigin href="${attribute(file)}">`,
  );
  // Every page reads the deployment's app info at once, and the player's identity for the guard
  // of a player's or a guest's screen (the sign-in screens send a signed-in player on).
  const requests = ['/api/app-info'];
  if (route?.access === 'player' || route?.access === 'guest') requests.push('/api/auth/user');
  if (route?.access === 'player') requests.push(...firstRequestsOf(route.id, pathname, locale));
  // The app's API client sends credentials ('include'): the preload must, to be the same request.
  for (const url of requests)
    links.push(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(url)}">`,
    );
  return links.join('');
};
