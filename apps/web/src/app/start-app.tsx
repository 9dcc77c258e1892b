import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { appInfoQueryOptions } from '../lib/app-info';
import { rootErrorOptions } from '../features/errors';
import { pageLocale } from '../lib/locale';
import { warmUpFormats } from '../lib/i18n/formatters';
import { initI18n } from '../lib/i18n/i18n';
import { createQueryClient } from './query-client';

/** Lets the browser run what waits (a paint, a response) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What the script of each HTML page does (index.html's app, login.html's sign-in screens):
 * makes the page that `createPage` makes (making it may start its first fetches), prefetches app
 * info, resolves the locale, loads its catalogue and renders the page.
 *
 * Each step is a task of its own: on a phone, running the page's modules, its router's first
 * navigation and the start of its other reads took half a second in one task, during which the
 * page could not answer a tap. The requests still leave at once, each a task later at most.
 */
export const startApp = async (createPage: (queryClient: QueryClient) => ReactNode) => {
  // The modules have run.
  await nextTask();
  const queryClient = createQueryClient();
  const page = createPage(queryClient);
  await nextTask();
  // App info is loaded once, in parallel with the catalogue.
  void queryClient.prefetchQuery(appInfoQueryOptions());
  const locale = pageLocale(window.location.pathname);
  const translations = initI18n(locale).catch((error: unknown) =>
    console.error('Could not load the translations', error),
  );
  // In a task of its own too, while the page waits for its first answers.
  setTimeout(() => warmUpFormats(locale), 0);
  await translations;

  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');

  createRoot(container, rootErrorOptions).render(<StrictMode>{page}</StrictMode>);
};
