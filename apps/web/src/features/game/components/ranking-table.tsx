import { useTranslation } from 'react-i18next';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { TeamLogo } from '../../sessions';
import { useRanking } from '../api/get-ranking';
import styles from './ranking-table.module.css';

/** The live ranking: rank, team, objectives solved, score; the player's team marked. */
export function RankingTable({
  sessionUuid,
  ownTeam,
}: {
  sessionUuid: string;
  ownTeam: string | null;
}) {
  const { t } = useTranslation('game');
  const ranking = useRanking(sessionUuid);
  if (ranking.isPending) return <SectionLoading lines={4} />;
  if (ranking.isError)
    return <SectionError error={ranking.error} onRetry={() => void ranking.refetch()} />;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{t('ranking.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('ranking.rank')}</th>
          <th scope="col">{t('ranking.team')}</th>
          <th scope="col">{t('ranking.solved')}</th>
          <th scope="col">{t('ranking.score')}</th>
        </tr>
      </thead>
      <tbody>
        {ranking.data.teams.map((team) => (
          <tr key={team.uuid} data-own={team.uuid === ownTeam} data-eliminated={team.eliminated}>
            <td className={styles.rank}>{team.rank}</td>
            <th scope="row">
              <span className={styles.team}>
                <TeamLogo name={team.name} url={team.logoUrl} size={28} />
                <span>{team.name}</span>
                {team.eliminated && <span className={styles.tag}>{t('ranking.eliminated')}</span>}
              </span>
            </th>
            <td>{team.completed_objectives}</td>
            <td className={styles.score}>{team.score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
