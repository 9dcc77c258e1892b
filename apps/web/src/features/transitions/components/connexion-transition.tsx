import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { GateAnimation } from './gate-animation';
import styles from './connexion-transition.module.css';

interface ConnexionTransitionProps {
  title: string;
  pseudo: string | null;
  onSkip: () => void;
}

/** What the transition shows: the gate opening, who is let in, a way to skip it. */
export function ConnexionTransition({ title, pseudo, onSkip }: ConnexionTransitionProps) {
  const { t } = useTranslation('auth');
  return (
    <section className={styles.stage} aria-labelledby="transition-title">
      <GateAnimation />
      <h1 id="transition-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.status} role="status">
        <span className={styles.granted}>{t('transition.status')}</span>
        {pseudo && <span className={styles.welcome}>{t('transition.welcome', { pseudo })}</span>}
      </p>
      <div className={styles.progress} aria-hidden="true" />
      {/* Focused, so that Enter or Space skips as well as Escape. */}
      <Button variant="secondary" className={styles.skip} onClick={onSkip} autoFocus>
        {t('transition.skip')}
        <kbd className={styles.key} aria-hidden="true">
          Esc
        </kbd>
      </Button>
    </section>
  );
}
