import type { SessionSummary } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './status-badge.module.css';

export function SessionStatusBadge({ status }: { status: SessionSummary['status'] }) {
  const { t } = useTranslation('content');
  return (
    <span className={styles.badge} data-tone={statusTones[status]}>
      {t(`sessionStatus.${status}`)}
    </span>
  );
}

const statusTones: Record<SessionSummary['status'], 'live' | 'waiting' | 'done'> = {
  lobby: 'waiting',
  countdown: 'live',
  running: 'live',
  paused: 'waiting',
  finished: 'done',
  stopped: 'done',
  canceled: 'done',
};
