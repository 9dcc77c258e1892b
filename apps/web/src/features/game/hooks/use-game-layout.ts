import { useState } from 'react';
import { readLayoutPreference, writeLayoutPreference, type GameLayout } from '../lib/game-storage';
import { useMediaQuery } from './use-media-query';

/** Where the quarter layout has room for its four panes; the CSS uses the same widths. */
export const QUARTER_MEDIA = '(min-width: 75rem)';
/** Below this, one column: the list, then the tabs, and objectives open in a modal. */
export const SINGLE_COLUMN_MEDIA = '(max-width: 55.99rem)';

/**
 * The game's layout (quarter by default): the four panes where the screen has room for
 * them, unless the player chose tabs (remembered in this browser); one group of tabs elsewhere.
 */
export const useGameLayout = () => {
  const wide = useMediaQuery(QUARTER_MEDIA);
  const singleColumn = useMediaQuery(SINGLE_COLUMN_MEDIA);
  const [preference, setPreference] = useState<GameLayout>(readLayoutPreference);
  return {
    layout: wide ? preference : ('tabs' as GameLayout),
    /** Whether the player may choose (the screen is wide enough for both). */
    canChoose: wide,
    singleColumn,
    preference,
    choose: (layout: GameLayout) => {
      setPreference(layout);
      writeLayoutPreference(layout);
    },
  };
};
