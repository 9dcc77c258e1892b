import type { AvatarBonus, AvatarId } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { AvatarImage } from '../../../components/avatar-image/avatar-image';
import { describeAvatarBonus } from '../avatars/describe-avatar-bonus';
import styles from './avatar-stage.module.css';

interface AvatarStageProps {
  id: AvatarId | null;
  bonus: AvatarBonus | null;
}

/** The chosen avatar, large, with its name, motto and bonus: the onboarding's showcase. */
export function AvatarStage({ id, bonus }: AvatarStageProps) {
  const { t } = useTranslation('onboarding');
  return (
    <figure className={styles.stage} aria-label={t('preview.label')}>
      <div className={styles.halo}>
        <AvatarImage id={id} size="clamp(84px, 22vw, 176px)" className={styles.image} />
      </div>
      <figcaption className={styles.caption}>
        {id ? (
          <>
            <span className={styles.name}>{t(`avatars.${id}.name`)}</span>
            <span className={styles.motto}>{t(`avatars.${id}.motto`)}</span>
            {bonus && (
              <span className={bonus.kind === 'none' ? styles.noBonus : styles.bonus}>
                <span className={styles.bonusLabel}>{t('preview.bonus')}</span>
                {describeAvatarBonus(t, bonus)}
              </span>
            )}
          </>
        ) : (
          <span className={styles.motto}>{t('preview.empty')}</span>
        )}
      </figcaption>
    </figure>
  );
}
