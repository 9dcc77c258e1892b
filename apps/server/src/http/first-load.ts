import fs from 'node:fs';
import path from 'node:path';
import {
  cookieNames,
  defaultLocale,
  webFirstReads,
  webFirstReadUrl,
  webIdentityReads,
  webLocalePrefixes,
  webRouteParams,
  type Locale,
  type WebRoute,
  type WebRouteId,
} from '@rampart/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Written by the web app's build (apps/web/build-plugins/first-load-files.ts). */
const FIRST_LOAD_FILE = '.vite/first-load.json';

// A file of the build's assets folder, by a name the build could have given: nothing else is
// written into a page.
const files = z.array(z.string().regex(/^\/assets\/[\w.~-]+\.(?:js|css)$/));
const firstLoadSchema = z.object({
  boot: files,
  layouts: z.record(z.string(), files),
  screens: z.record(z.string(), files),
  catalogues: z.record(z.string(), files),
});

export type FirstLoad = z.infer<typeof firstLoadSchema>;

/**
 * The build's list of each screen's first files, or null when the build has none (an older
 * one) or it cannot be read: the pages are then served as built, and load their screens' code
 * as they find it.
 */
export const readFirstLoad = async (webDist: string): Promise<FirstLoad | null> => {
  try {
    const text = await fs.promises.readFile(path.join(webDist, FIRST_LOAD_FILE), 'utf8');
    return firstLoadSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
};

const localeOf = (value: string | undefined): Locale | null => {
  const primary = value?.trim().toLowerCase().split(/[-_;]/)[0];
  return webLocalePrefixes.find((locale) => locale === primary) ?? null;
};

/**
 * The language the page at `pathname` will load, as the web app decides it (its
 * `resolveLocale`): the path's prefix, then the `locale` cookie, then the browser's languages
 * (`Accept-Language` lists `navigator.languages`, in order), then French. A wrong guess costs one
 * catalogue fetched for nothing, never a wrong language: the app still decides.
 */
export const pageLocale = (request: FastifyRequest, pathname: string): Locale => {
  const prefix = localeOf(/^\/([^/]+)(?:\/|$)/.exec(pathname)?.[1]);
  const browser = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((language) => localeOf(language))
    .find((locale) => locale !== null);
  return prefix ?? localeOf(request.cookies[cookieNames.locale]) ?? browser ?? defaultLocale;
};

/** The interface a screen is for the signed in of, or null for a screen for anyone. */
export const signInOf = (route: WebRoute): 'player' | 'trainer' | null =>
  route.access === 'player' || route.access === 'trainer' ? route.access : null;

/**
 * What the page at `pathname` (the screen of `route`) loads before its first paint beyond the
 * files it names, as `<link>`s for its head:
 * - the answers it asks for first: who the visitor is, as the screen's guard asks, and the
 *   screen's first reads (`webFirstReads`), each at the URL the app will ask for, which then
 *   takes the browser's answer instead of asking again;
 * - the code: the boot's schemas, the catalogue of the page's language, the layout's, the
 *   screen's code and styles. What the frame loads once the screen is drawn (the toasts, a
 *   player's own event stream) is not named: it would share the link with the screen's code.
 * The browser fetches them all beside the app's own files instead of a step at a time as the app
 * finds it needs them: a round trip on a phone's link for each step, six on the game screen. A
 * screen for the signed in only to a visitor who is (`signedIn`, to the screen's interface):
 * anyone else is sent to the sign-in page, and would fetch what they never see, its reads
 * refused. Each file once, in the order the app needs them.
 */
export const firstLoadLinks = (
  firstLoad: FirstLoad,
  request: FastifyRequest,
  route: WebRoute,
  pathname: string,
  signedIn: boolean,
): string => {
  const side = signInOf(route);
  if (side && !signedIn) return '';
  const locale = pageLocale(request, pathname);
  const params = webRouteParams(route.id as WebRouteId, pathname);
  const reads = side
    ? [
        webIdentityReads[side],
        ...(params
          ? (webFirstReads[route.id as WebRouteId]?.(params, locale) ?? []).map(webFirstReadUrl)
          : []),
      ]
    : [];
  const files = new Set([
    ...firstLoad.boot,
    ...(firstLoad.catalogues[locale] ?? []),
    ...(firstLoad.layouts[route.layout] ?? []),
    ...(firstLoad.screens[route.id] ?? []),
  ]);
  return [
    ...reads.map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(url)}">`,
    ),
    // Scripts at a low priority: they do not hold back the first paint (the page's frame), its
    // stylesheet does, and on a slow link the stylesheet then has the bandwidth first.
    ...[...files].map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${file}">`
        : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`,
    ),
  ].join('');
};

/** A URL made safe inside a double-quoted attribute (its parameters are percent-encoded already). */
const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);
