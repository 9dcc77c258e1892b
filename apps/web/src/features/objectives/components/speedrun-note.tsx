import { useTranslation } from 'react-i18next';
import { useSpeedrunValue } from '../hooks/use-speedrun-value';
import type { ObjectiveSpeedrun } from '../lib/speedrun-clock';
import styles from './objective-detail.module.css';

/** A speedrun on the objective shown: what it is worth now, and how it falls. */
export function SpeedrunNote({
  points,
  speedrun,
}: {
  points: number;
  speedrun: ObjectiveSpeedrun;
}) {
  const { t } = useTranslation('game');
  const value = useSpeedrunValue(points, speedrun);
  return (
    <p className={styles.speedrun} role="note">
      {t('detail.speedrun', { title: speedrun.title, value, floor: speedrun.floor })}
    </p>
  );
}
