import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { asAppLocale } from '../../../lib/locales';
import { useMagicLinkLogin } from './use-auth-actions';

export const MAGIC_LINK_PARAM = 'magic';

/**
 * Logs in with the `?magic=<token>` of a link a trainer issued, once per token: the
 * token is single-use, so a second post (React's strict mode, a re-render) would only fail.
 */
export const useMagicLinkFromUrl = () => {
  const [params, setParams] = useSearchParams();
  const token = params.get(MAGIC_LINK_PARAM);
  const { i18n } = useTranslation();
  const locale = asAppLocale(i18n.language);
  const magic = useMagicLinkLogin();
  const { mutate } = magic;
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    mutate(locale ? { token, locale } : { token }, {
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
  }, [token, locale, mutate, setParams]);

  return magic;
};
