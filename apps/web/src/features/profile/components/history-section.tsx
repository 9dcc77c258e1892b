import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button/button';
import { useLocalizedPath } from '../../../lib/locale';
import { AwardBadges } from '../../stats/components/award-badges';
import { useProfileHistory } from '../api/get-profile-history';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import styles from './history-section.module.css';
import { ProfileSection } from './profile-section';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import tableStyles from '../../../components/ui/table/table.module.css';

/** Sessions played to the end, most recent first as the server sends them; each opens its detail. */
export function HistorySection() {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const localize = useLocalizedPath();
  const history = useProfileHistory();
  return (
    <ProfileSection
      id="history"
      title={t('sections.history')}
      description={t('history.description')}
    >
      {history.isPending ? (
        <SectionLoading lines={3} />
      ) : history.isError ? (
        <SectionError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.history.length === 0 ? (
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
        <div className={tableStyles.scroller}>
          <table className={`${tableStyles.table} ${tableStyles.roomy}`}>
            <caption className="visually-hidden">{t('history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.columns.session')}</th>
                <th scope="col">{t('history.columns.mission')}</th>
                <th scope="col">{t('history.columns.team')}</th>
                <th scope="col">{t('history.columns.endedAt')}</th>
                <th scope="col" className={tableStyles.number}>
                  {t('history.columns.score')}
                </th>
                <th scope="col" className={tableStyles.number}>
                  {t('history.columns.rank')}
                </th>
                <th scope="col">{t('history.columns.result')}</th>
                <th scope="col">{t('history.columns.awards')}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.history.map((entry) => (
                <tr key={entry.sessionUuid}>
                  <th scope="row">
                    <Link to={localize(`/profile/sessions/${entry.sessionUuid}`)}>
                      {entry.name}
                    </Link>
                  </th>
                  <td>{entry.mission.title[lang]}</td>
                  <td>{entry.team.name}</td>
                  <td>
                    {entry.endedAt && (
                      <time dateTime={entry.endedAt}>
                        {t('history.endedAtValue', { date: new Date(entry.endedAt) })}
                      </time>
                    )}
                  </td>
                  <td className={tableStyles.number}>
                    {t('history.scoreValue', { score: entry.score })}
                  </td>
                  <td className={tableStyles.number}>
                    {t('history.rankValue', {
                      count: entry.rank,
                      ordinal: true,
                      teams: entry.teams,
                    })}
                  </td>
                  <td>
                    <span className={styles.result} data-result={entry.result}>
                      {t(`history.result.${entry.result}`)}
                    </span>
                  </td>
                  <td>
                    <AwardBadges awards={entry.awards} compact="always" />
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
