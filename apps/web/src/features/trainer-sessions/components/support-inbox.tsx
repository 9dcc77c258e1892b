import type { ChatThread } from '@rampart/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { panelStyles } from '../../../components/ui/panel/panel';
import { UnreadBadge } from '../../../components/ui/unread-badge/unread-badge';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { ChatThreadView, trainerSupportPlace, useTrainerSupportThreads } from '../../chat';
import type { ChatPlace } from '../../chat';
import { useLocalizedPath } from '../../../lib/locale';
import { useTrainerSupportSessions } from '../../trainer-shell/api/trainer-support';
import styles from './support-inbox.module.css';

/**
 * The trainers' support inbox: every player's conversation with the trainers outside sessions,
 * most recent first, with its unread count. (A team's questions during a session are its
 * support thread, answered from that session's cockpit.)
 */
export function SupportInbox() {
  const { t } = useTranslation('chat');
  const threads = useTrainerSupportThreads();
  if (threads.isPending) return <SectionLoading lines={4} />;
  if (threads.isError)
    return <SectionError error={threads.error} onRetry={() => void threads.refetch()} />;
  return (
    <>
      <SessionsWaiting />
      <SupportThreads
        threads={threads.data.threads}
        place={trainerSupportPlace}
        nameOf={(thread) => thread.player?.pseudo ?? ''}
        emptyText={t('inbox.empty')}
      />
    </>
  );
}

/** The sessions whose teams wait for an answer: each leads to its cockpit, where it is given. */
function SessionsWaiting() {
  const { t } = useTranslation('cockpit');
  const localize = useLocalizedPath();
  const sessions = useTrainerSupportSessions().data ?? [];
  if (sessions.length === 0) return null;
  return (
    <nav aria-labelledby="support-sessions" className={styles.sessions}>
      <span id="support-sessions" className={panelStyles.muted}>
        {t('support.sessions')}
      </span>
      <ul className={styles.sessions}>
        {sessions.map((session) => (
          <li key={session.sessionUuid}>
            <Link to={localize(`/trainer/sessions/${session.sessionUuid}`)}>{session.name}</Link>
            <UnreadBadge
              count={session.unread}
              label={t('support.sessionUnread', { count: session.unread })}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Support conversations as a list with their unread counts; the one chosen opens beside it to
 * be read (which marks it read) and answered.
 */
export function SupportThreads({
  threads,
  place,
  nameOf,
  emptyText,
  contextOf,
}: {
  threads: readonly ChatThread[];
  place: ChatPlace;
  nameOf: (thread: ChatThread) => string;
  emptyText: string;
  /** What the chosen conversation is about, shown above it (a team's objective in a cockpit). */
  contextOf?: (thread: ChatThread) => ReactNode;
}) {
  const { t } = useTranslation('chat');
  const [selected, setSelected] = useState<string | null>(null);
  if (threads.length === 0) return <p className={panelStyles.muted}>{emptyText}</p>;
  const current = threads.find((thread) => thread.uuid === selected) ?? null;
  return (
    <div className={styles.frame}>
      <div className={styles.inbox}>
        <nav aria-label={t('inbox.threads')}>
          <ul className={styles.threads}>
            {threads.map((thread) => {
              const last = thread.messages.at(-1);
              return (
                <li key={thread.uuid}>
                  <button
                    type="button"
                    className={`${panelStyles.card} ${styles.thread}`}
                    aria-current={thread.uuid === selected || undefined}
                    onClick={() => setSelected(thread.uuid)}
                  >
                    <span className={styles.player}>{nameOf(thread)}</span>
                    <span>
                      <UnreadBadge
                        count={thread.unread}
                        label={t('unread', { count: thread.unread })}
                        size="large"
                      />
                    </span>
                    {last && <span className={styles.excerpt}>{last.text.slice(0, 80)}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className={styles.conversation} aria-label={t('inbox.title')}>
          {current ? (
            <>
              <h2 className={styles.heading}>{t('inbox.with', { player: nameOf(current) })}</h2>
              {contextOf?.(current)}
              <ChatThreadView
                thread={current}
                place={place}
                name={nameOf(current)}
                emptyText={t('empty.support')}
                side="trainer"
              />
            </>
          ) : (
            <p className={panelStyles.muted}>{t('inbox.pick')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
