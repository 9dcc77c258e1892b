import { PlaceholderScreen } from '../../placeholder';

export default function SessionStatsTransitionScreen() {
  return <PlaceholderScreen screen="sessionStatsTransition" />;
}
