import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router/create-router';
import { appInfoQueryOptions } from './lib/app-info';
import { rootErrorOptions } from './features/errors';
import { readLocaleCookie, resolveLocale } from './lib/locale';
import { initI18n } from './lib/i18n/i18n';

const queryClient = createQueryClient();
// App info is loaded once, in parallel with the catalogue.
void queryClient.prefetchQuery(appInfoQueryOptions());
// Creating the router starts the first guard, whose identity fetch then runs beside the catalogue's.
const { router, auth } = createAppRouter(queryClient);

const locale = resolveLocale({
  pathname: window.location.pathname,
  cookieLocale: readLocaleCookie(),
  navigatorLanguages: navigator.languages,
});
await initI18n(locale).catch((error: unknown) =>
  console.error('Could not load the translations', error),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container, rootErrorOptions).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} auth={auth} />
  </StrictMode>,
);
