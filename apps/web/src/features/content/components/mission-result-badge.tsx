import type { MissionResult } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './status-badge.module.css';

/** Success or failure of the player's last judged attempt, or "not played yet". */
export function MissionResultBadge({ result }: { result: MissionResult | null }) {
  const { t } = useTranslation('content');
  return (
    <span className={styles.badge} data-tone={result ?? 'none'}>
      <span aria-hidden="true">
        {result === 'success' ? '✓' : result === 'failure' ? '✗' : '○'}
      </span>
      {t(`results.${result ?? 'none'}`)}
    </span>
  );
}
