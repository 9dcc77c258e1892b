import { deleteFollow, postAnswer, postFollow, postUnlockHint } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { sessionQueryKeys } from '../../sessions/lib/session-query-keys';
import { gameQueryKeys } from './game-query-keys';

/**
 * Submits an answer; the objectives, the ranking and the session's progress follow. The client
 * id names the submission: sent again with it, it is answered its first result, not decided twice.
 */
export const useSubmitAnswer = (sessionUuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      objective,
      answer,
      clientId,
    }: {
      objective: string;
      answer: string | string[];
      clientId: string;
    }) =>
      callRoute(postAnswer, {
        params: { uuid: sessionUuid, objective },
        body: { answer, clientId },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: gameQueryKeys.all(sessionUuid) });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(sessionUuid) });
    },
  });
};

export const useToggleFollow = (sessionUuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ objective, follow }: { objective: string; follow: boolean }) =>
      follow
        ? callRoute(postFollow, { params: { uuid: sessionUuid, objective } })
        : callRoute(deleteFollow, { params: { uuid: sessionUuid, objective } }),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: gameQueryKeys.all(sessionUuid) }),
  });
};

/**
 * Unlocks a hint for the team, once the player confirmed its cost; the objectives (with the
 * hint's text), the ranking and the session's score follow.
 */
export const useUnlockHint = (sessionUuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ objective, hint }: { objective: string; hint: string }) =>
      callRoute(postUnlockHint, { params: { uuid: sessionUuid, objective, hint } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: gameQueryKeys.all(sessionUuid) });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(sessionUuid) });
    },
  });
};
