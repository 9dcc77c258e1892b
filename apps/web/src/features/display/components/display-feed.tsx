import type { DisplaySnapshot, Locale } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './display.module.css';

const SHOWN = 5;

/** The latest solves (team, objective, points, first blood and speedrun) and the eliminations. */
export function DisplayFeed({
  solves,
  eliminations,
}: Pick<DisplaySnapshot, 'solves' | 'eliminations'>) {
  const { t, i18n } = useTranslation('display');
  const lang = i18n.language as Locale;
  return (
    <div className={styles.side}>
      <section className={styles.panel} aria-labelledby="display-feed">
        <h2 id="display-feed" className={styles.panelTitle}>
          {t('feed.title')}
        </h2>
        {solves.length === 0 ? (
          <p className={styles.empty}>{t('feed.empty')}</p>
        ) : (
          <ul className={styles.feed}>
            {solves.slice(0, SHOWN).map((solve) => (
              <li key={`${solve.teamUuid}:${solve.objectiveUuid}`} className={styles.feedRow}>
                <span className={styles.feedTeam}>{solve.teamName}</span>
                <span className={styles.feedObjective}>{solve.objectiveTitle[lang]}</span>
                <span className={styles.feedPoints}>
                  {t('signedPoints', { count: solve.points })}
                  {solve.firstBlood && <span className={styles.blood}>{t('feed.firstBlood')}</span>}
                  {solve.speedrun && <span className={styles.speed}>{t('feed.speedrun')}</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {eliminations.length > 0 && (
        <section className={styles.panel} aria-labelledby="display-eliminations">
          <h2 id="display-eliminations" className={styles.panelTitle}>
            {t('eliminations.title')}
          </h2>
          <ul className={styles.eliminations}>
            {eliminations.slice(0, 4).map((team) => (
              <li key={team.teamUuid}>{team.teamName}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
