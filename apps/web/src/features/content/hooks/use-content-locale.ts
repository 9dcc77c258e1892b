import type { Locale } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { appLocales, fallbackLocale } from '../../../lib/locales';

/** The language content is asked in: the interface's, so switching language refetches it. */
export const useContentLocale = (): Locale => {
  const { i18n } = useTranslation();
  const language = i18n.language as Locale;
  return appLocales.includes(language) ? language : fallbackLocale;
};
