import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider, type AppAuth } from '../features/auth';

// Toasts are never needed for the first paint: sonner loads just after it.
const AppToaster = lazy(() => import('./app-toaster'));

/** Everything screens rely on that is not routing: server state, auth, toasts. i18n is initialised before render. */
export function AppProviders({
  queryClient,
  auth,
  children,
}: {
  queryClient: QueryClient;
  auth: AppAuth;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider auth={auth}>
        {children}
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
