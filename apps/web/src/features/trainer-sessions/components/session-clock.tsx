import type { SessionStatus } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { formatClock, msUntil, useServerNow } from '../../sessions';

export interface SessionTimes {
  status: SessionStatus;
  scheduledStartAt: string | null;
  startsAt: string | null;
  endsAt: string | null;
  remainingMs: number;
  clockOffsetMs: number;
}

/**
 * What the session's clock says now, ticking: time left while running, frozen while paused, the
 * countdown to the start, or the planned start of a scheduled lobby. Nothing once it has ended.
 */
export function SessionClock({ session }: { session: SessionTimes }) {
  const { t, i18n } = useTranslation('trainer');
  const now = useServerNow(session.clockOffsetMs, 1000);
  switch (session.status) {
    case 'running':
      return (
        <span>{t('clock.left', { time: formatClock(msUntil(session.endsAt, now) ?? 0) })}</span>
      );
    case 'paused':
      return <span>{t('clock.frozen', { time: formatClock(session.remainingMs) })}</span>;
    case 'countdown':
      return (
        <span>
          {t('clock.startsIn', { time: formatClock(msUntil(session.startsAt, now) ?? 0) })}
        </span>
      );
    case 'lobby':
      return session.scheduledStartAt ? (
        <span>
          {t('clock.scheduled', {
            date: new Intl.DateTimeFormat(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }).format(new Date(session.scheduledStartAt)),
          })}
        </span>
      ) : (
        <span>{t('clock.open')}</span>
      );
    default:
      return <span>{t('clock.ended')}</span>;
  }
}
