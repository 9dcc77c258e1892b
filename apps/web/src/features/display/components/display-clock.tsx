import type { DisplaySnapshot } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { formatClock, msUntil, useServerNow } from '../../sessions';
import styles from './display.module.css';

/** The big clock: time left, frozen with "Paused", the countdown, or the state of the game. */
export function DisplayClock({
  session,
  clockOffsetMs,
}: {
  session: DisplaySnapshot['session'];
  clockOffsetMs: number;
}) {
  const { t } = useTranslation('display');
  const now = useServerNow(clockOffsetMs, 500);
  const { status } = session;
  const time =
    status === 'running'
      ? formatClock(msUntil(session.endsAt, now) ?? 0)
      : status === 'paused'
        ? formatClock(session.remainingMs)
        : status === 'countdown'
          ? formatClock(msUntil(session.startsAt, now) ?? 0)
          : null;
  return (
    <div className={styles.clock} data-status={status}>
      <span className={styles.clockLabel}>{t(`status.${status}`)}</span>
      {time !== null && (
        <span className={styles.clockTime} role="timer" aria-live="off">
          {time}
        </span>
      )}
    </div>
  );
}
