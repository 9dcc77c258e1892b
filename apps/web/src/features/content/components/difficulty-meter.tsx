import { difficulties, difficultyLabels, type Difficulty } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './difficulty-meter.module.css';

interface DifficultyMeterProps {
  /** One level, or the easiest and hardest of several (a chapter's missions); 1 to 5. */
  min: number;
  max?: number;
}

/** The API validates 1–5; a level outside it would have no words, so it reads as the nearest. */
const toDifficulty = (level: number): Difficulty =>
  Math.min(5, Math.max(1, Math.round(level))) as Difficulty;

/**
 * One level fills the gauge up to it; a range fills its own levels and, dimmer, those below it.
 */
const fillOf = (level: number, min: number, max: number) =>
  level > max ? undefined : level >= min || min === max ? 'full' : 'soft';

/** The difficulty in words, with five pips for the eye. */
export function DifficultyMeter(props: DifficultyMeterProps) {
  const min = toDifficulty(props.min);
  const max = toDifficulty(props.max ?? props.min);
  const { t } = useTranslation('content');
  const label = (level: Difficulty) => t(`difficulty.levels.${difficultyLabels[level]}`);
  return (
    <span className={styles.meter} data-min={min} data-max={max}>
      <span className={styles.pips} aria-hidden="true">
        {difficulties.map((level) => (
          <span key={level} className={styles.pip} data-fill={fillOf(level, min, max)} />
        ))}
      </span>
      <span>
        {min === max ? label(min) : t('difficulty.range', { min: label(min), max: label(max) })}
      </span>
    </span>
  );
}
