import { PlaceholderScreen } from '../../placeholder';

export default function SessionStatsScreen() {
  return <PlaceholderScreen screen="sessionStats" />;
}
