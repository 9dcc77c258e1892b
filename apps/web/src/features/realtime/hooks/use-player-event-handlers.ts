import type { ChatThreadsAnswer } from '@rampart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth';
import { chatQueryKeys } from '../../chat/api/chat-query-keys';
import { mergeMessage } from '../../chat/lib/chat-cache';
// The light modules of the content feature: its index brings the screens' API calls along.
import { contentQueryKeys } from '../../content/content-query-keys';
import { useContentLocale } from '../../content/hooks/use-content-locale';
import { sessionJoinPath } from '../../content/lib/session-path';
import { useLocalizedPath } from '../../../lib/locale';
import { sessionQueryKeys } from '../../sessions/lib/session-query-keys';
import type { EventStreamHandlers } from '../../../lib/event-stream/use-event-stream';

/**
 * What a signed-in player's own stream (`GET /api/me/events`) does: a toast for what they should
 * know now, with a way to get there, and fresh home and chapter data. A reset refetches the same
 * data, since events may have been missed.
 */
export const usePlayerEventHandlers = (): EventStreamHandlers => {
  const { t } = useTranslation('realtime');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const location = useLocation();

  const locale = useContentLocale();
  const selfId = useCurrentUser()?.uuid ?? null;
  // Home and every chapter, in every language: what they list may have changed.
  const refreshContent = () =>
    void queryClient.invalidateQueries({ queryKey: contentQueryKeys.all });
  const goTo = (path: string) => () => void navigate(localize(path));
  const joinAction = (label: string, sessionUuid: string) => ({
    label,
    onClick: goTo(sessionJoinPath(sessionUuid)),
  });

  return {
    'chapter.assigned': ({ payload }) => {
      toast.info(t('chapterAssigned.message', { title: payload.title[locale] }), {
        action: {
          label: t('chapterAssigned.open'),
          onClick: goTo(`/chapters/${payload.chapterUuid}`),
        },
      });
      refreshContent();
    },
    'chapter.unassigned': refreshContent,
    // Into the support thread as it is: a trainer's answer is unread until seen.
    'support.message_posted': ({ payload }) => {
      const key = chatQueryKeys.support;
      if (!queryClient.getQueryData(key))
        return void queryClient.invalidateQueries({ queryKey: key });
      queryClient.setQueryData<ChatThreadsAnswer>(key, (current) =>
        mergeMessage(current, payload.message, payload.message.author.id !== selfId),
      );
    },
    'support.replied': ({ payload }) => {
      toast.info(t('supportReplied.message', { author: payload.authorPseudo }), {
        description: payload.excerpt,
      });
    },
    'session.invited': ({ payload }) => {
      toast.info(
        t('sessionInvited.message', {
          invitedBy: payload.invitedBy,
          sessionName: payload.sessionName,
        }),
        { action: joinAction(t('sessionInvited.join'), payload.sessionUuid) },
      );
      refreshContent();
    },
    // A session this player is in changed (a trainer's change), or a trainer removed them:
    // the lists that show it are read again; a removed player on its screens goes home.
    'session.changed': ({ payload }) => {
      refreshContent();
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.all });
      if (!payload.removed) return;
      toast.warning(t('sessionRemoved.message'));
      if (location.pathname.includes(payload.sessionUuid)) void navigate(localize('/home'));
    },
    'session.joinable': ({ payload }) => {
      toast.info(t('sessionJoinable.message', { sessionName: payload.sessionName }), {
        action: joinAction(t('sessionJoinable.join'), payload.sessionUuid),
      });
      refreshContent();
    },
    'stream.reset': () => {
      refreshContent();
      void queryClient.invalidateQueries({ queryKey: chatQueryKeys.support });
    },
  };
};
