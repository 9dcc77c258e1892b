import type { MissionResult } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './stats.module.css';

/**
 * Success or failure: a sign and a word, the colour only repeating them. `short` is the word
 * alone, for a column already headed "Result".
 */
export function MissionResultMark({
  result,
  short = false,
}: {
  result: MissionResult | null;
  short?: boolean;
}) {
  const { t } = useTranslation('debrief');
  return (
    <span className={styles.result} data-result={result ?? 'none'}>
      <span aria-hidden="true">
        {result === 'success' ? '✓' : result === 'failure' ? '✗' : '–'}
      </span>
      {short ? t(`ranking.resultValue.${result ?? 'none'}`) : t(`stats.result.${result ?? 'none'}`)}
    </span>
  );
}
