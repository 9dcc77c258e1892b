/**
 * The id to resume each stream from, kept for the life of the page rather than of a screen:
 * leaving a screen and coming back resumes its stream where it stopped, and the server replays
 * what happened meanwhile. Keyed by stream path and by whose stream it is, so that an id never
 * travels to another account's stream.
 */
const lastEventIds = new Map<string, string>();

const keyOf = (path: string, scope: string | undefined) =>
  scope === undefined ? path : `${scope} ${path}`;

export const lastEventIdStore = {
  get: (path: string, scope?: string): string | null =>
    lastEventIds.get(keyOf(path, scope)) ?? null,
  set: (path: string, scope: string | undefined, id: string): void => {
    lastEventIds.set(keyOf(path, scope), id);
  },
  clear: (): void => lastEventIds.clear(),
};
