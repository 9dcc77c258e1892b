import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatClock,
  msUntil,
  useReadAgainAtZero,
  useServerNow,
  type PlayerSession,
} from '../../sessions';
import { GameActions } from './game-actions';
import styles from './game-status-bar.module.css';

/**
 * The game's timer and pause notice: time left on server time, frozen while the
 * trainer pauses; at zero the session is read again and the screens follow it to the stats.
 * Beside them, the buttons of the game's modals and, on a wide screen, the layout switch.
 */
export function GameStatusBar({
  session,
  layoutSwitch,
  boardDrawn,
}: {
  session: PlayerSession;
  layoutSwitch?: ReactNode;
  /** The board under the bar is drawn (`GameActions`). */
  boardDrawn: boolean;
}) {
  const { t } = useTranslation('sessions');
  const paused = session.status === 'paused';
  const team = session.gaming_session_user?.gaming_session_team;
  return (
    <div className={styles.bar}>
      <div className={styles.identity}>
        <span className={styles.session}>{session.name}</span>
        {team && <span className={styles.team}>{team.name}</span>}
      </div>
      <GameTimer session={session} />
      <div className={styles.tools}>
        <GameActions session={session} boardDrawn={boardDrawn} />
        {layoutSwitch}
      </div>
      {paused && (
        <p className={styles.paused} role="status">
          {t('game.paused')}
        </p>
      )}
    </div>
  );
}

/**
 * The time left, drawn twice a second: a component of its own, so that its ticks draw nothing
 * else (the modals' buttons beside it hold the briefing, the help and the support dialogs).
 */
function GameTimer({ session }: { session: PlayerSession }) {
  const { t } = useTranslation('sessions');
  const now = useServerNow(session.clockOffsetMs, 500);
  const paused = session.status === 'paused';
  const left = paused ? session.remainingMs : (msUntil(session.endsAt, now) ?? 0);
  useReadAgainAtZero(session.uuid, !paused && left === 0);

  return (
    <p className={styles.timer} data-paused={paused}>
      <span className="visually-hidden">{t('game.timeLeft')}</span>
      <time
        role="timer"
        aria-live="off"
        dateTime={`PT${Math.ceil(left / 1000)}S`}
        data-testid="game-timer"
      >
        {formatClock(left)}
      </time>
    </p>
  );
}
