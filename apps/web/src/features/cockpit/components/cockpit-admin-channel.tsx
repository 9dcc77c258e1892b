import { useTranslation } from 'react-i18next';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { ChatThreadView } from '../../chat';
import { trainerSessionChatPlace, useTrainerSessionChat } from '../api/session-actions';

/**
 * The session's Admin channel: what trainers broadcast to every player, and only they write.
 * Closed once the session is over: the players have left the game screen where it is read.
 */
export function CockpitAdminChannel({ sessionUuid, over }: { sessionUuid: string; over: boolean }) {
  const { t } = useTranslation('trainer');
  const chat = useTrainerSessionChat(sessionUuid);
  const admin = chat.data?.threads.find((thread) => thread.channel === 'admin');
  return (
    <Panel id="cockpit-admin" title={t('admin.title')}>
      <p className={panelStyles.muted}>{t('admin.description')}</p>
      {chat.isPending ? (
        <SectionLoading lines={3} />
      ) : chat.isError ? (
        <SectionError error={chat.error} onRetry={() => void chat.refetch()} />
      ) : admin ? (
        <ChatThreadView
          thread={admin}
          place={trainerSessionChatPlace(sessionUuid)}
          name={t('admin.name')}
          emptyText={t('admin.empty')}
          side="trainer"
          {...(over ? { closedText: t('admin.closed') } : {})}
        />
      ) : (
        <p className={panelStyles.muted}>{t('admin.missing')}</p>
      )}
    </Panel>
  );
}
