import { PlaceholderScreen } from '../../placeholder';

export default function SessionJoinScreen() {
  return <PlaceholderScreen screen="sessionJoin" />;
}
