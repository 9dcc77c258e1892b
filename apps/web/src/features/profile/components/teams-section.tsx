import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { useLocalizedPath } from '../../locale';
import { useProfile } from '../api/get-profile';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { ProfileSection } from './profile-section';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import styles from './teams-section.module.css';

/** The player's teams; empty until games exist, and says so. */
export function TeamsSection() {
  const { t } = useTranslation('profile');
  const localize = useLocalizedPath();
  const profile = useProfile();
  return (
    <ProfileSection id="teams" title={t('sections.teams')} description={t('teams.description')}>
      {profile.isPending ? (
        <SectionLoading lines={2} />
      ) : profile.isError ? (
        <SectionError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : profile.data.teams.length === 0 ? (
        <EmptyState
          title={t('teams.empty')}
          hint={t('teams.emptyHint')}
          action={
            <ButtonLink variant="secondary" to={localize('/home')}>
              {t('teams.browse')}
            </ButtonLink>
          }
        />
      ) : (
        <ul className={styles.list}>
          {profile.data.teams.map((team) => (
            <li key={team.uuid} className={styles.team}>
              <span className={styles.badge} aria-hidden="true">
                {team.name.slice(0, 1).toUpperCase()}
              </span>
              {team.name}
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
