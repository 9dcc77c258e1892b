import { PlaceholderScreen } from '../../placeholder';

export default function SessionVideoTransitionCreationScreen() {
  return <PlaceholderScreen screen="sessionVideoTransitionCreation" />;
}
