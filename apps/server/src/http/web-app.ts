import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  webLocalePrefixes,
  webRouteOf,
  type WebLayout,
  type WebPage,
  type WebRoute,
} from '@rampart/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { sendError } from './error-handler.js';
import { firstLoadLinks, readFirstLoad, signInOf } from './first-load.js';
import { isApiPath } from './paths.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The boot shell's layout as the built page names it (apps/web/index.html, login.html). */
const SHELL_LAYOUT = 'data-layout="rework"';
/** The page's language as the built page names it; the path's prefix names the right one. */
const PAGE_LANGUAGE = '<html lang="fr"';
/** Where the screen's first files are announced (`first-load.ts`). */
const HEAD_END = '</head>';
const languagePrefix = new RegExp(`^/(${webLocalePrefixes.join('|')})(?:/|$)`);

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else
 * revalidated. Any path that is one of the app's screens gets its page (index.html, or login.html
 * for the sign-in screens when the build has it); an unknown path gets index.html with status 404
 * (the app renders its not-found page), except for crawlers, which get the bare status. Unknown
 * /api paths always get the JSON error shape.
 */
export interface WebAppOptions {
  /**
   * Whether a request is signed in to an interface, without any effect on its session: the page
   * of a screen for the signed in names its first files and reads only to them.
   */
  isSignedIn?: (request: FastifyRequest, side: 'player' | 'trainer') => Promise<boolean>;
}

export const registerWebApp = async (
  app: FastifyInstance,
  webDist: string | null,
  { isSignedIn = () => Promise.resolve(false) }: WebAppOptions = {},
) => {
  const indexPath = webDist ? path.join(webDist, 'index.html') : null;
  const hasWebApp = indexPath !== null && fs.existsSync(indexPath);
  if (!hasWebApp) {
    app.log.warn({ webDist }, 'web app not built: only the API is served');
  } else {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes a .br and a .gz beside each script and style (apps/web's precompress):
      // sent to browsers that accept them, with no compression work per request.
      preCompressed: true,
      setHeaders: (response, filePath) => {
        const fromAssets = filePath.startsWith(path.join(webDist!, 'assets') + path.sep);
        response.header('Cache-Control', fromAssets ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // A build without login.html (an older one, or none) serves every screen from index.html.
  const pagePaths: Record<WebPage, string | null> = {
    index: indexPath,
    login:
      webDist && fs.existsSync(path.join(webDist, 'login.html'))
        ? path.join(webDist, 'login.html')
        : indexPath,
  };

  // Each page paints a frame before its script runs (apps/web's boot shell), drawn as the
  // layout of the screen asked for: the page says `rework`, the server names the right one so
  // that the app's frame takes its place without a jump. Read on each request: a rebuild while
  // the server runs serves its new page.
  // The page's language is the path's (/en/…, /fr/…), so that assistive technology reads the
  // frame and the first paint in the right language before the app sets it.
  // index.html names the app's own files; the server adds those of the screen asked for.
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    page: WebPage,
    route: WebRoute | null,
    status: number,
  ) => {
    const layout: WebLayout = route?.layout ?? 'error';
    let html = await fs.promises.readFile(pagePaths[page]!, 'utf8');
    const firstLoad = page === 'index' && route ? await readFirstLoad(webDist!) : null;
    if (firstLoad && route) {
      const side = signInOf(route);
      // A session that cannot be checked now (the database away) names nothing: the page still
      // loads, a step at a time.
      const signedIn = side ? await isSignedIn(request, side).catch(() => false) : false;
      const links = firstLoadLinks(firstLoad, request, route, pathname, signedIn);
      html = html.replace(HEAD_END, () => `${links}${HEAD_END}`);
      // What it names depends on who is signed in and in which language.
      void reply.header('Vary', 'Cookie, Authorization, Accept-Language');
    }
    const language = languagePrefix.exec(pathname)?.[1];
    return reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        html
          .replace(SHELL_LAYOUT, `data-layout="${layout}"`)
          .replace(PAGE_LANGUAGE, language ? `<html lang="${language}"` : PAGE_LANGUAGE),
      );
  };

  const handleWebPath = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const route = webRouteOf(pathname);
    const page = route ? (route.page ?? 'index') : null;
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      !hasWebApp ||
      !wantsPage ||
      path.extname(pathname) !== '' ||
      pathname.startsWith('/assets/')
    ) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!page && isbot(request.headers['user-agent'] ?? '')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return sendPage(request, reply, pathname, page ?? 'index', route, page ? 200 : 404);
  };

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return sendError(
        reply,
        'request.not_found',
        `No route ${request.method} ${request.url.split('?')[0]}`,
      );
    }
    return handleWebPath(request, reply);
  });
};
