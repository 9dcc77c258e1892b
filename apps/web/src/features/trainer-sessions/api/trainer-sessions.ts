import {
  getTrainerMissions,
  getTrainerSession,
  getTrainerSessions,
  postTrainerSession,
} from '@rampart/contracts';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { withClockOffset } from '../../../lib/clock-offset';

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
