import type { ProfileSession } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeDevice } from '../../lib/describe-device';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button/button';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { useLocalizedPath } from '../../../../lib/locale';
import { useEndSession } from '../../api/end-session';
import { useProfileSessions } from '../../api/get-profile-sessions';
import { useLogoutEverywhere } from '../../api/logout-everywhere';
import { useLogoutOthers } from '../../api/logout-others';
import { useNow } from '../../../../lib/use-now';
import { ProfileSection } from '../profile-section';
import {
  SectionError,
  SectionLoading,
} from '../../../../components/ui/section-state/section-state';
import { LogoutEverywhereDialog } from './logout-everywhere-dialog';
import styles from './security-section.module.css';
import { SessionItem } from './session-item';

/** This device and the most recently active others; the rest on demand. */
const FIRST_SESSIONS = 5;
const LIST_ID = 'profile-sessions';

/** The account's open sessions, and the ways to end them: one, all the others, all. */
export function SecuritySection() {
  const { t } = useTranslation(['profile', 'errors']);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const now = useNow(60_000);
  const sessions = useProfileSessions();
  const endSession = useEndSession();
  const logoutOthers = useLogoutOthers();
  const logoutEverywhere = useLogoutEverywhere({
    leave: () => navigate(localize('/login'), { replace: true }),
  });
  const [confirming, setConfirming] = useState(false);
  const [showingAll, setShowingAll] = useState(false);
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const handleEnd = (session: ProfileSession) =>
    endSession.mutate(session.id, {
      onSuccess: () =>
        toast.success(t('security.ended', { device: describeDevice(t, session.device) })),
      onError: (error) => toast.error(errorMessage(t, error)),
    });

  const handleLogoutOthers = () =>
    logoutOthers.mutate(undefined, {
      onSuccess: () => toast.success(t('security.loggedOutOthers')),
      onError: (error) => toast.error(errorMessage(t, error)),
    });

  const handleLogoutEverywhere = () =>
    logoutEverywhere.mutate(undefined, {
      onSuccess: () => toast.info(t('security.loggedOutEverywhere')),
    });

  return (
    <ProfileSection
      id="security"
      title={t('sections.security')}
      description={t('security.description')}
    >
      {sessions.isPending ? (
        <SectionLoading lines={4} />
      ) : sessions.isError ? (
        <SectionError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul id={LIST_ID} className={styles.list} aria-label={t('security.listLabel')}>
            {(showingAll ? sessions.data : sessions.data.slice(0, FIRST_SESSIONS)).map(
              (session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  now={now}
                  onEnd={handleEnd}
                  ending={endSession.isPending && endSession.variables === session.id}
                />
              ),
            )}
          </ul>
          {sessions.data.length > FIRST_SESSIONS && (
            <Button
              variant="ghost"
              className={styles.more}
              aria-expanded={showingAll}
              aria-controls={LIST_ID}
              onClick={() => setShowingAll((shown) => !shown)}
            >
              {showingAll
                ? t('security.showFewer')
                : t('security.showAll', { total: sessions.data.length })}
            </Button>
          )}
          {others.length === 0 && <p className={styles.note}>{t('security.noOthers')}</p>}
        </>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={handleLogoutOthers}
          disabled={others.length === 0 || logoutOthers.isPending}
        >
          {t('security.logoutOthers')}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            logoutEverywhere.reset();
            setConfirming(true);
          }}
        >
          {t('security.logoutEverywhere')}
        </Button>
      </div>
      <LogoutEverywhereDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={handleLogoutEverywhere}
        pending={logoutEverywhere.isPending}
        error={logoutEverywhere.error}
      />
    </ProfileSection>
  );
}
