import type { ComponentProps } from 'react';
import { ObjectiveDetail } from '../../objectives/components/objective-detail';
import { useObjectivePlay } from '../api/play-mutations';

/**
 * The objective detail as the game plays it: the shared view with the game's mutations. Keyed
 * by objective where it is used, so each objective starts with fresh mutations (no error or
 * pending answer carried over from the previous one).
 */
export function PlayedObjectiveDetail(props: Omit<ComponentProps<typeof ObjectiveDetail>, 'play'>) {
  const play = useObjectivePlay(props.sessionUuid);
  return <ObjectiveDetail {...props} play={play} />;
}
