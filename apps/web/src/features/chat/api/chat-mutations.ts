import {
  postSessionChatMessage,
  postSessionChatRead,
  postSupportMessage,
  postSupportRead,
  postTrainerSupportMessage,
  postTrainerSupportRead,
  type ChatMessage,
  type ChatThreadsAnswer,
} from '@rampart/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionApiPath } from '../../sessions/lib/session-query-keys';
import { mergeMessage, withUnread } from '../lib/chat-cache';
import { chatQueryKeys } from './chat-query-keys';

/** Where a conversation lives: its routes and the query that holds its threads. */
export interface ChatPlace {
  queryKey: QueryKey;
  messagesPath: string;
  readPath: string;
}

export const sessionChatPlace = (sessionUuid: string): ChatPlace => ({
  queryKey: chatQueryKeys.session(sessionUuid),
  messagesPath: sessionApiPath(postSessionChatMessage.path, sessionUuid),
  readPath: sessionApiPath(postSessionChatRead.path, sessionUuid),
});

export const supportChatPlace: ChatPlace = {
  queryKey: chatQueryKeys.support,
  messagesPath: postSupportMessage.path,
  readPath: postSupportRead.path,
};

export const trainerSupportPlace: ChatPlace = {
  queryKey: chatQueryKeys.trainerSupport,
  messagesPath: postTrainerSupportMessage.path,
  readPath: postTrainerSupportRead.path,
};

export interface SendInput {
  threadId: string;
  text: string;
  /** Kept by the composer for its draft: sending the same draft again never posts it twice. */
  clientId: string;
  /** The objective a team's support question is about (asked from its window). */
  objectiveUuid?: string;
}

/** Sends a message; the answer joins the thread at once (the stream's copy is the same one). */
export const useSendMessage = (place: ChatPlace) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) =>
      apiClient.post(place.messagesPath, input, {
        schema: postSessionChatMessage.responses[201],
        // The client id makes a retry safe: the server answers the first message.
        retry: true,
      }),
    onSuccess: ({ message }: { message: ChatMessage }) => {
      queryClient.setQueryData<ChatThreadsAnswer>(place.queryKey, (current) =>
        mergeMessage(current, message, false),
      );
    },
  });
};

/**
 * Marks threads read here at once and on the server for every device. A failure is only logged:
 * the count comes back with the next read of the threads.
 */
export const useMarkThreadsRead = (place: ChatPlace) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadIds: string[]) => apiClient.post(place.readPath, { threadIds }),
    onMutate: (threadIds) => {
      queryClient.setQueryData<ChatThreadsAnswer>(place.queryKey, (current) =>
        withUnread(current, threadIds, 0),
      );
    },
    onError: (error) => {
      console.error('Unable to mark the chat threads as read', error);
    },
  });
};
