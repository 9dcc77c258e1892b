import type { Locale } from '@rampart/contracts';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageLocale } from '../page-locale';

/** Keeps i18next's language on the one the URL, the cookie or the browser asks for. */
export const useLocaleSync = (available: readonly Locale[]): void => {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const locale = pageLocale(pathname, available);
  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [i18n, locale]);
};
