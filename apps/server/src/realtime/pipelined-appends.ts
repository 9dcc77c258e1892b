/**
 * What the answer path alone uses of the event log, besides the event writer's public
 * `transaction`: a batch of answers writes its changes and appends its events in one statement
 * (`appendingEvents`, CTEs of the batch's own write), sends its last statement without waiting
 * for it (`PipelinedEventTransaction`), and reads a session's ranking only once it holds the
 * session's stream (`holdStream`), after the locks every writer of a session takes first. Not
 * for other modules: they write events with `events.transaction`, declaring the streams they
 * hold in its options.
 */
export {
  appending as appendingEvents,
  lockStream as holdStream,
  type AppendedRow,
} from './event-log.repository.js';
export type { PipelinedEventTransaction, PipelinedEventWriter } from './event-writer.js';
