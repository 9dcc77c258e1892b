import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { appInfoQueryOptions } from '../lib/app-info';
import { rootErrorOptions } from '../features/errors';
import { pageLocale } from '../lib/locale';
import { warmUpFormats } from '../lib/i18n/formatters';
import { initI18n } from '../lib/i18n/i18n';
import { createQueryClient } from './query-client';

/**
 * What the script of each HTML page does (index.html's app, login.html's sign-in screens):
 * resolves the locale, loads its catalogue, prefetches app info and renders the page that
 * `createPage` makes (making it may start its first fetches, which then run beside the catalogue's).
 */
export const startApp = async (createPage: (queryClient: QueryClient) => ReactNode) => {
  const queryClient = createQueryClient();
  // App info is loaded once, in parallel with the catalogue.
  void queryClient.prefetchQuery(appInfoQueryOptions());
  const page = createPage(queryClient);

  const locale = pageLocale(window.location.pathname);
  // In a task of its own, once the first requests have left: the page waits for them anyway.
  setTimeout(() => warmUpFormats(locale), 0);
  await initI18n(locale).catch((error: unknown) =>
    console.error('Could not load the translations', error),
  );

  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');

  createRoot(container, rootErrorOptions).render(<StrictMode>{page}</StrictMode>);
};
