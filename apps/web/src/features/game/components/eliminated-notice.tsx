import { useTranslation } from 'react-i18next';
import styles from './game-banners.module.css';

/**
 * What an eliminated team reads for as long as its game screen is open: that it is out, the
 * trainer's reason, and that it can no longer answer (it may still watch the game).
 */
export function EliminatedNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation('game');
  return (
    <section
      className={`${styles.banner} ${styles.eliminated}`}
      role="alert"
      aria-labelledby="eliminated-title"
    >
      <div className={styles.line}>
        <h2 id="eliminated-title" className={styles.eyebrow}>
          {t('eliminated.title')}
        </h2>
        {reason && <p className={styles.reason}>{t('eliminated.reason', { reason })}</p>}
        <p className={styles.reason}>{t('eliminated.noAnswers')}</p>
      </div>
    </section>
  );
}
