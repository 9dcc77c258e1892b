import {
  getSessionChatThreads,
  getSupportThreads,
  getTrainerSupportThreads,
} from '@rampart/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';
import { chatQueryKeys } from './chat-query-keys';

/** A session's threads the player belongs to; kept live by `chat.message_posted` events. */
export const useSessionChatThreads = (sessionUuid: string) =>
  useQuery({
    queryKey: chatQueryKeys.session(sessionUuid),
    queryFn: ({ signal }) =>
      callRoute(getSessionChatThreads, { params: { uuid: sessionUuid }, signal }),
  });

/** The player's support thread outside sessions; kept live by `support.message_posted`. */
export const useSupportThreads = (enabled = true) =>
  useQuery({
    queryKey: chatQueryKeys.support,
    enabled,
    queryFn: ({ signal }) => callRoute(getSupportThreads, { signal }),
  });

/** Trainers: every player's support thread with a message. Read again every few seconds. */
export const useTrainerSupportThreads = () =>
  useQuery({
    queryKey: chatQueryKeys.trainerSupport,
    refetchInterval: 5000,
    queryFn: ({ signal }) => callRoute(getTrainerSupportThreads, { signal }),
  });
