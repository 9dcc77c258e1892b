import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button/button';
import { useLocalizedPath } from '../../locale';
import { useProfile } from '../api/get-profile';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import styles from './history-section.module.css';
import { ProfileSection } from './profile-section';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';

/** Sessions played, most recent first as the server sends them; each opens its detail. */
export function HistorySection() {
  const { t } = useTranslation('profile');
  const localize = useLocalizedPath();
  const profile = useProfile();
  return (
    <ProfileSection
      id="history"
      title={t('sections.history')}
      description={t('history.description')}
    >
      {profile.isPending ? (
        <SectionLoading lines={3} />
      ) : profile.isError ? (
        <SectionError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : profile.data.history.length === 0 ? (
        <EmptyState
          title={t('history.empty')}
          hint={t('history.emptyHint')}
          action={
            <ButtonLink variant="secondary" to={localize('/home')}>
              {t('teams.browse')}
            </ButtonLink>
          }
        />
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.columns.session')}</th>
                <th scope="col">{t('history.columns.endedAt')}</th>
                <th scope="col" className={styles.number}>
                  {t('history.columns.score')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('history.columns.rank')}
                </th>
              </tr>
            </thead>
            <tbody>
              {profile.data.history.map((entry) => (
                <tr key={entry.sessionUuid}>
                  <th scope="row">
                    <Link to={localize(`/profile/sessions/${entry.sessionUuid}`)}>
                      {entry.name}
                    </Link>
                  </th>
                  <td>
                    {entry.endedAt ? (
                      <time dateTime={entry.endedAt}>
                        {t('history.endedAtValue', { date: new Date(entry.endedAt) })}
                      </time>
                    ) : (
                      t('history.ongoing')
                    )}
                  </td>
                  <td className={styles.number}>
                    {t('history.scoreValue', { score: entry.score })}
                  </td>
                  <td className={styles.number}>
                    {entry.rank === null
                      ? t('history.unranked')
                      : t('history.rankValue', { rank: entry.rank })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ProfileSection>
  );
}
