import type { ChatMessage } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { activeAuthors } from '../lib/active-authors';
import { useNow } from '../../../lib/use-now';
import styles from './chat.module.css';

/**
 * Who is active in a conversation: players in a channel (activeChatPlayers), trainers
 * in a support thread (activeChatSupport), from its messages of the last minutes.
 */
export function ActivePeople({
  messages,
  role,
}: {
  messages: readonly ChatMessage[];
  role: 'player' | 'trainer';
}) {
  const { t, i18n } = useTranslation('chat');
  const now = useNow();
  const active = activeAuthors(messages, now, role);
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    active.map((author) => author.pseudo),
  );
  const text =
    role === 'trainer'
      ? active.length > 0
        ? t('activeTrainers', { names, count: active.length })
        : t('noActiveTrainer')
      : active.length > 0
        ? t('activePlayers', { names, count: active.length })
        : t('noActivePlayer');
  return <p className={styles.active}>{text}</p>;
}
