import type { MissionResult } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './stats.module.css';

/** Success or failure: a sign and a word, the colour only repeating them. */
export function MissionResultMark({ result }: { result: MissionResult | null }) {
  const { t } = useTranslation('debrief');
  return (
    <span className={styles.result} data-result={result ?? 'none'}>
      <span aria-hidden="true">
        {result === 'success' ? '✓' : result === 'failure' ? '✗' : '–'}
      </span>
      {t(`stats.result.${result ?? 'none'}`)}
    </span>
  );
}
