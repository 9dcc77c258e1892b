import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel/panel';
import { UnreadBadge } from '../../../components/ui/unread-badge/unread-badge';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { trainerSessionChatPlace, useTrainerSessionChat } from '../api/session-actions';
import { SupportContextPanel } from './support-context-panel';
import { SupportThreads } from '../../trainer-sessions/components/support-inbox';

/**
 * The teams' questions during this session: each team's support thread with its unread count,
 * to read and answer, with what the team's latest question is about when it was asked from an
 * objective's window. Live, like the Admin channel: the trainers' stream announces every message.
 */
export function CockpitSupport({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation(['cockpit', 'trainer']);
  const chat = useTrainerSessionChat(sessionUuid);
  // A team's support thread exists as soon as one of its players opens the chat: only those
  // someone wrote in are conversations to list.
  const threads = (chat.data?.threads ?? []).filter(
    (thread) => thread.channel === 'support' && thread.messages.length > 0,
  );
  const unread = threads.reduce((total, thread) => total + thread.unread, 0);
  return (
    <Panel
      id="cockpit-support"
      testId="cockpit-support"
      title={
        <>
          {t('support.title')}{' '}
          <UnreadBadge count={unread} label={t('trainer:nav.unread', { count: unread })} />
        </>
      }
    >
      {chat.isPending ? (
        <SectionLoading lines={3} />
      ) : chat.isError ? (
        <SectionError error={chat.error} onRetry={() => void chat.refetch()} />
      ) : (
        <SupportThreads
          threads={threads}
          place={trainerSessionChatPlace(sessionUuid)}
          nameOf={(thread) => thread.team?.name ?? ''}
          emptyText={t('support.empty')}
          contextOf={(thread) => (
            <SupportContextPanel
              key={thread.uuid}
              sessionUuid={sessionUuid}
              threadUuid={thread.uuid}
            />
          )}
        />
      )}
    </Panel>
  );
}
