import { isEndedStatus } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import { SessionGate, sessionScreenPath, type PlayerSession } from '../../sessions';
import { useSurvey } from '../../survey/api/survey';
import styles from '../../transitions/components/connexion-transition.module.css';
import { useSkippableTransition } from '../../transitions/hooks/use-skippable-transition';
import { PodiumAnimation } from '../components/podium-animation';
import { screenAfterStatsTransition } from '../lib/debrief-flow';

/** How long the podium takes to rise (the CSS animations end with it). */
export const STATS_TRANSITION_MS = 2_600;

/**
 * `/sessions/{uuid}/statsTransition`: the session is over; a podium rises, then on to the
 * survey if this player has not rated the session yet, else to the stats. Skippable (button,
 * Escape); instant for reduced motion.
 */
export default function SessionStatsTransitionScreen() {
  return (
    <SessionGate screen="statsTransition">
      {(session) => <StatsTransition session={session} />}
    </SessionGate>
  );
}

function StatsTransition({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['debrief', 'screens']);
  useDocumentTitle(t('screens:sessionStatsTransition.title'));
  const survey = useSurvey(session.uuid);
  const team = session.gaming_session_user?.gaming_session_team ?? null;
  // The animation starts at once; where it leads is known when the survey answers.
  const next = survey.isPending
    ? null
    : screenAfterStatsTransition(survey.isError ? 'unreadable' : survey.data);
  const localize = useLocalizedPath();

  // Opened while the game can still be played: nothing to announce yet.
  if (!isEndedStatus(session.status)) {
    return <Navigate replace to={localize(sessionScreenPath(session.uuid, 'game'))} />;
  }

  return (
    <section className={styles.stage} aria-labelledby="transition-title">
      <PodiumAnimation />
      <h1 id="transition-title" className={styles.title}>
        {t('transition.title')}
      </h1>
      <p className={styles.status} role="status">
        <span className={styles.granted}>
          {session.status === 'stopped' ? t('transition.stopped') : t('transition.finished')}
        </span>
        {team && (
          <span className={styles.welcome}>{t('transition.team', { name: team.name })}</span>
        )}
      </p>
      <div className={styles.progress} aria-hidden="true" />
      {next ? (
        <GoOn target={sessionScreenPath(session.uuid, next)} />
      ) : (
        <Button variant="secondary" className={styles.skip} disabled>
          {t('transition.skip')}
        </Button>
      )}
    </section>
  );
}

function GoOn({ target }: { target: string }) {
  const { t } = useTranslation('debrief');
  const localize = useLocalizedPath();
  const goOn = useSkippableTransition(localize(target), STATS_TRANSITION_MS);
  return (
    <Button variant="secondary" className={styles.skip} onClick={goOn} autoFocus>
      {t('transition.skip')}
      <kbd className={styles.key} aria-hidden="true">
        Esc
      </kbd>
    </Button>
  );
}
