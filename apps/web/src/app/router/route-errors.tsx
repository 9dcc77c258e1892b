import { useRouteError } from 'react-router';
import { ErrorPage, errorStatusOf } from '../../features/errors';
import { ErrorLayout } from '../layouts/error-layout';

/** Any path that is not a screen (the page-not-found page). */
export function NotFoundRoute() {
  return (
    <ErrorLayout>
      <ErrorPage status={404} />
    </ErrorLayout>
  );
}

/** What a screen that throws (or a loader that throws a Response) shows instead. */
export function RouteErrorBoundary() {
  // The router reports the error (`reportScreenError`, given to the RouterProvider).
  const error = useRouteError();
  return (
    <ErrorLayout>
      <ErrorPage status={errorStatusOf(error)} />
    </ErrorLayout>
  );
}
