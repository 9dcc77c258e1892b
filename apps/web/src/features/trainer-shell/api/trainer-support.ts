import { getTrainerSupportSessions } from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';

/**
 * The sessions whose teams wait for an answer, with their unread counts. Read every few seconds
 * like the inbox: the dashboard follows every session, without one event stream per session.
 */
export const useTrainerSupportSessions = () =>
  useQuery({
    queryKey: ['trainer', 'support', 'sessions'] as const,
    refetchInterval: 5000,
    queryFn: async ({ signal }) =>
      (await callRoute(getTrainerSupportSessions, { signal })).sessions,
  });
