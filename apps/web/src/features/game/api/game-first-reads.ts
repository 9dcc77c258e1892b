import type { Locale } from '@rampart/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { sessionChatThreadsQueryOptions } from '../../chat/api/get-chat-threads';
import { sessionQueryOptions } from '../../sessions/api/get-session';
import { sessionRedirect } from '../../sessions/lib/session-screens';
import { objectivesQueryOptions } from './get-objectives';
import { sessionMissionQueryOptions } from './get-session-mission';
import { teamEnvironmentQueryOptions } from './lab-environment';

/**
 * What a session screen reads first, asked for by its route while the screen's code loads
 * (`app/router`): the session, and for the game screen, once the session says the game shows,
 * everything its first frame reads at once (objectives, lab, chat, briefing) instead of in
 * three rounds (session, then the board, then the briefing). What the cache holds fresh is not
 * asked again, so moving between screens costs nothing more.
 */
export const prefetchSessionScreen = (
  queryClient: QueryClient,
  { uuid, screen, locale }: { uuid: string; screen: 'game' | 'other'; locale: Locale },
): void => {
  const session = sessionQueryOptions(uuid, locale);
  void queryClient.prefetchQuery(session).then(() => {
    if (screen !== 'game') return;
    const read = queryClient.getQueryData(session.queryKey);
    if (!read) return;
    const shown =
      sessionRedirect('game', {
        status: read.status,
        startPhase: read.startPhase,
        joined: read.gaming_session_user !== null,
        inTeam: Boolean(read.gaming_session_user?.gaming_session_team),
      }) === null;
    if (!shown) return;
    void queryClient.prefetchQuery(objectivesQueryOptions(uuid, locale));
    void queryClient.prefetchQuery(teamEnvironmentQueryOptions(uuid));
    void queryClient.prefetchQuery(sessionChatThreadsQueryOptions(uuid));
    void queryClient.prefetchQuery(sessionMissionQueryOptions(uuid, locale));
  });
};
