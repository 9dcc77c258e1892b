const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The session a pasted join link or code points to: a session's uuid anywhere in the text (a
 * full link to any of its screens, or the bare uuid), or null.
 */
export const sessionUuidFromJoinLink = (text: string): string | null =>
  UUID.exec(text.trim())?.[0]?.toLowerCase() ?? null;
