import type { DisplayTeam } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { DisplayLogo } from './display-logo';
import styles from './display.module.css';

/** Teams that fit on the wall at 1280×720 without scrolling; the rest are counted. */
const ROWS = 8;

/** The live ranking: rank, logo, name and points, eliminated teams greyed out at the end. */
export function DisplayRanking({
  teams,
  logoOf,
}: {
  teams: DisplayTeam[];
  logoOf: (teamUuid: string) => string;
}) {
  const { t } = useTranslation('display');
  const shown = teams.slice(0, ROWS);
  return (
    <section className={styles.panel} aria-labelledby="display-ranking">
      <h2 id="display-ranking" className={styles.panelTitle}>
        {t('ranking.title')}
      </h2>
      {teams.length === 0 ? (
        <p className={styles.empty}>{t('ranking.empty')}</p>
      ) : (
        <ol className={styles.ranking}>
          {shown.map((team) => (
            <li
              key={team.uuid}
              className={styles.rankRow}
              data-eliminated={team.eliminated || undefined}
            >
              <span className={styles.rank}>{team.eliminated ? '—' : team.rank}</span>
              <DisplayLogo name={team.name} url={team.hasLogo ? logoOf(team.uuid) : null} />
              <span className={styles.teamName}>
                {team.name}
                {team.eliminated && <span className={styles.tag}>{t('ranking.eliminated')}</span>}
              </span>
              <span className={styles.points}>{t('points', { count: team.score })}</span>
            </li>
          ))}
        </ol>
      )}
      {teams.length > ROWS && (
        <p className={styles.more}>{t('ranking.more', { count: teams.length - ROWS })}</p>
      )}
    </section>
  );
}
