import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../button/button';
import styles from './section-state.module.css';

/** A section's content while it loads: a few shimmering lines and a spoken status. */
export function SectionLoading({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <span className="visually-hidden">{t('sectionState.loading')}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={styles.line} aria-hidden="true" />
      ))}
    </div>
  );
}

interface SectionErrorProps {
  error: unknown;
  onRetry: () => void;
  /** What could not be loaded; "This section could not be loaded." by default. */
  title?: string;
}

/** A section's content when it could not be loaded: why, and a way to try again. */
export function SectionError({ error, onRetry, title }: SectionErrorProps) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <div className={styles.error} role="alert">
      <div>
        <p className={styles.errorTitle}>{title ?? t('sectionState.error')}</p>
        <p className={styles.errorDetail}>{errorMessage(t, error)}</p>
      </div>
      <Button variant="secondary" onClick={onRetry}>
        {t('sectionState.retry')}
      </Button>
    </div>
  );
}
