import { useTranslation } from 'react-i18next';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { useObjectives } from '../api/get-objectives';
import styles from './challenge-teams.module.css';

/** "Challenge teams": each objective with the teams that solved it, first solver first. */
export function ChallengeTeams({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation('game');
  const objectives = useObjectives(sessionUuid);
  if (objectives.isPending) return <SectionLoading lines={4} />;
  if (objectives.isError)
    return <SectionError error={objectives.error} onRetry={() => void objectives.refetch()} />;
  return (
    <dl className={styles.list}>
      {objectives.data.objectives.map((objective) => (
        <div key={objective.uuid} className={styles.row}>
          <dt className={styles.objective}>{objective.title}</dt>
          <dd className={styles.teams}>
            {objective.solvedBy.length === 0
              ? t('challengeTeams.none')
              : objective.solvedBy.map((solve) => solve.teamName).join(', ')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
