import type { WebRouteId } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../app-info';
import styles from './placeholder-screen.module.css';
import { Eyebrow } from '../../components/ui/eyebrow/eyebrow';

/** Stands in for a screen until its feature is built: its title inside the real layout. */
export function PlaceholderScreen({ screen }: { screen: WebRouteId }) {
  const { t } = useTranslation(['screens', 'common']);
  const title = t(`${screen}.title`);
  useDocumentTitle(title);

  return (
    <section className={styles.screen} aria-labelledby="screen-title" data-screen={screen}>
      <Eyebrow>{t('common:placeholder.eyebrow')}</Eyebrow>
      <h1 id="screen-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{t('common:placeholder.message')}</p>
    </section>
  );
}
