import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { useLocalizedPath } from '../../../lib/locale';
import { useProfileHistory } from '../api/get-profile-history';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { ProfileSection } from './profile-section';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import styles from './teams-section.module.css';

/** The teams the player was in, with their logo and session, newest first. */
export function TeamsSection() {
  const { t } = useTranslation('profile');
  const localize = useLocalizedPath();
  const history = useProfileHistory();
  return (
    <ProfileSection id="teams" title={t('sections.teams')} description={t('teams.description')}>
      {history.isPending ? (
        <SectionLoading lines={2} />
      ) : history.isError ? (
        <SectionError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.teams.length === 0 ? (
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
          {history.data.teams.map((team) => (
            <li key={team.uuid} className={styles.team}>
              {team.logoUrl ? (
                <img className={styles.badge} src={team.logoUrl} alt="" />
              ) : (
                <span className={styles.badge} aria-hidden="true">
                  {team.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className={styles.names}>
                {team.name}
                <span className={styles.session}>
                  {t('teams.session', { session: team.session.name })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
