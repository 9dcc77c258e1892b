export { LanguageSwitcher } from './components/language-switcher';
export { useLocaleSync } from './hooks/use-locale-sync';
export { useLocalePrefix, useLocalizedPath } from './hooks/use-localized-path';
export { readLocaleCookie, writeLocaleCookie } from './locale-cookie';
export { localizePath, resolveLocale, splitLocalePrefix } from './locale-resolution';
export { pageLocale } from './page-locale';
