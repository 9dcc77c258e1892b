import { PlaceholderScreen } from '../../placeholder';
import { SessionGate, sessionStyles } from '../../sessions';
import { GameStatusBar } from '../components/game-status-bar';

/**
 * Spec §2 /sessions/{uuid}/game. The timer, the pause notice and the session's course (pause,
 * resume, stop, end) are live here; the objectives, ranking and tabs come with play.
 */
export default function SessionGameScreen() {
  return (
    <SessionGate screen="game">
      {(session) => (
        <div className={sessionStyles.screen}>
          <GameStatusBar session={session} />
          <PlaceholderScreen screen="sessionGame" />
        </div>
      )}
    </SessionGate>
  );
}
