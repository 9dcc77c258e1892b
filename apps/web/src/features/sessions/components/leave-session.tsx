import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useLocalizedPath } from '../../../lib/locale';
import { useLeaveSession } from '../api/session-mutations';
import type { PlayerSession } from '../api/get-session';
import styles from './session-screen.module.css';

/**
 * Leaving the session for good, after a confirmation that says what it means: the player's
 * team keeps its points, and the player goes home. In any state short of the end.
 */
export function LeaveSessionDialog({
  session,
  open,
  onOpenChange,
}: {
  session: Pick<PlayerSession, 'uuid' | 'status'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['sessions', 'errors']);
  const leave = useLeaveSession();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const played = session.status === 'running' || session.status === 'paused';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) leave.reset();
        onOpenChange(next);
      }}
      size="narrow"
      title={t('leaveSession.title')}
      description={t(played ? 'leaveSession.descriptionInPlay' : 'leaveSession.description')}
      closeLabel={t('leaveSession.cancel')}
      closeText={t('leaveSession.cancel')}
      actions={
        <Button
          variant="danger"
          disabled={leave.isPending}
          data-testid="confirm-leave-session"
          onClick={() =>
            leave.mutate(session.uuid, {
              onSuccess: () => {
                toast.success(t('leaveSession.done'));
                void navigate(localize('/home'));
              },
            })
          }
        >
          {t('leaveSession.confirm')}
        </Button>
      }
    >
      {leave.isError && (
        <p className={styles.notice} role="alert">
          {errorMessage(t, leave.error, 'session')}
        </p>
      )}
    </Dialog>
  );
}

export function LeaveSessionButton({
  session,
}: {
  session: Pick<PlayerSession, 'uuid' | 'status'>;
}) {
  const { t } = useTranslation('sessions');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} data-testid="leave-session">
        {t('leaveSession.button')}
      </Button>
      <LeaveSessionDialog session={session} open={open} onOpenChange={setOpen} />
    </>
  );
}
