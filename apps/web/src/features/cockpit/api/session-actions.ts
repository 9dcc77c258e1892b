import {
  getTrainerSessionChatThreads,
  postEliminateTeam,
  postGiveHint,
  postSpeedrun,
  postTrainerPause,
  postTrainerResume,
  postTrainerSessionChatMessage,
  postTrainerSessionChatRead,
  postTrainerStart,
  postTrainerStop,
  postUnlockObjective,
} from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import type { ChatPlace } from '../../chat';
import { withClockOffset } from '../../../lib/clock-offset';
import { trainerQueryKeys } from '../../trainer-sessions/api/trainer-sessions';
import { supportContextKeys } from './support-context';
import { cockpitQueryKeys } from './trainer-cockpit';

export type SessionControl = 'start' | 'forceStart' | 'pause' | 'resume' | 'stop';
const controlRoutes = {
  start: postTrainerStart,
  // The same start, told to go ahead although teams are short of players (and audited so).
  forceStart: postTrainerStart,
  pause: postTrainerPause,
  resume: postTrainerResume,
  stop: postTrainerStop,
} as const;

/**
 * Start (which waits for short teams), force the start, pause, resume or stop. The answer is the session as it is now: it replaces the cached
 * one at once, so a second trainer's conflicting click shows the state that won.
 */
export const useSessionControl = (uuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (control: SessionControl) => {
      const route = controlRoutes[control];
      const { session } = await callRoute(route, {
        params: { uuid },
        ...(control === 'forceStart' ? { body: { force: true } } : {}),
      });
      return withClockOffset(session);
    },
    onSuccess: (session) => queryClient.setQueryData(trainerQueryKeys.session(uuid), session),
    // Refused (another trainer's click won): the session is read again to show the state that
    // won. Accepted, the answer is that state already.
    onError: () => void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.session(uuid) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.audit(uuid) });
    },
  });
};

const useSessionAction = <I, O>(uuid: string, action: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    // The action's effects and its audit row, whatever the outcome: a refusal may mean another
    // trainer acted first, and the cockpit then shows what they did.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.session(uuid) });
      void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.cockpit(uuid) });
      void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.audit(uuid) });
      void queryClient.invalidateQueries({ queryKey: supportContextKeys.session(uuid) });
    },
  });
};

export const useEliminateTeam = (uuid: string) =>
  useSessionAction(uuid, ({ team, reason }: { team: string; reason: string }) =>
    callRoute(postEliminateTeam, { params: { uuid, team }, body: { reason } }),
  );

export const useLaunchSpeedrun = (uuid: string) =>
  useSessionAction(uuid, (input: { objectiveUuid: string; title: string; description: string }) =>
    callRoute(postSpeedrun, { params: { uuid }, body: input }),
  );

export const useUnlockObjective = (uuid: string) =>
  useSessionAction(uuid, (objective: string) =>
    callRoute(postUnlockObjective, { params: { uuid, objective } }),
  );

/** A hint given to a team at no cost (audited); the team's context and grid follow. */
export const useGiveHint = (uuid: string) =>
  useSessionAction(uuid, ({ team, hint }: { team: string; hint: string }) =>
    callRoute(postGiveHint, { params: { uuid, team, hint } }),
  );

/** The session's chat as trainers hold it: the Admin channel is where they broadcast. */
export const trainerSessionChatPlace = (uuid: string): ChatPlace => ({
  queryKey: trainerQueryKeys.chat(uuid),
  postMessage: (body) =>
    callRoute(postTrainerSessionChatMessage, { params: { uuid }, body, retry: true }),
  markRead: (threadIds) =>
    callRoute(postTrainerSessionChatRead, { params: { uuid }, body: { threadIds } }),
});

export const useTrainerSessionChat = (uuid: string) =>
  useQuery({
    queryKey: trainerQueryKeys.chat(uuid),
    queryFn: ({ signal }) => callRoute(getTrainerSessionChatThreads, { params: { uuid }, signal }),
  });
