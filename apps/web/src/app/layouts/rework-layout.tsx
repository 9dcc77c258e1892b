import type { ReactNode } from 'react';
import { PlayerEventStream } from './components/player-event-stream';
import { ReworkFrame } from './rework-frame';

/** Full-screen and immersive: onboarding, transitions, lobby, start screen, game. */
export function ReworkLayout({ children }: { children?: ReactNode }) {
  return <ReworkFrame after={<PlayerEventStream />}>{children}</ReworkFrame>;
}
