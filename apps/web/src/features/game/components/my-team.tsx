import type { PlayObjective } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { AvatarImage } from '../../../components/avatar-image/avatar-image';
import { TeamLogo, type PlayerSession } from '../../sessions';
import styles from './my-team.module.css';

/**
 * The player's team: members with who has the game open right now (kept live by the session's
 * stream), score, rank, the trainers' adjustments of that score with their reasons, and what it
 * solved.
 */
export function MyTeam({
  session,
  objectives,
}: {
  session: PlayerSession;
  objectives: readonly PlayObjective[];
}) {
  const { t } = useTranslation('game');
  const team = session.gaming_session_user?.gaming_session_team;
  if (!team) return null;
  const solved = objectives.filter((objective) => objective.solved);
  const online = team.members.filter((member) => member.online).length;
  return (
    <div className={styles.team}>
      <div className={styles.head}>
        <TeamLogo name={team.name} url={team.logoUrl} size={48} />
        <div>
          <h2 className={styles.name}>{team.name}</h2>
          <p className={styles.figures}>
            {t('team.figures', { rank: team.rank, score: team.score })}
          </p>
        </div>
      </div>
      <ScoreAdjustments adjustments={session.scoreAdjustments} />
      <h3 className={styles.subtitle}>
        {t('team.membersOnline', { count: online, total: team.members.length })}
      </h3>
      <ul className={styles.members} aria-label={t('team.members')}>
        {team.members.map((member) => (
          <li key={member.pseudo} className={styles.member}>
            <AvatarImage id={member.avatarId} size={32} />
            <span className={styles.pseudo}>
              {member.pseudo}
              {member.isSelf && <span className={styles.self}>{t('team.you')}</span>}
            </span>
            <span className={styles.presence} data-online={member.online}>
              <span className={styles.dot} aria-hidden="true" />
              {member.online ? t('team.online') : t('team.offline')}
            </span>
          </li>
        ))}
      </ul>
      <h3 className={styles.subtitle}>
        {t('team.solved', { count: session.completed_objectives, total: session.total_objectives })}
      </h3>
      <progress
        className={styles.progress}
        max={100}
        value={session.progress_percentage}
        aria-label={t('team.progress', { percent: session.progress_percentage })}
      />
      {session.progress_percentage === 100 && <p className={styles.all}>{t('team.allSolved')}</p>}
      <ul className={styles.solvedList}>
        {solved.map((objective) => (
          <li key={objective.uuid}>{objective.title}</li>
        ))}
      </ul>
    </div>
  );
}

/** Each trainer's adjustment of the team's score, newest first, with the reason given. */
function ScoreAdjustments({ adjustments }: { adjustments: PlayerSession['scoreAdjustments'] }) {
  const { t, i18n } = useTranslation('game');
  if (adjustments.length === 0) return null;
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });
  return (
    <ul className={styles.adjustments} aria-label={t('team.adjustments')}>
      {adjustments.map((adjustment, index) => (
        <li key={`${adjustment.at}-${index}`} className={styles.adjustment}>
          {t('team.adjustment', {
            count: Math.abs(adjustment.points),
            points: signed.format(adjustment.points),
            reason: adjustment.reason,
          })}
        </li>
      ))}
    </ul>
  );
}
