import {
  answerReads,
  deleteFollow,
  postAnswer,
  postFollow,
  postUnlockHint,
} from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import type { ObjectivePlay } from '../../objectives/lib/objective-play';
import type { PlayerSession } from '../../sessions/api/get-session';
import { gameScreenKeyOf } from '../../sessions/lib/game-screen-keys';
import { sessionQueryKeys } from '../../sessions/lib/session-query-keys';
import {
  hasOpenedObjective,
  mergeAnswerIntoSession,
  mergeAnswerResult,
  mergeTeamScore,
} from '../lib/game-cache';
import { gameQueryKeys } from './game-query-keys';
import type { GameObjectives } from './get-objectives';

/**
 * Submits an answer. Its response says the objective's state and the team's score and progress,
 * merged at once; the stream says the rest (the solvers, the ranking), so nothing is read again
 * unless the solve opened a locked objective (its text comes with the objectives) or the answer
 * failed (the game may have moved on). The client id names the submission: sent again with it,
 * it is answered its first result, not decided twice.
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
    onSuccess: (result, { objective }) => {
      const objectives = gameQueryKeys.objectivesAll(sessionUuid);
      const session = (current: PlayerSession | undefined) =>
        mergeAnswerIntoSession(current, result);
      queryClient.setQueriesData<GameObjectives>({ queryKey: objectives }, (current) =>
        mergeAnswerResult(current, objective, result, new Date().toISOString()),
      );
      queryClient.setQueriesData<PlayerSession>(
        { queryKey: sessionQueryKeys.detail(sessionUuid) },
        session,
      );
      const opened = queryClient
        .getQueriesData<GameObjectives>({ queryKey: objectives })
        .some(([, data]) => hasOpenedObjective(data));
      if (opened)
        void queryClient.invalidateQueries({ queryKey: objectives }, { cancelRefetch: false });
      for (const query of answerReads)
        void queryClient.invalidateQueries({ queryKey: gameScreenKeyOf(query, sessionUuid) });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: gameQueryKeys.objectivesAll(sessionUuid) });
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
 * hint's text) and the team's score follow.
 */
export const useUnlockHint = (sessionUuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ objective, hint }: { objective: string; hint: string }) =>
      callRoute(postUnlockHint, { params: { uuid: sessionUuid, objective, hint } }),
    // The team's score from the response at once; the ranking comes with the stream. The hint's
    // text is read with the objectives, in the screen's language (once, with the team's event).
    onSuccess: ({ score }) =>
      queryClient.setQueriesData<PlayerSession>(
        { queryKey: sessionQueryKeys.detail(sessionUuid) },
        (current) => mergeTeamScore(current, score),
      ),
    onError: () =>
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.detail(sessionUuid) }),
    onSettled: () =>
      void queryClient.invalidateQueries(
        { queryKey: gameQueryKeys.objectivesAll(sessionUuid) },
        { cancelRefetch: false },
      ),
  });
};

/** The game's mutations on an objective, for the shared objective detail. */
export const useObjectivePlay = (sessionUuid: string): ObjectivePlay => ({
  submitAnswer: useSubmitAnswer(sessionUuid),
  toggleFollow: useToggleFollow(sessionUuid),
  unlockHint: useUnlockHint(sessionUuid),
});
