import { useTranslation } from 'react-i18next';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { CategoryTags, DifficultyMeter, ProgressMeter, type Chapter } from '../../content';
import styles from './chapter-header.module.css';

/** The chapter's title, summary and figures. */
export function ChapterHeader({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('content');
  return (
    <div className={styles.header}>
      <div className={styles.intro}>
        <Eyebrow>{t('chapter.eyebrow')}</Eyebrow>
        <h1 className={styles.title}>{chapter.title}</h1>
        <Markdown headingLevel={2} className={styles.summary}>
          {chapter.summary}
        </Markdown>
        <CategoryTags categories={chapter.categories} label={t('chapterCard.categories')} />
      </div>
      <div className={styles.side}>
        <dl className={styles.facts} aria-label={t('chapter.facts')}>
          <div>
            <dt>{t('chapterCard.missions')}</dt>
            <dd>{t('units.missions', { count: chapter.missionCount })}</dd>
          </div>
          <div>
            <dt>{t('chapter.objectives')}</dt>
            <dd>{t('units.objectives', { count: chapter.objectiveCount })}</dd>
          </div>
          <div>
            <dt>{t('chapterCard.points')}</dt>
            <dd>{t('units.points', { count: chapter.totalPoints })}</dd>
          </div>
          <div>
            <dt>{t('difficulty.label')}</dt>
            <dd>
              <DifficultyMeter min={chapter.difficulty.min} max={chapter.difficulty.max} />
            </dd>
          </div>
        </dl>
        <ProgressMeter
          label={t('chapterCard.progress', {
            completed: chapter.completedMissions,
            count: chapter.missionCount,
          })}
          value={chapter.completedMissions}
          max={chapter.missionCount}
        />
        {chapter.assignedAt && (
          <p className={styles.assigned}>
            <time dateTime={chapter.assignedAt}>
              {t('chapterCard.assignedOn', { date: new Date(chapter.assignedAt) })}
            </time>
          </p>
        )}
      </div>
    </div>
  );
}
