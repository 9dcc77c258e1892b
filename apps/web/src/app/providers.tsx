import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';

// Toasts are never needed for the first paint: sonner loads just after it.
const AppToaster = lazy(() => import('./app-toaster'));

/** Everything screens rely on that is not routing: server state, toasts. i18n is initialised before render. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
