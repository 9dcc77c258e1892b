import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { errorMessage } from '../../../lib/error-message';
import { useLocalizedPath } from '../../../lib/locale';
import { countsOf, unreadTotals, useSessionChatThreads } from '../../chat';
import { LeaveSessionDialog, useCloseSession, type PlayerSession } from '../../sessions';
import { useFirstBriefing } from '../hooks/use-first-briefing';
import { BriefingDialog } from './briefing-dialog';
import { ChallengeTeams } from './challenge-teams';
import { HelpDialog } from './help-dialog';
import { SupportDialog } from '../../objectives/components/support-dialog';
import styles from './game-actions.module.css';
import { UnreadBadge } from '../../../components/ui/unread-badge/unread-badge';

type Open = 'briefing' | 'support' | 'help' | 'teams' | 'quit' | 'leave' | 'close' | null;

/**
 * The game's modals and the buttons that open them: the briefing (by itself on a
 * player's first visit of the session), chat support, help, challenge teams (who solved what),
 * quit (back home; the player stays in the team and can come back, or leaves the session for
 * good from there, their team keeping its points) and, for the owner of a
 * session they created, close (irreversible). Focus returns to the button that opened each.
 */
export function GameActions({
  session,
  boardDrawn,
}: {
  session: PlayerSession;
  /** The board under the bar is drawn: a first visit's briefing opens with it, its text read. */
  boardDrawn: boolean;
}) {
  const { t } = useTranslation(['game', 'errors', 'chat']);
  const threads = useSessionChatThreads(session.uuid).data?.threads ?? [];
  const supportUnread = unreadTotals(threads, countsOf(threads)).support;
  const briefing = useFirstBriefing(session.uuid);
  const opensByItself = briefing.first && boardDrawn;
  const [open, setOpen] = useState<Open>(opensByItself ? 'briefing' : null);
  // The bar is drawn before the board (the session is known first): the briefing of a first
  // visit opens in the render that draws the board, once, as it would have opened with both.
  const [openedByItself, setOpenedByItself] = useState(opensByItself);
  if (opensByItself && !openedByItself) {
    setOpenedByItself(true);
    setOpen('briefing');
  }
  const briefingButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const close = useCloseSession();
  const dialog = (which: Exclude<Open, null>) => ({
    open: open === which,
    onOpenChange: (next: boolean) => setOpen(next ? which : null),
  });
  return (
    <div className={styles.actions}>
      <Button ref={briefingButton} variant="ghost" onClick={() => setOpen('briefing')}>
        {t('actions.briefing')}
      </Button>
      <Button variant="ghost" onClick={() => setOpen('support')}>
        {t('actions.support')}
        <UnreadBadge count={supportUnread} label={t('chat:unread', { count: supportUnread })} />
      </Button>
      <Button variant="ghost" onClick={() => setOpen('help')}>
        {t('actions.help')}
      </Button>
      <Button variant="ghost" onClick={() => setOpen('teams')}>
        {t('actions.teams')}
      </Button>
      <Button variant="ghost" onClick={() => setOpen('quit')}>
        {t('actions.quit')}
      </Button>
      {session.isOwner && (
        <Button variant="danger" onClick={() => setOpen('close')}>
          {t('actions.close')}
        </Button>
      )}

      {/* Opened by itself on a first visit, it hands focus to its button: where it lives. */}
      <BriefingDialog
        open={open === 'briefing'}
        onOpenChange={(next) => {
          if (!next) briefing.markSeen();
          setOpen(next ? 'briefing' : null);
        }}
        sessionUuid={session.uuid}
        missionTitle={session.mission.title}
        returnFocusTo={briefingButton}
      />
      <SupportDialog {...dialog('support')} sessionUuid={session.uuid} />
      <HelpDialog {...dialog('help')} durationMinutes={session.durationMinutes} />

      <Dialog
        {...dialog('teams')}
        title={t('challengeTeams.title')}
        description={t('challengeTeams.description')}
        closeLabel={t('actions.cancel')}
        closeText={t('actions.ok')}
      >
        <ChallengeTeams sessionUuid={session.uuid} />
      </Dialog>

      <Dialog
        {...dialog('quit')}
        size="narrow"
        title={t('quit.title')}
        description={t('quit.description')}
        closeLabel={t('actions.cancel')}
        closeText={t('actions.stay')}
        actions={
          <>
            <Button variant="danger" onClick={() => setOpen('leave')}>
              {t('quit.leaveSession')}
            </Button>
            <Button onClick={() => void navigate(localize('/home'))}>{t('quit.confirm')}</Button>
          </>
        }
      />
      <LeaveSessionDialog {...dialog('leave')} session={session} />

      {session.isOwner && (
        <Dialog
          {...dialog('close')}
          size="narrow"
          title={t('closeSession.title')}
          description={t('closeSession.description')}
          closeLabel={t('actions.cancel')}
          closeText={t('actions.cancel')}
          actions={
            <Button
              variant="danger"
              disabled={close.isPending}
              onClick={() =>
                close.mutate(session.uuid, {
                  onSuccess: () => setOpen(null),
                })
              }
            >
              {t('closeSession.confirm')}
            </Button>
          }
        >
          {close.isError && (
            <p className={styles.error} role="alert">
              {errorMessage(t, close.error, 'session')}
            </p>
          )}
        </Dialog>
      )}
    </div>
  );
}
