import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import styles from './section-state.module.css';

/** A section's content while it loads: a few shimmering lines and a spoken status. */
export function SectionLoading({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation('profile');
  return (
    <div className={styles.loading} role="status">
      <span className="visually-hidden">{t('state.loading')}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={styles.line} aria-hidden="true" />
      ))}
    </div>
  );
}

/** A section's content when it could not be loaded: why, and a way to try again. */
export function SectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['profile', 'errors']);
  return (
    <div className={styles.error} role="alert">
      <div>
        <p className={styles.errorTitle}>{t('state.error')}</p>
        <p className={styles.errorDetail}>{errorMessage(t, error)}</p>
      </div>
      <Button variant="secondary" onClick={onRetry}>
        {t('state.retry')}
      </Button>
    </div>
  );
}
