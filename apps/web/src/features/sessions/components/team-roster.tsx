import type { SessionTeam } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { AvatarImage } from '../../../components/avatar-image/avatar-image';
import { TeamLogo } from './team-logo';
import styles from './team-roster.module.css';

interface TeamRosterProps {
  teams: readonly SessionTeam[];
  playersPerTeam: number;
  minPlayersPerTeam: number;
  /** The caller's team, marked as theirs. */
  ownTeamUuid?: string | null;
}

/**
 * Every team with its players, and the places still awaited ("awaiting players").
 * A team below the minimum to start says how many it still needs.
 */
export function TeamRoster({
  teams,
  playersPerTeam,
  minPlayersPerTeam,
  ownTeamUuid,
}: TeamRosterProps) {
  const { t } = useTranslation('sessions');
  if (teams.length === 0) return <p className={styles.empty}>{t('roster.empty')}</p>;
  return (
    <ul className={styles.teams} aria-live="polite">
      {teams.map((team) => {
        const missing = Math.max(0, minPlayersPerTeam - team.members.length);
        const open = Math.max(0, playersPerTeam - team.members.length);
        return (
          <li key={team.uuid} className={styles.team} data-own={team.uuid === ownTeamUuid}>
            <div className={styles.teamHead}>
              <TeamLogo name={team.name} url={team.logoUrl} size={40} />
              <div className={styles.teamName}>
                <h3 className={styles.name}>{team.name}</h3>
                <p className={styles.count}>
                  {t('roster.count', { count: team.members.length, max: playersPerTeam })}
                  {team.uuid === ownTeamUuid && (
                    <span className={styles.own}>{t('roster.yours')}</span>
                  )}
                </p>
              </div>
            </div>
            <ul className={styles.members}>
              {team.members.map((member) => (
                <li key={member.pseudo} className={styles.member}>
                  <AvatarImage id={member.avatarId} size={28} />
                  <span>{member.pseudo}</span>
                  {member.isSelf && <span className={styles.self}>{t('roster.you')}</span>}
                </li>
              ))}
              {Array.from({ length: open }, (_, index) => (
                <li key={`open-${index}`} className={styles.awaited}>
                  {t('roster.awaited')}
                </li>
              ))}
            </ul>
            {missing > 0 && (
              <p className={styles.missing}>{t('roster.missing', { count: missing })}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
