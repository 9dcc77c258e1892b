import { PlaceholderScreen } from '../../placeholder';

export default function SessionStartScreen() {
  return <PlaceholderScreen screen="sessionStartScreen" />;
}
