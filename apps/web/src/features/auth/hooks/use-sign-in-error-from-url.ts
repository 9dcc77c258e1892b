import { SIGN_IN_ERROR_PARAM } from '@rampart/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, type ApiErrorCode } from '../../../lib/api-error';

/**
 * A sign-in through the identity provider that the server refused: it sends the browser back
 * here with the error's code, shown like a refused login (translated by code; an unknown code
 * gets the generic sentence, so the address cannot put words on the page).
 */
export const useSignInErrorFromUrl = (): ApiError | null => {
  const [params] = useSearchParams();
  const code = params.get(SIGN_IN_ERROR_PARAM);
  return useMemo(
    () => (code ? new ApiError({ status: 0, code: code as ApiErrorCode, message: code }) : null),
    [code],
  );
};
