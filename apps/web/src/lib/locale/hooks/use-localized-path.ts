import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localizePath, splitLocalePrefix } from '../locale-resolution';

/** The locale prefix of the current URL, if any. */
export const useLocalePrefix = () => splitLocalePrefix(useLocation().pathname).prefix;

/** Turns an app path into a link that keeps the current URL's locale prefix. */
export const useLocalizedPath = () => {
  const prefix = useLocalePrefix();
  return useCallback((path: string) => localizePath(path, prefix), [prefix]);
};
