import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import { useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import {
  SessionGate,
  TeamRoster,
  formatClock,
  msUntil,
  sessionStyles,
  useReadAgainAtZero,
  useServerNow,
  type PlayerSession,
} from '../../sessions';
import styles from './session-start-screen.module.css';

/**
 * `/sessions/{uuid}/startScreen`: "game will start in" with the countdown, on server time;
 * "players missing" while a start waits for teams to fill; "game canceled" when it waited too
 * long. The screen follows the session: at zero it moves to the game.
 */
export default function SessionStartScreen() {
  return (
    <SessionGate screen="startScreen">{(session) => <StartScreen session={session} />}</SessionGate>
  );
}

function StartScreen({ session }: { session: PlayerSession }) {
  const { t } = useTranslation(['sessions', 'screens']);
  useDocumentTitle(t('screens:sessionStartScreen.title'));
  const titleId = useId();
  const localize = useLocalizedPath();
  const now = useServerNow(session.clockOffsetMs, 200);
  const waiting = session.status === 'lobby' && session.startPhase === 'waiting_for_players';
  const deadline =
    session.status === 'countdown' ? session.startsAt : waiting ? session.startWaitEndsAt : null;
  const left = msUntil(deadline, now);
  // At zero the server's status has moved on (running, or canceled): read it, and the gate follows.
  useReadAgainAtZero(session.uuid, left === 0);

  if (session.status === 'canceled') {
    return (
      <section
        className={`${sessionStyles.screen} ${sessionStyles.narrow} ${styles.center}`}
        aria-labelledby={titleId}
      >
        <Eyebrow>{session.name}</Eyebrow>
        <h1 id={titleId} className={styles.message}>
          {t('start.canceled')}
        </h1>
        <p className={sessionStyles.subtitle}>{t('start.canceledHint')}</p>
        <ButtonLink to={localize('/home')}>{t('start.home')}</ButtonLink>
      </section>
    );
  }

  const seconds = left === null ? null : Math.ceil(left / 1000);
  // Spoken at 10, 5, 3, 2, 1 (the live region is empty in between): often enough to follow,
  // not a voice every second.
  const spoken =
    seconds !== null && seconds > 0 && (seconds <= 3 || seconds % 5 === 0) ? seconds : null;
  return (
    <section className={`${sessionStyles.screen} ${styles.center}`} aria-labelledby={titleId}>
      <Eyebrow>{session.name}</Eyebrow>
      <h1 id={titleId} className={styles.message}>
        {waiting ? t('start.playersMissing') : t('start.willStartIn')}
      </h1>
      {waiting ? (
        <>
          <p className={sessionStyles.subtitle} role="status">
            {t('start.cancelIn', { time: formatClock(left ?? 0) })}
          </p>
          <div className={styles.roster}>
            <TeamRoster
              teams={session.teams}
              playersPerTeam={session.playersPerTeam}
              minPlayersPerTeam={session.minPlayersPerTeam}
              ownTeamUuid={session.gaming_session_user?.gaming_session_team?.uuid ?? null}
            />
          </div>
        </>
      ) : (
        <>
          <p className={styles.count} role="timer" aria-live="off" data-testid="countdown">
            {seconds ?? ''}
          </p>
          <p className="visually-hidden" role="status">
            {spoken ? t('start.spoken', { count: spoken }) : ''}
          </p>
        </>
      )}
    </section>
  );
}
