import type { SessionStats } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel/panel';
import { TeamLogo } from '../../sessions';
import { AwardBadges } from './award-badges';
import { MissionResultMark } from './mission-result-mark';
import styles from './stats.module.css';
import tableStyles from '../../../components/ui/table/table.module.css';

/**
 * The final ranking, with the hints each team unlocked and the points it paid for them: the
 * player's team is marked by a tag and a frame.
 */
export function RankingTable({ stats }: { stats: SessionStats }) {
  const { t } = useTranslation('debrief');
  const total = stats.objectives.length;
  return (
    <Panel id="ranking-title" title={t('ranking.title')}>
      {stats.teams.length === 0 ? (
        <p className={styles.muted}>{t('ranking.empty')}</p>
      ) : (
        <div className={tableStyles.scroller}>
          <table className={`${tableStyles.table} ${tableStyles.tightOnPhone} ${styles.teams}`}>
            <caption className="visually-hidden">{t('ranking.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={tableStyles.number}>
                  {t('ranking.rank')}
                </th>
                <th scope="col">{t('ranking.team')}</th>
                <th scope="col" className={tableStyles.number}>
                  {t('ranking.score')}
                </th>
                <th scope="col" className={`${tableStyles.number} ${styles.wideOnly}`}>
                  {t('ranking.objectives')}
                </th>
                <th scope="col" className={`${tableStyles.number} ${styles.wideOnly}`}>
                  {t('ranking.hints')}
                </th>
                <th scope="col">{t('ranking.result')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.teams.map((team) => {
                const mine = team.uuid === stats.myTeamUuid;
                return (
                  <tr key={team.uuid} data-mine={mine || undefined}>
                    <td className={tableStyles.number}>{team.rank}</td>
                    <th scope="row">
                      <span className={styles.team}>
                        <span className={styles.wideOnly}>
                          <TeamLogo name={team.name} url={team.logoUrl} size={28} />
                        </span>
                        <span className={styles.teamName}>{team.name}</span>
                        {mine && <span className={styles.mineTag}>{t('ranking.yours')}</span>}
                        {team.eliminated && (
                          <span className={styles.eliminated}>
                            <span aria-hidden="true">✕ </span>
                            {t('ranking.eliminated')}
                          </span>
                        )}
                        <AwardBadges awards={team.awards} compact="narrow" />
                      </span>
                    </th>
                    <td className={tableStyles.number}>{team.score}</td>
                    <td className={`${tableStyles.number} ${styles.wideOnly}`}>
                      {t('ranking.objectivesValue', { count: team.completed_objectives, total })}
                    </td>
                    <td className={`${tableStyles.number} ${styles.wideOnly}`}>
                      {t('ranking.hintsValue', { count: team.hints, cost: team.hintCost })}
                    </td>
                    <td>
                      <MissionResultMark result={team.result} short />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
