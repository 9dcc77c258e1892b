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
import { callRoute } from '../../../lib/call-route';
import { mergeMessage, withUnread } from '../lib/chat-cache';
import { chatQueryKeys } from './chat-query-keys';

/** Where a conversation lives: how to post to it and mark it read, the query of its threads. */
export interface ChatPlace {
  queryKey: QueryKey;
  postMessage: (input: SendInput) => Promise<{ message: ChatMessage }>;
  markRead: (threadIds: string[]) => Promise<unknown>;
}

// The client id makes a retry of a message safe: the server answers the first message.
export const sessionChatPlace = (uuid: string): ChatPlace => ({
  queryKey: chatQueryKeys.session(uuid),
  postMessage: (body) => callRoute(postSessionChatMessage, { params: { uuid }, body, retry: true }),
  markRead: (threadIds) =>
    callRoute(postSessionChatRead, { params: { uuid }, body: { threadIds } }),
});

export const supportChatPlace: ChatPlace = {
  queryKey: chatQueryKeys.support,
  postMessage: (body) => callRoute(postSupportMessage, { body, retry: true }),
  markRead: (threadIds) => callRoute(postSupportRead, { body: { threadIds } }),
};

export const trainerSupportPlace: ChatPlace = {
  queryKey: chatQueryKeys.trainerSupport,
  postMessage: (body) => callRoute(postTrainerSupportMessage, { body, retry: true }),
  markRead: (threadIds) => callRoute(postTrainerSupportRead, { body: { threadIds } }),
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
    mutationFn: (input: SendInput) => place.postMessage(input),
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
    mutationFn: (threadIds: string[]) => place.markRead(threadIds),
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
