import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionLoading } from '../../../components/ui/section-state/section-state';
import { AvatarChangeForm } from '../../onboarding';
import { sessionStyles as styles } from '../../sessions';

/** The lobby's "avatar choice": the onboarding's picker, to change one's avatar before play. */
export function LobbyAvatar() {
  const { t } = useTranslation('sessions');
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t('lobby.avatar')}
      </h2>
      <p className={styles.subtitle}>{t('lobby.avatarHint')}</p>
      <Suspense fallback={<SectionLoading lines={3} />}>
        <AvatarChangeForm labelledBy={titleId} />
      </Suspense>
    </section>
  );
}
