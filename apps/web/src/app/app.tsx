import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { AppAuth } from '../features/auth';
import { reportScreenError } from '../features/errors';
import { AppProviders } from './providers';

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  auth: AppAuth;
}

export function App({ router, queryClient, auth }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} auth={auth}>
      <RouterProvider router={router} onError={reportScreenError} />
    </AppProviders>
  );
}
