import { PlaceholderScreen } from '../../placeholder';

export default function HomeScreen() {
  return <PlaceholderScreen screen="home" />;
}
