import { PlaceholderScreen } from '../../placeholder';

export default function IndexScreen() {
  return <PlaceholderScreen screen="index" />;
}
