import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { ActivePeople, ChatThreadView, sessionChatPlace, useSessionChatThreads } from '../../chat';

/**
 * The chat support modal: the team's conversation with the trainers during the game.
 * Teammates share it; the trainers answer it from their side; who answers is shown on top.
 * Opened from an objective's window, what the team writes is about that objective: the
 * trainers see the team's attempts on it beside the question.
 */
export function SupportDialog({
  open,
  onOpenChange,
  sessionUuid,
  objective,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sessionUuid: string;
  objective?: { uuid: string; title: string } | undefined;
}) {
  const { t } = useTranslation(['game', 'chat']);
  const threads = useSessionChatThreads(sessionUuid);
  const support = threads.data?.threads.find((thread) => thread.channel === 'support');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('support.title')}
      description={
        objective
          ? t('support.aboutDescription', { objective: objective.title })
          : t('support.description')
      }
      closeLabel={t('actions.closeWindow')}
      closeText={t('actions.backToGame')}
    >
      {threads.isPending ? (
        <SectionLoading lines={3} />
      ) : threads.isError ? (
        <SectionError error={threads.error} onRetry={() => void threads.refetch()} />
      ) : support ? (
        <>
          <ActivePeople messages={support.messages} role="trainer" />
          <ChatThreadView
            thread={support}
            place={sessionChatPlace(sessionUuid)}
            name={t('chat:support.name')}
            emptyText={t('chat:empty.support')}
            objectiveUuid={objective?.uuid}
          />
        </>
      ) : (
        <p>{t('support.noTeam')}</p>
      )}
    </Dialog>
  );
}
