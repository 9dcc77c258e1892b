import {
  getSessionEnvironments,
  postExtendEnvironment,
  postPrewarmEnvironments,
  postReleaseEnvironments,
  postTrainerConsoleTicket,
} from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { cockpitQueryKeys } from './trainer-cockpit';

export const labQueryKeys = {
  environments: (uuid: string) => ['trainer', 'environments', uuid] as const,
};

/**
 * Time alone moves an environment (expiry, the reconciler's release) without an event the
 * cockpit could wait for: a light poll catches it; every other change comes on the stream.
 */
const pollMs = 30_000;

/** Every team's lab environment in the session, with the mission's lab (null: no lab). */
export const useSessionEnvironments = (uuid: string) =>
  useQuery({
    queryKey: labQueryKeys.environments(uuid),
    queryFn: ({ signal }) => callRoute(getSessionEnvironments, { params: { uuid }, signal }),
    refetchInterval: (query) => (query.state.data?.lab ? pollMs : false),
  });

/** After any lab action, whatever its outcome: the environments and the audit are read again. */
const useLabMutation = <Variables, Answer>(
  uuid: string,
  mutationFn: (variables: Variables) => Promise<Answer>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: labQueryKeys.environments(uuid) });
      void queryClient.invalidateQueries({ queryKey: cockpitQueryKeys.audit(uuid) });
    },
  });
};

/** Allocates ahead of first use: one team's, or every team still without one. */
export const usePrewarmEnvironments = (uuid: string) =>
  useLabMutation(uuid, ({ teamUuid }: { teamUuid?: string }) =>
    callRoute(postPrewarmEnvironments, { params: { uuid }, body: teamUuid ? { teamUuid } : {} }),
  );

/** Releases one team's environment, or every one of the session. */
export const useReleaseEnvironments = (uuid: string) =>
  useLabMutation(uuid, ({ teamUuid }: { teamUuid?: string }) =>
    callRoute(postReleaseEnvironments, { params: { uuid }, body: teamUuid ? { teamUuid } : {} }),
  );

/** Extends a team's environment by the template's lifetime (the server caps it). */
export const useExtendEnvironment = (uuid: string) =>
  useLabMutation(uuid, ({ teamUuid }: { teamUuid: string }) =>
    callRoute(postExtendEnvironment, { params: { uuid, team: teamUuid }, body: {} }),
  );

/** A single-use ticket to a team's console, for the trainer (each one is audited). */
export const requestTrainerConsoleTicket = (uuid: string, teamUuid: string) =>
  callRoute(postTrainerConsoleTicket, { params: { uuid, team: teamUuid } });
