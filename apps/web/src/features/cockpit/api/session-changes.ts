import {
  deleteSessionPlayer,
  patchTrainerSession,
  postDissolveTeam,
  postMovePlayer,
  postReinstateTeam,
  type updateSessionBodySchema,
} from '@rampart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../../lib/call-route';
import { withClockOffset } from '../../../lib/clock-offset';
import { cockpitQueryKeys } from './trainer-cockpit';
import { trainerQueryKeys } from '../../trainer-sessions/api/trainer-sessions';

export type SessionChangeInput = z.input<typeof updateSessionBodySchema>;

/**
 * A trainer's change of a session under way, or a fix of its teams. The answer is the session
 * as it is now and replaces the cached one; whatever the outcome, the cockpit and the audit are
 * read again (a refusal may mean another trainer acted first).
 */
const useSessionChange = <I>(
  uuid: string,
  send: (input: I) => Promise<{ session: { serverTime: string } }>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ session }) =>
      queryClient.setQueryData(trainerQueryKeys.session(uuid), withClockOffset(session)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.session(uuid) });
      void queryClient.invalidateQueries({ queryKey: trainerQueryKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.cockpit(uuid) });
      void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.audit(uuid) });
    },
  });
};

export const useUpdateSession = (uuid: string) =>
  useSessionChange(uuid, (input: SessionChangeInput) =>
    callRoute(patchTrainerSession, { params: { uuid }, body: input }),
  );

export const useMovePlayer = (uuid: string) =>
  useSessionChange(uuid, ({ player, teamUuid }: { player: string; teamUuid: string }) =>
    callRoute(postMovePlayer, { params: { uuid, player }, body: { teamUuid } }),
  );

export const useRemovePlayer = (uuid: string) =>
  useSessionChange(uuid, (player: string) =>
    callRoute(deleteSessionPlayer, { params: { uuid, player } }),
  );

export const useDissolveTeam = (uuid: string) =>
  useSessionChange(uuid, ({ team, reason }: { team: string; reason?: string }) =>
    callRoute(postDissolveTeam, { params: { uuid, team }, body: reason ? { reason } : {} }),
  );

export const useReinstateTeam = (uuid: string) =>
  useSessionChange(uuid, (team: string) =>
    callRoute(postReinstateTeam, { params: { uuid, team } }),
  );
