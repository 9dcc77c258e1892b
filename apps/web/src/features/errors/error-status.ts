import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../../lib/api-client';

/**
 * The status an error page shows for a thrown value: a thrown Response's (or an API
 * error's) status when it is an error status, else 500.
 */
export const errorStatusOf = (error: unknown): number => {
  let status: number | undefined;
  if (isRouteErrorResponse(error)) status = error.status;
  else if (error instanceof Response) status = error.status;
  else if (isApiError(error)) status = error.status;
  return status !== undefined && status >= 400 && status <= 599 ? status : 500;
};
