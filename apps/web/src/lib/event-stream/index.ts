export {
  useEventStream,
  type EventStreamHandlers,
  type StreamEventOf,
  type UseEventStreamOptions,
} from './use-event-stream';
export {
  EventStreamContext,
  createAppEventStream,
  openThroughApiClient,
  type CreateEventStream,
  type EventStreamSettings,
} from './event-stream-context';
export {
  createEventStreamClient,
  type ConnectionState,
  type EventStreamClient,
  type StreamStatus,
} from './stream-client';
