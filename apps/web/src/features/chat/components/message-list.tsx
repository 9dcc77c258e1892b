import type { ChatMessage } from '@rampart/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageText } from './message-text';
import styles from './chat.module.css';

/** Within this many pixels of the end, the reader is "at the bottom" and follows new messages. */
const BOTTOM_SLACK_PX = 48;

/**
 * A conversation's messages, oldest first. A reader at the bottom follows new messages; one who
 * scrolled up stays where they are and is offered a "new messages" button instead. Messages of
 * others arriving live are read out by a polite live region.
 */
export function MessageList({
  messages,
  selfId,
  label,
  emptyText,
}: {
  messages: readonly ChatMessage[];
  selfId: string | null;
  label: string;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation('chat');
  const list = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  // How many messages there were when the reader scrolled away from the bottom (null: at it).
  const [leftAt, setLeftAt] = useState<number | null>(null);
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const node = list.current;
    if (!node) return;
    // One's own message always brings the conversation to its end.
    if (following.current || (last && last.author.id === selfId)) {
      node.scrollTop = node.scrollHeight;
    }
  }, [last, selfId]);

  const handleScroll = () => {
    const node = list.current!;
    const atBottom = node.scrollHeight - node.scrollTop - node.clientHeight < BOTTOM_SLACK_PX;
    following.current = atBottom;
    if (atBottom) setLeftAt(null);
    else if (leftAt === null) setLeftAt(messages.length);
  };
  const unseen = leftAt === null ? 0 : Math.max(0, messages.length - leftAt);
  const latestOfOthers = [...messages].reverse().find((message) => message.author.id !== selfId);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });

  return (
    <div className={styles.listWrap}>
      <div
        ref={list}
        className={styles.list}
        onScroll={handleScroll}
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {messages.length === 0 ? (
          <p className={styles.empty}>{emptyText}</p>
        ) : (
          <ol className={styles.messages}>
            {messages.map((message) => {
              const mine = message.author.id === selfId;
              return (
                <li
                  key={message.uuid}
                  className={[styles.message, mine && styles.mine].filter(Boolean).join(' ')}
                >
                  <p className={styles.meta}>
                    <span className={styles.author}>{mine ? t('you') : message.author.pseudo}</span>
                    {message.author.role === 'trainer' && (
                      <span className={styles.role}>{t('trainer')}</span>
                    )}
                    <time dateTime={message.created_at} className={styles.time}>
                      {time.format(new Date(message.created_at))}
                    </time>
                  </p>
                  <p className={styles.text}>
                    <MessageText text={message.text} />
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {unseen > 0 && (
        <button
          type="button"
          className={styles.newMessages}
          onClick={() => {
            const node = list.current!;
            node.scrollTop = node.scrollHeight;
            following.current = true;
            setLeftAt(null);
          }}
        >
          {t('newMessages', { count: unseen })}
        </button>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {latestOfOthers
          ? t('announce', {
              author: latestOfOthers.author.pseudo,
              text: latestOfOthers.text.slice(0, 200),
            })
          : ''}
      </p>
    </div>
  );
}
