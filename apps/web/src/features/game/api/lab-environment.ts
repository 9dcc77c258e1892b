import { getTeamEnvironment, postConsoleTicket, postTeamEnvironment } from '@rampart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionApiPath } from '../../sessions/lib/session-query-keys';
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
      apiClient.get(sessionApiPath(getTeamEnvironment.path, sessionUuid), {
        schema: getTeamEnvironment.responses[200],
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.environment?.phase === 'Provisioning' ? PROVISIONING_POLL_MS : false,
  });

/** "Start the lab": allocates the team's environment (idempotent: teammates may race). */
export const useStartLab = (sessionUuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post(sessionApiPath(postTeamEnvironment.path, sessionUuid), undefined, {
        schema: postTeamEnvironment.responses[200],
      }),
    onSuccess: (environment) =>
      queryClient.setQueryData(labQueryKeys.environment(sessionUuid), environment),
  });
};

/** A fresh single-use ticket for the console socket, asked before each (re)connection. */
export const requestConsoleTicket = (sessionUuid: string) =>
  apiClient.post(sessionApiPath(postConsoleTicket.path, sessionUuid), undefined, {
    schema: postConsoleTicket.responses[201],
  });
