import { useTranslation } from 'react-i18next';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import { useCurrentUser } from '../../auth';
import { AvatarImage } from '../../../components/avatar-image/avatar-image';
import styles from './home-greeting.module.css';
import { SupportChatEntry } from './support-chat-entry';

/** The top of home: who is playing, the screen's title, and the way to support. */
export function HomeGreeting({ title }: { title: string }) {
  const { t } = useTranslation(['content', 'onboarding']);
  const player = useCurrentUser();
  return (
    <div className={styles.greeting}>
      {player && (
        <AvatarImage
          id={player.avatarId}
          size="clamp(56px, 12vw, 88px)"
          className={styles.avatar}
          {...(player.avatarId
            ? {
                label: t('home.avatarLabel', {
                  name: t(`onboarding:avatars.${player.avatarId}.name`),
                }),
              }
            : {})}
        />
      )}
      <div className={styles.text}>
        <Eyebrow>{t('home.eyebrow')}</Eyebrow>
        <h1 className={styles.title}>{title}</h1>
        {player && <p className={styles.hello}>{t('home.greeting', { pseudo: player.pseudo })}</p>}
        <p className={styles.intro}>{t('home.intro')}</p>
      </div>
      <SupportChatEntry className={styles.support} />
    </div>
  );
}
