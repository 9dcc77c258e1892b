import {
  getTrainerMissions,
  getTrainerSession,
  getTrainerSessionChatThreads,
  getTrainerSessions,
  postEliminateTeam,
  postGiveHint,
  postSpeedrun,
  postTrainerPause,
  postTrainerResume,
  postTrainerSession,
  postTrainerSessionChatMessage,
  postTrainerSessionChatRead,
  postTrainerStart,
  postTrainerStop,
  postUnlockObjective,
} from '@rampart/contracts';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import type { ChatPlace } from '../../chat';
import { cockpitQueryKeys } from '../../cockpit/api/trainer-cockpit';
import { supportContextKeys } from '../../trainer-shell/api/trainer-support';

/** Query keys of the trainer console: one session's keys all start with `session(uuid)`. */
export const trainerQueryKeys = {
  sessions: ['trainer', 'sessions'] as const,
  session: (uuid: string) => ['trainer', 'session', uuid] as const,
  chat: (uuid: string) => ['trainer', 'session', uuid, 'chat'] as const,
  missions: ['trainer', 'missions'] as const,
};

export type TrainerSessionList = z.infer<(typeof getTrainerSessions.responses)[200]>;
export type TrainerSessionItem = TrainerSessionList['sessions'][number];
export type TrainerSessionAnswer = z.infer<(typeof getTrainerSession.responses)[200]>;
export type TrainerMissionList = z.infer<(typeof getTrainerMissions.responses)[200]>['missions'];
export type CreateSessionInput = z.input<typeof postTrainerSession.body>;

/** With the offset of this browser's clock to the server's, for live timers. */
const withClockOffset = <T extends { serverTime: string }>(value: T) => ({
  ...value,
  clockOffsetMs: Date.parse(value.serverTime) - Date.now(),
});

/**
 * Every session. The dashboard reads it again every few seconds: it follows many sessions at
 * once, and one event stream per session would not scale to a busy platform.
 */
export const useTrainerSessions = () =>
  useQuery({
    queryKey: trainerQueryKeys.sessions,
    refetchInterval: 10_000,
    queryFn: async ({ signal }) => {
      const { sessions } = await callRoute(getTrainerSessions, { signal });
      return sessions.map(withClockOffset);
    },
  });

export type TrainerSessionView = ReturnType<
  typeof withClockOffset<TrainerSessionAnswer['session']>
>;

/** One session with its teams, tokens and members; kept live by the trainer's event stream. */
export const useTrainerSession = (uuid: string) =>
  useQuery({
    queryKey: trainerQueryKeys.session(uuid),
    queryFn: async ({ signal }) => {
      const { session } = await callRoute(getTrainerSession, { params: { uuid }, signal });
      return withClockOffset(session);
    },
  });

export const useTrainerMissions = () =>
  useQuery({
    queryKey: trainerQueryKeys.missions,
    queryFn: async ({ signal }) => (await callRoute(getTrainerMissions, { signal })).missions,
  });

export const useCreateTrainerSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateSessionInput) =>
      (await callRoute(postTrainerSession, { body: input })).session,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.sessions }),
  });
};

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
