import { useTranslation } from 'react-i18next';
import { DifficultyMeter, type ObjectivePreview } from '../../content';
import styles from './objective-preview-list.module.css';

/** What a mission asks, before playing: each objective's kind and weight, never its answer. */
export function ObjectivePreviewList({ objectives }: { objectives: readonly ObjectivePreview[] }) {
  const { t } = useTranslation('content');
  const anyLocked = objectives.some((objective) => objective.locked);
  return (
    <>
      <ol className={styles.list}>
        {objectives.map((objective) => (
          <li
            key={objective.uuid}
            className={styles.objective}
            data-locked={objective.locked || undefined}
          >
            <span className={styles.title}>{objective.title}</span>
            <ul className={styles.meta}>
              {objective.locked && (
                <li className={styles.locked}>
                  <LockIcon />
                  {t('objective.locked')}
                </li>
              )}
              <li>{t(`categories.${objective.category}`)}</li>
              <li>{t(`objectiveTypes.${objective.type}`)}</li>
              <li>
                <DifficultyMeter min={objective.difficulty} />
              </li>
              <li className={styles.points}>{t('units.points', { count: objective.points })}</li>
              {objective.firstBloodBonus > 0 && (
                <li>{t('objective.firstBlood', { points: objective.firstBloodBonus })}</li>
              )}
              {objective.speedrun && <li>{t('objective.speedrun')}</li>}
            </ul>
          </li>
        ))}
      </ol>
      {anyLocked && <p className={styles.note}>{t('objective.lockedNote')}</p>}
    </>
  );
}

function LockIcon() {
  return (
    <svg className={styles.lockIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect
        x="3"
        y="7"
        width="10"
        height="7"
        rx="1.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
