import { createContext } from 'react';
import { apiClient, type ApiClient } from '../api-client';
import {
  createEventStreamClient,
  type EventStreamClient,
  type EventStreamClientOptions,
  type OpenStream,
} from './stream-client';

export type EventStreamSettings = Omit<EventStreamClientOptions, 'open'>;

/** Opens the stream at `path` (an API path) and keeps it alive until closed. */
export type CreateEventStream = (path: string, settings: EventStreamSettings) => EventStreamClient;

/**
 * Opens streams through the app's API client: the same credentials, bearer token (token mode)
 * and 401 handling as every other call, so that an expired session ends in the auth layer.
 */
export const openThroughApiClient =
  (http: Pick<ApiClient, 'openStream'>, path: string): OpenStream =>
  ({ lastEventId, signal }) =>
    http.openStream(path, {
      signal,
      headers: lastEventId === null ? {} : { 'Last-Event-ID': lastEventId },
    });

export const createAppEventStream: CreateEventStream = (path, settings) =>
  createEventStreamClient({ ...settings, open: openThroughApiClient(apiClient, path) });

/** How `useEventStream` opens streams; tests provide a fake one. */
export const EventStreamContext = createContext<CreateEventStream>(createAppEventStream);
