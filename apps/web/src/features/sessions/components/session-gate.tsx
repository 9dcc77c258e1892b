import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { isApiError } from '../../../lib/api-client';
import { ErrorPage } from '../../errors';
import { useLocalizedPath } from '../../../lib/locale';
import { useSession, type PlayerSession } from '../api/get-session';
import { createSessionEvents, SessionEventsContext } from '../hooks/session-events';
import { useSessionStream } from '../hooks/use-session-stream';
import { sessionRedirect, sessionScreenPath, type SessionScreen } from '../lib/session-screens';
import styles from './session-gate.module.css';

interface SessionGateProps {
  screen: SessionScreen;
  children: (session: PlayerSession) => ReactNode;
}

/**
 * session-datas and verify-session-status: loads the session of the route, shows the
 * 404 page for an unknown one, sends the player to the screen that matches its status (or to
 * join it), keeps its event stream open, and renders the screen with it (and its events).
 */
export function SessionGate({ screen, children }: SessionGateProps) {
  const { t } = useTranslation('sessions');
  const { uuid = '' } = useParams();
  const localize = useLocalizedPath();
  const query = useSession(uuid);
  const session = query.data;
  const [events] = useState(createSessionEvents);
  useSessionStream(session, events);

  if (query.isPending) {
    return (
      <div className={styles.state}>
        <SectionLoading lines={4} />
      </div>
    );
  }
  if (query.isError && !session) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404 || status === 422) return <ErrorPage status={404} />;
    return (
      <div className={styles.state}>
        <SectionError
          title={t('gate.loadError')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  const target = sessionRedirect(screen, {
    status: session!.status,
    startPhase: session!.startPhase,
    joined: session!.gaming_session_user !== null,
    inTeam: Boolean(session!.gaming_session_user?.gaming_session_team),
  });
  if (target) return <Navigate replace to={localize(sessionScreenPath(uuid, target))} />;
  return (
    <SessionEventsContext.Provider value={events}>
      {children(session!)}
    </SessionEventsContext.Provider>
  );
}
