import { PlaceholderScreen } from '../../placeholder';

export default function VideoTransitionConnexionScreen() {
  return <PlaceholderScreen screen="videoTransitionConnexion" />;
}
