import type { Locale } from '@rampart/contracts';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ObjectiveDetail } from '../../objectives/components/objective-detail';
import { usePreviewPlay } from '../../objectives/hooks/use-preview-play';
import { previewObjective, type ObjectiveDraft } from '../lib/chapter-draft';
import { panelStyles } from '../../../components/ui/panel/panel';
import styles from './editor.module.css';

/**
 * The selected objective rendered by the game screen's own component, as a player of a fresh
 * team sees it, in the chosen language: the texts of the draft and the game's labels both. The
 * preview is read-only: its controls are disabled, nothing reaches a session.
 */
export function ObjectivePreview({
  objective,
  position,
}: {
  objective: ObjectiveDraft | null;
  position: number;
}) {
  const { t, i18n } = useTranslation('contentAuthoring');
  const [locale, setLocale] = useState<Locale>(i18n.language === 'fr' ? 'fr' : 'en');
  // A second i18next instance on the same catalogues, in the preview's language: the labels
  // of the game screen read in that language without changing the app's.
  const previewI18n = useMemo(() => i18n.cloneInstance({ lng: locale }), [i18n, locale]);
  // The language whose catalogues the preview instance has loaded.
  const [loaded, setLoaded] = useState<Locale | null>(null);
  useEffect(() => {
    let live = true;
    void previewI18n.loadNamespaces(['game', 'content', 'errors', 'common']).then(() => {
      if (live) setLoaded(locale);
    });
    return () => {
      live = false;
    };
  }, [previewI18n, locale]);
  const ready = loaded === locale;
  const play = usePreviewPlay();

  return (
    <section className={panelStyles.panel} aria-labelledby="objective-preview-heading">
      <div className={panelStyles.head}>
        <h3 id="objective-preview-heading" className={styles.listHeading}>
          {t('preview.heading')}
        </h3>
        <div role="group" aria-label={t('preview.language')} className={styles.segmented}>
          {(['en', 'fr'] as const).map((language) => (
            <button
              key={language}
              type="button"
              aria-pressed={locale === language}
              onClick={() => setLocale(language)}
            >
              {t(`preview.${language}`)}
            </button>
          ))}
        </div>
      </div>
      <p className={styles.muted}>{t('preview.description')}</p>
      {!objective ? (
        <p className={styles.muted}>{t('preview.none')}</p>
      ) : (
        <>
          {objective.locked && <p className={styles.notice}>{t('preview.locked')}</p>}
          <fieldset disabled className={styles.previewFrame} lang={locale}>
            {ready && (
              <I18nextProvider i18n={previewI18n}>
                <ObjectiveDetail
                  sessionUuid="preview"
                  preview
                  play={play}
                  objective={previewObjective(objective, position, locale)}
                />
              </I18nextProvider>
            )}
          </fieldset>
        </>
      )}
    </section>
  );
}
