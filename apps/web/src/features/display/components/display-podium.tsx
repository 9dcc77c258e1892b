import type { DisplayTeam } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { DisplayLogo } from './display-logo';
import styles from './display.module.css';

/** The end of the game: the first three teams on the podium, with their awards. */
export function DisplayPodium({
  teams,
  logoOf,
}: {
  teams: DisplayTeam[];
  logoOf: (teamUuid: string) => string;
}) {
  const { t } = useTranslation('display');
  const { t: tDebrief } = useTranslation('debrief');
  const podium = teams.filter((team) => !team.eliminated).slice(0, 3);
  // Second, first, third: the winner in the middle, highest.
  const order = [podium[1], podium[0], podium[2]].filter((team) => team !== undefined);
  return (
    <section className={styles.podiumSection} aria-labelledby="display-podium">
      <h2 id="display-podium" className={styles.panelTitle}>
        {t('podium.title')}
      </h2>
      {podium.length === 0 ? (
        <p className={styles.empty}>{t('ranking.empty')}</p>
      ) : (
        <ol className={styles.podium}>
          {order.map((team) => (
            <li
              key={team.uuid}
              className={styles.step}
              data-place={team.rank}
              value={team.rank}
              aria-label={t('podium.place', { rank: team.rank, team: team.name })}
            >
              <DisplayLogo name={team.name} url={team.hasLogo ? logoOf(team.uuid) : null} />
              <span className={styles.stepName}>{team.name}</span>
              <span className={styles.stepPoints}>{t('points', { count: team.score })}</span>
              <ul className={styles.awards}>
                {team.awards.map((award) => (
                  <li key={award.kind} className={styles.award}>
                    {tDebrief(`awards.kinds.${award.kind}`)}
                    {award.count > 1 && ` ${tDebrief('awards.count', { count: award.count })}`}
                  </li>
                ))}
              </ul>
              <span className={styles.block} aria-hidden="true">
                {team.rank}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
