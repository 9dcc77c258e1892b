import { PlaceholderScreen } from '../../placeholder';

export default function SessionLobbyScreen() {
  return <PlaceholderScreen screen="sessionLobby" />;
}
