import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { ActivePeople, ChatThreadView, supportChatPlace, useSupportThreads } from '../../chat';
import styles from './support-chat-entry.module.css';
import { UnreadBadge } from '../../../components/ui/unread-badge/unread-badge';

/**
 * The support chat from home: the player's own conversation with the trainers, with
 * the number of answers not read yet. Answers arrive live (the player's stream); a toast says so
 * on any page.
 */
export function SupportChatEntry({ className }: { className?: string }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const threads = useSupportThreads();
  const thread = threads.data?.threads[0];
  const unread = thread?.unread ?? 0;
  return (
    <>
      <button
        type="button"
        className={[styles.entry, className].filter(Boolean).join(' ')}
        onClick={() => setOpen(true)}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A2.5 2.5 0 0 1 4 13.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
          <path
            d="M8.5 8.5h7M8.5 11.5h4.5"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </svg>
        <span className={styles.text}>
          <span className={styles.label}>{t('support.entry')}</span>
          <span className={styles.note}>{t('support.entryHint')}</span>
        </span>
        <UnreadBadge
          count={unread}
          label={t('unread', { count: unread })}
          size="large"
          testId="support-unread"
        />
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('support.title')}
        description={t('support.description')}
        closeLabel={t('support.close')}
        closeText={t('support.close')}
      >
        {threads.isPending ? (
          <SectionLoading lines={3} />
        ) : threads.isError || !thread ? (
          <SectionError error={threads.error} onRetry={() => void threads.refetch()} />
        ) : (
          <>
            <ActivePeople messages={thread.messages} role="trainer" />
            <ChatThreadView
              thread={thread}
              place={supportChatPlace}
              name={t('support.name')}
              emptyText={t('empty.support')}
            />
          </>
        )}
      </Dialog>
    </>
  );
}
