import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import styles from './avatar-catalogue-state.module.css';

/** Stand-in cards while the catalogue loads, with a spoken status. */
export function AvatarCatalogueLoading({ count = 8 }: { count?: number }) {
  const { t } = useTranslation('onboarding');
  return (
    <div className={styles.loading} role="status">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className={styles.skeleton} aria-hidden="true" />
      ))}
    </div>
  );
}

/** The catalogue could not be loaded: why, and a way to try again. */
export function AvatarCatalogueError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  return (
    <div className={styles.error} role="alert">
      <p className={styles.errorTitle}>{t('loadError')}</p>
      <p className={styles.errorDetail}>{errorMessage(t, error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
