import type { ChapterSummary } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DifficultyMeter } from '../../content';
import { useLocalizedPath } from '../../../lib/locale';
import styles from './chapter-row.module.css';

/** A chapter in the list of every chapter: its name and figures on one line. */
export function ChapterRow({ chapter }: { chapter: ChapterSummary }) {
  const { t } = useTranslation('content');
  const localize = useLocalizedPath();
  return (
    <li className={styles.row}>
      <div className={styles.name}>
        <h3 className={styles.title}>
          <Link to={localize(`/chapters/${chapter.chapter_uuid}`)}>{chapter.title}</Link>
        </h3>
        {chapter.assigned && <span className={styles.assigned}>{t('chapterCard.assigned')}</span>}
      </div>
      <ul className={styles.facts}>
        <li>{t('units.missions', { count: chapter.missionCount })}</li>
        <li>{t('units.points', { count: chapter.totalPoints })}</li>
        <li>
          <DifficultyMeter min={chapter.difficulty.min} max={chapter.difficulty.max} />
        </li>
        <li>
          {t('chapterCard.progress', {
            completed: chapter.completedMissions,
            count: chapter.missionCount,
          })}
        </li>
      </ul>
    </li>
  );
}
