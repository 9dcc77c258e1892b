import { useState } from 'react';
import { useCurrentUser } from '../../auth';
import { hasSeenBriefing, markBriefingSeen } from '../lib/game-storage';

/**
 * Whether the player has yet to see this session's briefing in this browser: it then opens by
 * itself on the game screen. Remembered once they close it, not merely once it is
 * shown: a screen that reloads or re-renders meanwhile (a language switch) shows it again.
 */
export const useFirstBriefing = (sessionUuid: string) => {
  const account = useCurrentUser()?.uuid ?? 'anonymous';
  const [first] = useState(() => !hasSeenBriefing(account, sessionUuid));
  return { first, markSeen: () => markBriefingSeen(account, sessionUuid) };
};
