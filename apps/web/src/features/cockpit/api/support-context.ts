import { getTrainerSupportContext } from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';

export const supportContextKeys = {
  /** Every context of a session: what its stream refreshes. */
  session: (sessionUuid: string) => ['trainer', 'support-context', sessionUuid] as const,
  thread: (sessionUuid: string, threadUuid: string) =>
    [...supportContextKeys.session(sessionUuid), threadUuid] as const,
};

/**
 * What a team's support thread last asked about, with the team's path on it (`null` while no
 * question names an objective). Read again when the session's stream tells of a new answer, a
 * solve, an unlock or a message (see `useCockpitStream`).
 */
export const useSupportContext = (sessionUuid: string, threadUuid: string) =>
  useQuery({
    queryKey: supportContextKeys.thread(sessionUuid, threadUuid),
    queryFn: async ({ signal }) =>
      (
        await callRoute(getTrainerSupportContext, {
          params: { uuid: sessionUuid, thread: threadUuid },
          signal,
        })
      ).context,
  });
