import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import { SessionGate, sessionScreenPath, type PlayerSession } from '../../sessions';
import { TeamBannerAnimation } from '../components/team-banner-animation';
import { useSkippableTransition } from '../hooks/use-skippable-transition';
import styles from '../components/connexion-transition.module.css';

/** How long the banner takes to rise (the CSS animations end with it). */
export const CREATION_TRANSITION_MS = 2_600;

/**
 * `/sessions/{uuid}/videoTransitionCreation`: after a team is created, its banner is
 * raised, then on to the lobby. Skippable (button, Escape); instant for reduced motion.
 */
export default function SessionVideoTransitionCreationScreen() {
  return (
    <SessionGate screen="videoTransitionCreation">
      {(session) => <CreationTransition session={session} />}
    </SessionGate>
  );
}

function CreationTransition({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['sessions', 'screens']);
  const title = t('screens:sessionVideoTransitionCreation.title');
  useDocumentTitle(title);
  const localize = useLocalizedPath();
  const team = session.gaming_session_user?.gaming_session_team ?? null;
  const goOn = useSkippableTransition(
    localize(sessionScreenPath(session.uuid, 'lobby')),
    CREATION_TRANSITION_MS,
    { immediately: !team },
  );

  if (!team) return null;
  return (
    <section className={styles.stage} aria-labelledby="transition-title">
      <TeamBannerAnimation name={team.name} logoUrl={team.logoUrl} />
      <h1 id="transition-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.status} role="status">
        <span className={styles.granted}>{t('transition.status')}</span>
        <span className={styles.welcome}>{t('transition.team', { name: team.name })}</span>
      </p>
      <div className={styles.progress} aria-hidden="true" />
      <Button variant="secondary" className={styles.skip} onClick={goOn} autoFocus>
        {t('transition.skip')}
        <kbd className={styles.key} aria-hidden="true">
          Esc
        </kbd>
      </Button>
    </section>
  );
}
