import type { ProfileSession } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button/button';
import { describeDevice } from '../../lib/describe-device';
import { formatRelativeTime } from '../../lib/format-relative-time';
import styles from './security-section.module.css';

interface SessionItemProps {
  session: ProfileSession;
  /** This browser's time (ms since the epoch), from `useNow`. */
  now: number;
  onEnd: (session: ProfileSession) => void;
  ending: boolean;
}

/** One open session: its device, address and last activity; the others can be ended. */
export function SessionItem({ session, now, onEnd, ending }: SessionItemProps) {
  const { t, i18n } = useTranslation('profile');
  const lastActivity = new Date(session.lastActivityAt);
  const device = describeDevice(t, session.device);
  return (
    <li className={styles.item} data-current={session.current}>
      <DeviceIcon kind={session.kind} />
      <div className={styles.details}>
        <p className={styles.device}>
          <span className={styles.deviceName}>{device}</span>
          {session.current && <span className={styles.badge}>{t('security.thisDevice')}</span>}
        </p>
        <p className={styles.meta}>
          <span>{t(`security.kind.${session.kind}`)}</span>
          <span>{session.ip ? t('security.ip', { ip: session.ip }) : t('security.unknownIp')}</span>
          <span>
            <time
              dateTime={session.lastActivityAt}
              title={lastActivity.toLocaleString(i18n.language)}
            >
              {t('security.lastActivity', {
                time: formatRelativeTime(lastActivity, new Date(now), i18n.language),
              })}
            </time>
          </span>
        </p>
        <p className={styles.meta}>
          {t('security.signedIn', { date: new Date(session.createdAt) })}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          className={styles.end}
          aria-label={t('security.endLabel', { device })}
          disabled={ending}
          onClick={() => onEnd(session)}
        >
          {t('security.end')}
        </Button>
      )}
    </li>
  );
}

function DeviceIcon({ kind }: { kind: ProfileSession['kind'] }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {kind === 'cookie' ? (
        <>
          <rect x="3" y="5" width="18" height="12" rx="2" fill="none" stroke="currentColor" />
          <path d="M8 20h8M12 17v3" stroke="currentColor" strokeLinecap="round" />
        </>
      ) : (
        <>
          <circle cx="8" cy="12" r="3.5" fill="none" stroke="currentColor" />
          <path d="M11.5 12H21m-3 0v3m-3-3v2" stroke="currentColor" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
