import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button/button';
import { useAppInfo, useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import styles from './error-page.module.css';

/** The error screen: 404 is "Page Not Found", any other status "Internal Server Error". */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const { goHomeEnabled } = useAppInfo();
  const localize = useLocalizedPath();
  const kind = status === 404 ? 'notFound' : 'internal';
  const title = t(`errorPage.${kind}.title`);
  useDocumentTitle(title);

  return (
    <section className={styles.page} aria-labelledby="error-page-title" data-status={status}>
      <p className={styles.status}>
        <span className="visually-hidden">{t('errorPage.statusLabel', { status })}</span>
        <span aria-hidden="true">{status}</span>
      </p>
      <h1 id="error-page-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{t(`errorPage.${kind}.message`)}</p>
      <div className={styles.actions}>
        {goHomeEnabled && <ButtonLink to={localize('/')}>{t('actions.goHome')}</ButtonLink>}
        {kind === 'internal' && (
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
        )}
      </div>
    </section>
  );
}
