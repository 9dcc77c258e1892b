/**
 * What the game screen remembers in this browser. Storage may be refused (private modes, a
 * policy): then nothing is remembered and the screen behaves as on a first visit.
 */
const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string) => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered: harmless.
  }
};

export const gameLayouts = ['quarter', 'tabs'] as const;
export type GameLayout = (typeof gameLayouts)[number];

const LAYOUT_KEY = 'rampart.game.layout';

/** The layout chosen for wide screens; quarter unless the player chose tabs. */
export const readLayoutPreference = (): GameLayout =>
  read(LAYOUT_KEY) === 'tabs' ? 'tabs' : 'quarter';

export const writeLayoutPreference = (layout: GameLayout) => write(LAYOUT_KEY, layout);

/** Per player and session: another player on the same browser gets their own first briefing. */
const briefingKey = (accountUuid: string, sessionUuid: string) =>
  `rampart.game.briefing-seen.${accountUuid}.${sessionUuid}`;

export const hasSeenBriefing = (accountUuid: string, sessionUuid: string): boolean =>
  read(briefingKey(accountUuid, sessionUuid)) !== null;

export const markBriefingSeen = (accountUuid: string, sessionUuid: string) =>
  write(briefingKey(accountUuid, sessionUuid), new Date().toISOString());
