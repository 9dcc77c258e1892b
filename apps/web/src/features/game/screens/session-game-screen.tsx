import { PlaceholderScreen } from '../../placeholder';

export default function SessionGameScreen() {
  return <PlaceholderScreen screen="sessionGame" />;
}
