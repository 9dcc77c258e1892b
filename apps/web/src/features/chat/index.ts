export { chatQueryKeys } from './api/chat-query-keys';
export {
  useSessionChatThreads,
  useSupportThreads,
  useTrainerSupportThreads,
} from './api/get-chat-threads';
export {
  sessionChatPlace,
  supportChatPlace,
  trainerSupportPlace,
  type ChatPlace,
} from './api/chat-mutations';
export { ChatThreadView } from './components/chat-thread-view';
export { ActivePeople } from './components/active-people';
export { mergeMessage } from './lib/chat-cache';
export { unreadTotals } from './lib/unread';
export { countsOf } from './lib/chat-cache';
