import type { ChatThread } from '@rampart/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth';
import { useMarkThreadsRead, type ChatPlace } from '../api/chat-mutations';
import { ChatComposer } from './chat-composer';
import { MessageList } from './message-list';
import styles from './chat.module.css';

/**
 * One conversation on screen: its messages and, where the reader may write, the composer. While
 * it is shown (and the page is visible) whatever arrives in it counts as read, on every device.
 */
export function ChatThreadView({
  thread,
  place,
  name,
  emptyText,
  side = 'player',
  closedText,
  objectiveUuid,
}: {
  thread: ChatThread;
  place: ChatPlace;
  /** The conversation's name, for the labels of its list and its input. */
  name: string;
  emptyText: string;
  side?: 'player' | 'trainer';
  /** Given, the conversation is closed to everyone (its session is over), with this reason. */
  closedText?: string;
  /** Given, what is written here is a question about this objective. */
  objectiveUuid?: string | undefined;
}) {
  const { t } = useTranslation('chat');
  const user = useCurrentUser(side);
  const markRead = useMarkThreadsRead(place);
  const { mutate } = markRead;
  const unread = thread.unread;

  useEffect(() => {
    if (unread === 0) return;
    const mark = () => {
      if (document.visibilityState === 'visible') mutate([thread.uuid]);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [unread, thread.uuid, mutate]);

  return (
    <div className={styles.thread}>
      <MessageList
        messages={thread.messages}
        selfId={user?.uuid ?? null}
        label={t('messagesOf', { name })}
        emptyText={emptyText}
      />
      {closedText ? (
        <p className={styles.readOnly}>{closedText}</p>
      ) : thread.canPost ? (
        <ChatComposer
          place={place}
          threadId={thread.uuid}
          label={t('messageTo', { name })}
          objectiveUuid={objectiveUuid}
        />
      ) : (
        <p className={styles.readOnly}>{t('readOnly')}</p>
      )}
    </div>
  );
}
