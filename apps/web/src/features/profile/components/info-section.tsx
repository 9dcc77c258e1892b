import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth';
import { AvatarImage } from '../../../components/avatar-image/avatar-image';
import { useProfile } from '../api/get-profile';
import styles from './info-section.module.css';
import { ProfileSection } from './profile-section';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';

/** Who the player is: avatar, username, game pseudo, member since. */
export function InfoSection() {
  const { t } = useTranslation(['profile', 'onboarding']);
  const profile = useProfile();
  const player = useCurrentUser();
  // The player entry changes as soon as a form saves; the profile follows on its next load.
  const user = player ?? profile.data?.user;
  return (
    <ProfileSection id="info" title={t('sections.info')} description={t('info.description')}>
      {profile.isPending ? (
        <SectionLoading lines={3} />
      ) : profile.isError || !user ? (
        <SectionError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <div className={styles.card}>
          <AvatarImage
            id={user.avatarId}
            size={96}
            label={
              user.avatarId
                ? t('info.avatarLabel', { name: t(`onboarding:avatars.${user.avatarId}.name`) })
                : t('info.noAvatar')
            }
          />
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('info.pseudo')}</dt>
              <dd className={styles.pseudo}>{user.pseudo}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('info.username')}</dt>
              <dd className={styles.mono}>{user.username}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('info.memberSince')}</dt>
              <dd>
                <time dateTime={profile.data.createdAt}>
                  {t('info.memberSinceValue', { date: new Date(profile.data.createdAt) })}
                </time>
              </dd>
            </div>
          </dl>
        </div>
      )}
    </ProfileSection>
  );
}
