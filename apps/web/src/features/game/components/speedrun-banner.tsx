import type { PlayObjective } from '@rampart/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/markdown/markdown';
import { useSpeedrunFactor, useSpeedrunValue } from '../../objectives/hooks/use-speedrun-value';
import { racingSpeedruns, type ObjectiveSpeedrun } from '../../objectives/lib/speedrun-clock';
import styles from './game-banners.module.css';

/**
 * A banner for each speedrun racing (launched by the trainer, no team has solved its objective
 * yet): what it is, the objective (opens it) and what it is worth now, live. It stays until a
 * team solves the objective; after a reload it comes back from the objectives themselves.
 */
export function SpeedrunBanners({
  objectives,
  paused,
  onOpen,
}: {
  objectives: readonly PlayObjective[];
  paused: boolean;
  onOpen: (uuid: string) => void;
}) {
  const { t } = useTranslation('game');
  const racing = racingSpeedruns(objectives);
  return (
    <>
      {/* The arrival is announced once; the value ticking every second is not. */}
      <p role="status" className="visually-hidden">
        {racing
          .map((objective) =>
            t('banner.speedrunAnnounced', {
              title: objective.speedrun.title,
              objective: objective.title,
            }),
          )
          .join(' ')}
      </p>
      {racing.map((objective) => (
        <SpeedrunBanner
          key={objective.uuid}
          objective={objective}
          speedrun={objective.speedrun}
          paused={paused}
          onOpen={onOpen}
        />
      ))}
    </>
  );
}

function SpeedrunBanner({
  objective,
  speedrun,
  paused,
  onOpen,
}: {
  objective: PlayObjective;
  speedrun: ObjectiveSpeedrun;
  paused: boolean;
  onOpen: (uuid: string) => void;
}) {
  const { t } = useTranslation('game');
  const titleId = useId();
  const value = useSpeedrunValue(objective.points, speedrun);
  const factor = useSpeedrunFactor();
  return (
    <section className={`${styles.banner} ${styles.speedrun}`} aria-labelledby={titleId}>
      <div className={styles.speedrunText}>
        <p className={styles.line}>
          <span className={styles.eyebrow}>
            {paused ? t('banner.speedrunPaused') : t('banner.speedrunLabel')}
          </span>
          <strong id={titleId} className={styles.title}>
            {speedrun.title}
          </strong>
          <span className={styles.objective}>
            {t('banner.objective')}{' '}
            <button type="button" className={styles.link} onClick={() => onOpen(objective.uuid)}>
              {objective.title}
            </button>
          </span>
        </p>
        {speedrun.description && (
          <Markdown variant="excerpt" className={styles.description}>
            {speedrun.description}
          </Markdown>
        )}
      </div>
      <p className={styles.value}>
        <span className={styles.valueLine}>
          <span className={styles.valueLabel}>{t('banner.worthNow')}</span>{' '}
          <span className={styles.valueFigure}>{t('objective.points', { count: value })}</span>
        </span>
        <span className={styles.valueHint}>
          {factor > 1
            ? t('banner.fallsSlower', { floor: speedrun.floor })
            : t('banner.falls', { floor: speedrun.floor })}
        </span>
      </p>
    </section>
  );
}
