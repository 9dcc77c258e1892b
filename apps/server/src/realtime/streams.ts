/**
 * Stream keys of the event log: one stream per gaming session and one per user. The key is
 * what the sequence counts in and what nodes notify each other about.
 */
export type StreamKey = `session:${string}` | `user:${string}`;

export const sessionStream = (sessionUuid: string): StreamKey => `session:${sessionUuid}`;
export const userStream = (accountId: string): StreamKey => `user:${accountId}`;
