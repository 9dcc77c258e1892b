import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useMagicLinkLogin } from './use-auth-actions';

export const MAGIC_LINK_PARAM = 'magic';

/**
 * Logs in with the `?magic=<token>` of a link a trainer issued (spec §8), once per token: the
 * token is single-use, so a second post (React's strict mode, a re-render) would only fail.
 */
export const useMagicLinkFromUrl = () => {
  const [params, setParams] = useSearchParams();
  const token = params.get(MAGIC_LINK_PARAM);
  const magic = useMagicLinkLogin();
  const { mutate } = magic;
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    mutate(token, {
      // Spent or refused, the token is of no more use: out of the address bar and the history.
      onError: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(MAGIC_LINK_PARAM);
            return next;
          },
          { replace: true },
        ),
    });
  }, [token, mutate, setParams]);

  return magic;
};
