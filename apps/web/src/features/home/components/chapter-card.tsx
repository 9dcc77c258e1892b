import type { ChapterSummary } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExcerptText } from '../../../components/ui/markdown/excerpt-text';
import { CategoryTags, DifficultyMeter, ProgressMeter } from '../../content';
import { useLocalizedPath } from '../../../lib/locale';
import styles from './chapter-card.module.css';

/** An assigned chapter: what it is about, how big and hard, how far the player got. */
export function ChapterCard({ chapter }: { chapter: ChapterSummary }) {
  const { t } = useTranslation('content');
  const localize = useLocalizedPath();
  return (
    <article className={styles.card}>
      <div className={styles.top}>
        <DifficultyMeter min={chapter.difficulty.min} max={chapter.difficulty.max} />
        {chapter.assignedAt && (
          <time className={styles.assigned} dateTime={chapter.assignedAt}>
            {t('chapterCard.assignedOn', { date: new Date(chapter.assignedAt) })}
          </time>
        )}
      </div>
      <h3 className={styles.title}>
        {/* The whole card is the link's target area (see .title a::after). */}
        <Link to={localize(`/chapters/${chapter.chapter_uuid}`)} className={styles.link}>
          {chapter.title}
        </Link>
      </h3>
      <ExcerptText runs={chapter.excerpt} className={styles.summary} />
      <dl className={styles.stats}>
        <div>
          <dt>{t('chapterCard.missions')}</dt>
          <dd>{t('units.missions', { count: chapter.missionCount })}</dd>
        </div>
        <div>
          <dt>{t('chapterCard.points')}</dt>
          <dd>{t('units.points', { count: chapter.totalPoints })}</dd>
        </div>
      </dl>
      <CategoryTags categories={chapter.categories} label={t('chapterCard.categories')} />
      <ProgressMeter
        label={t('chapterCard.progress', {
          completed: chapter.completedMissions,
          count: chapter.missionCount,
        })}
        value={chapter.completedMissions}
        max={chapter.missionCount}
      />
    </article>
  );
}
