/** Query keys of chat: a session's threads, and the caller's support threads outside sessions. */
export const chatQueryKeys = {
  session: (sessionUuid: string) => ['chat', 'session', sessionUuid] as const,
  support: ['chat', 'support'] as const,
  trainerSupport: ['chat', 'trainer-support'] as const,
};
