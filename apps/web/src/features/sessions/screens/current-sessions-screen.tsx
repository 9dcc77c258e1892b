import { PlaceholderScreen } from '../../placeholder';

export default function CurrentSessionsScreen() {
  return <PlaceholderScreen screen="currentSessions" />;
}
