import type { Locale } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { writeLocaleCookie } from '../locale-cookie';
import { localizePath, splitLocalePrefix } from '../locale-resolution';
import styles from './language-switcher.module.css';

interface LanguageSwitcherProps {
  locales: readonly Locale[];
  className?: string;
}

/** Links to the same screen in each language; choosing one also remembers it in the cookie. */
export function LanguageSwitcher({ locales, className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { path } = splitLocalePrefix(location.pathname);

  if (locales.length < 2) return null;
  return (
    <nav aria-label={t('language.label')} className={className}>
      <ul className={styles.list}>
        {locales.map((locale) => {
          const current = i18n.language === locale;
          return (
            <li key={locale}>
              <Link
                className={styles.link}
                to={{
                  pathname: localizePath(path, locale),
                  search: location.search,
                  hash: location.hash,
                }}
                onClick={() => writeLocaleCookie(locale)}
                hrefLang={locale}
                lang={locale}
                aria-current={current ? 'true' : undefined}
                title={t(`language.names.${locale}`)}
              >
                <span aria-hidden="true">{t(`language.short.${locale}`)}</span>
                <span className="visually-hidden">{t(`language.names.${locale}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
