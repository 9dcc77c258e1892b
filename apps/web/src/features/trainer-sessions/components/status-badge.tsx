import type { SessionStatus } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './status-badge.module.css';

/** A session's status in words, tinted by how urgent it is (live, waiting, over). */
export function StatusBadge({ status }: { status: SessionStatus }) {
  const { t } = useTranslation('trainer');
  return (
    <span className={styles.badge} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
