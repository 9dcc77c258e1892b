import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { panelStyles } from '../../../components/ui/panel/panel';
import { UnreadBadge } from '../../../components/ui/unread-badge/unread-badge';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { ChatThreadView, trainerSupportPlace, useTrainerSupportThreads } from '../../chat';
import styles from './support-inbox.module.css';

/**
 * The trainers' support inbox: every player's conversation with the trainers, most recent
 * first, with its unread count; the one chosen opens beside the list to be read and answered.
 */
export function SupportInbox() {
  const { t } = useTranslation('chat');
  const threads = useTrainerSupportThreads();
  const [selected, setSelected] = useState<string | null>(null);
  if (threads.isPending) return <SectionLoading lines={4} />;
  if (threads.isError)
    return <SectionError error={threads.error} onRetry={() => void threads.refetch()} />;
  const list = threads.data.threads;
  if (list.length === 0) return <p className={panelStyles.muted}>{t('inbox.empty')}</p>;
  const current = list.find((thread) => thread.uuid === selected) ?? null;
  return (
    <div className={styles.inbox}>
      <nav aria-label={t('inbox.threads')}>
        <ul className={styles.threads}>
          {list.map((thread) => {
            const last = thread.messages.at(-1);
            return (
              <li key={thread.uuid}>
                <button
                  type="button"
                  className={`${panelStyles.card} ${styles.thread}`}
                  aria-current={thread.uuid === selected || undefined}
                  onClick={() => setSelected(thread.uuid)}
                >
                  <span className={styles.player}>{thread.player?.pseudo}</span>
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
            <h2 className={styles.heading}>
              {t('inbox.with', { player: current.player?.pseudo ?? '' })}
            </h2>
            <ChatThreadView
              thread={current}
              place={trainerSupportPlace}
              name={current.player?.pseudo ?? ''}
              emptyText={t('empty.support')}
              side="trainer"
            />
          </>
        ) : (
          <p className={panelStyles.muted}>{t('inbox.pick')}</p>
        )}
      </section>
    </div>
  );
}
