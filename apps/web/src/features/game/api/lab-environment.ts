import { getTeamEnvironment, postConsoleTicket, postTeamEnvironment } from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { labQueryKeys } from './lab-query-keys';

/** Provisioning asks again every few seconds too: the change event may come from another node. */
const PROVISIONING_POLL_MS = 3000;

export const useTeamEnvironment = (
  sessionUuid: string,
  /** Read it again when this screen opens, not from what another screen fetched earlier. */
  { fresh = false }: { fresh?: boolean } = {},
) =>
  useQuery({
    queryKey: labQueryKeys.environment(sessionUuid),
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
    queryFn: ({ signal }) =>
      callRoute(getTeamEnvironment, { params: { uuid: sessionUuid }, signal }),
    refetchInterval: (query) =>
      query.state.data?.environment?.phase === 'Provisioning' ? PROVISIONING_POLL_MS : false,
  });

/** "Start the lab": allocates the team's environment (idempotent: teammates may race). */
export const useStartLab = (sessionUuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(postTeamEnvironment, { params: { uuid: sessionUuid } }),
    onSuccess: (environment) =>
      queryClient.setQueryData(labQueryKeys.environment(sessionUuid), environment),
  });
};

/** A fresh single-use ticket for the console socket, asked before each (re)connection. */
export const requestConsoleTicket = (sessionUuid: string) =>
  callRoute(postConsoleTicket, { params: { uuid: sessionUuid } });
