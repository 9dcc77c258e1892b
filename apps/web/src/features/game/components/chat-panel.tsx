import type { ChatThread } from '@rampart/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { ActivePeople, ChatThreadView, sessionChatPlace, useSessionChatThreads } from '../../chat';
import { GameTabs } from './game-tabs';
import styles from './chat-panel.module.css';

const channels = ['admin', 'general', 'team'] as const;

/**
 * The Chat tab: the Admin, General and Team channels as sub-tabs, Admin first, each
 * with its unread count, and who is active in the one shown.
 */
export function ChatPanel({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation('chat');
  const threads = useSessionChatThreads(sessionUuid);
  const [active, setActive] = useState<string>('admin');
  if (threads.isPending) return <SectionLoading lines={4} />;
  if (threads.isError)
    return <SectionError error={threads.error} onRetry={() => void threads.refetch()} />;
  const byChannel = new Map<string, ChatThread>(
    threads.data.threads
      .filter((thread) => thread.channel !== 'support')
      .map((thread) => [thread.channel, thread]),
  );
  const place = sessionChatPlace(sessionUuid);
  const tabs = channels
    .filter((channel) => byChannel.has(channel))
    .map((channel) => {
      const thread = byChannel.get(channel)!;
      const name = t(`channels.${channel}`);
      return {
        id: channel,
        label: name,
        badge: { count: thread.unread, label: t('unread', { count: thread.unread }) },
        content: (
          <div className={styles.channel}>
            <ActivePeople messages={thread.messages} role="player" />
            <ChatThreadView
              thread={thread}
              place={place}
              name={name}
              emptyText={t(`empty.${channel}`)}
            />
          </div>
        ),
      };
    });
  return (
    <div className={styles.panel}>
      <GameTabs label={t('channelsLabel')} tabs={tabs} active={active} onChange={setActive} fill />
    </div>
  );
}
