import { useTranslation } from 'react-i18next';
import { DifficultyMeter, type ChapterMission } from '../../content';
import styles from './mission-facts.module.css';
import { SuccessRuleText } from './success-rule-text';

/** A mission's figures: best score, difficulty, points, duration, objectives, success rule. */
export function MissionFacts({ mission }: { mission: ChapterMission }) {
  const { t } = useTranslation('content');
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('mission.bestScore')}</dt>
        <dd className={styles.score}>
          {mission.bestScore === null
            ? t('mission.notPlayed')
            : t('units.points', { count: mission.bestScore })}
        </dd>
      </div>
      <div>
        <dt>{t('difficulty.label')}</dt>
        <dd>
          <DifficultyMeter min={mission.difficulty} />
        </dd>
      </div>
      <div>
        <dt>{t('chapterCard.points')}</dt>
        <dd>{t('units.points', { count: mission.points })}</dd>
      </div>
      <div>
        <dt>{t('mission.duration')}</dt>
        <dd>{t('units.minutes', { minutes: mission.durationMinutes })}</dd>
      </div>
      <div>
        <dt>{t('mission.objectives')}</dt>
        <dd>
          {t('mission.objectiveCount', {
            objectives: t('units.objectives', { count: mission.objectiveCount }),
            flags: t('units.flags', { count: mission.flagCount }),
          })}
        </dd>
      </div>
      <div className={styles.rule}>
        <dt>{t('mission.successRule')}</dt>
        <dd>
          <SuccessRuleText rule={mission.successRule} />
        </dd>
      </div>
    </dl>
  );
}
