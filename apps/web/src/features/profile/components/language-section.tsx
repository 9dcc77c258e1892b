import type { Locale } from '@rampart/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useAppInfo } from '../../../lib/app-info';
import { useCurrentUser } from '../../auth';
import { localizePath, splitLocalePrefix, writeLocaleCookie } from '../../../lib/locale';
import { useSaveLocale } from '../api/put-locale';
import styles from '../../../components/ui/form/form.module.css';
import languageStyles from './language-section.module.css';
import { ProfileSection } from './profile-section';
import { SectionLoading } from '../../../components/ui/section-state/section-state';

/**
 * The account's language. Saving also switches this page: the cookie (which the server sets
 * too) for unprefixed URLs, the URL itself when it carries a locale prefix, which wins.
 */
export function LanguageSection() {
  const { t, i18n } = useTranslation(['profile', 'common', 'errors']);
  const { availableLocales } = useAppInfo();
  const player = useCurrentUser();
  const saveLocale = useSaveLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Locale | null>(null);
  const current = player?.locale ?? null;
  const selected = choice ?? current;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected || selected === current) return;
    saveLocale.mutate(selected, {
      onSuccess: async ({ locale }) => {
        setChoice(null);
        writeLocaleCookie(locale);
        await i18n.loadLanguages(locale);
        const { prefix, path } = splitLocalePrefix(location.pathname);
        if (!prefix) await i18n.changeLanguage(locale);
        else if (prefix !== locale) {
          // The URL's prefix wins over the cookie: the app follows the new URL's language.
          const pathname = localizePath(path, locale);
          await navigate(
            { pathname, search: location.search, hash: location.hash },
            { replace: true },
          );
        }
        toast.success(i18n.getFixedT(locale, 'profile')('language.saved'));
      },
    });
  };

  return (
    <ProfileSection
      id="language"
      title={t('sections.language')}
      description={t('language.description')}
    >
      {!player ? (
        <SectionLoading lines={2} />
      ) : (
        <form className={styles.form} onSubmit={handleSubmit}>
          <fieldset className={languageStyles.fieldset}>
            <legend className={styles.label}>{t('language.legend')}</legend>
            <div className={languageStyles.options}>
              {availableLocales.map((locale) => (
                <label key={locale} className={languageStyles.option} lang={locale}>
                  <input
                    type="radio"
                    name="locale"
                    value={locale}
                    checked={selected === locale}
                    onChange={() => setChoice(locale)}
                    className={languageStyles.radio}
                  />
                  <span className={languageStyles.short} aria-hidden="true">
                    {t(`common:language.short.${locale}`)}
                  </span>
                  <span>{t(`common:language.names.${locale}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {saveLocale.isError && (
            <p className={styles.formError} role="alert">
              {errorMessage(t, saveLocale.error)}
            </p>
          )}
          <div className={styles.actions}>
            <Button
              type="submit"
              disabled={!selected || selected === current || saveLocale.isPending}
            >
              {saveLocale.isPending ? t('language.saving') : t('language.save')}
            </Button>
          </div>
        </form>
      )}
    </ProfileSection>
  );
}
