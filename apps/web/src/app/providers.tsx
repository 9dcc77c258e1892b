import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider, type AppAuth } from '../features/auth';
import { FirstScreenProvider, useFirstScreenDrawn } from './first-screen';

// The toasts' region and sonner load once the first screen is drawn (first-screen.tsx).
const AppToaster = lazy(() => import('./app-toaster'));

function DeferredToaster() {
  if (!useFirstScreenDrawn()) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

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
        <FirstScreenProvider>
          {children}
          <DeferredToaster />
        </FirstScreenProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
