import { deleteFollow, postAnswer, postFollow, postUnlockHint } from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionApiPath, sessionQueryKeys } from '../../sessions/lib/session-query-keys';
import { gameQueryKeys } from './game-query-keys';

const objectivePath = (template: string, sessionUuid: string, objective: string) =>
  sessionApiPath(template, sessionUuid, { objective });

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
      apiClient.post(
        objectivePath(postAnswer.path, sessionUuid, objective),
        { answer, clientId },
        { schema: postAnswer.responses[200] },
      ),
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
        ? apiClient.post(objectivePath(postFollow.path, sessionUuid, objective), undefined, {
            schema: postFollow.responses[200],
          })
        : apiClient.delete(objectivePath(deleteFollow.path, sessionUuid, objective), {
            schema: deleteFollow.responses[200],
          }),
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
      apiClient.post(
        sessionApiPath(postUnlockHint.path, sessionUuid, { objective, hint }),
        undefined,
        { schema: postUnlockHint.responses[200] },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: gameQueryKeys.all(sessionUuid) });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(sessionUuid) });
    },
  });
};
