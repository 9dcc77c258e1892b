import type { PlayObjective } from '@rampart/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons/close-icon';
import { useSessionEvent } from '../../sessions';
import styles from './game-banners.module.css';

/** How long a first blood stays up, unless the pointer or focus holds it. */
export const FIRST_BLOOD_BANNER_MS = 8000;

interface FirstBlood {
  id: number;
  teamName: string;
  own: boolean;
  objectiveUuid: string;
}

/**
 * A banner for each first blood, whichever team takes it (the toasts leave out the player's
 * own team): a few seconds, dismissible, announced politely. At most three at once.
 */
export function FirstBloodBanners({
  objectives,
  ownTeam,
}: {
  objectives: readonly PlayObjective[];
  ownTeam: string | null;
}) {
  const { t } = useTranslation('game');
  const [shown, setShown] = useState<FirstBlood[]>([]);
  useSessionEvent('objective.solved', ({ sequence, payload }) => {
    if (!payload.firstBlood) return;
    const banner = {
      id: sequence,
      teamName: payload.teamName,
      own: payload.teamUuid === ownTeam,
      objectiveUuid: payload.objectiveUuid,
    };
    setShown((current) => [...current.filter((item) => item.id !== sequence), banner].slice(-3));
  });
  const dismiss = useCallback(
    (id: number) => setShown((current) => current.filter((item) => item.id !== id)),
    [],
  );
  const titleOf = (uuid: string) =>
    objectives.find((objective) => objective.uuid === uuid)?.title ?? t('banner.anObjective');
  return (
    // Always in the page, so that what enters it is announced.
    <div role="status" className={styles.stack}>
      {shown.map((banner) => (
        <FirstBloodBanner key={banner.id} id={banner.id} onDismiss={dismiss}>
          {banner.own
            ? t('banner.firstBloodOwn', { objective: titleOf(banner.objectiveUuid) })
            : t('banner.firstBlood', {
                team: banner.teamName,
                objective: titleOf(banner.objectiveUuid),
              })}
        </FirstBloodBanner>
      ))}
    </div>
  );
}

function FirstBloodBanner({
  id,
  onDismiss,
  children,
}: {
  id: number;
  onDismiss: (id: number) => void;
  children: string;
}) {
  const { t } = useTranslation('game');
  // Hovered or focused, it stays: nobody loses a message they are reading (WCAG 2.2.1).
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(id), FIRST_BLOOD_BANNER_MS);
    return () => clearTimeout(timer);
  }, [held, id, onDismiss]);
  return (
    <div
      className={`${styles.banner} ${styles.firstBlood}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className={styles.line}>
        <span className={styles.eyebrow}>{t('banner.firstBloodLabel')}</span>
        <span>{children}</span>
      </p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('banner.dismiss')}
        onClick={() => onDismiss(id)}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
