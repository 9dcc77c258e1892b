import { PlaceholderScreen } from '../../placeholder';

export default function ProfileScreen() {
  return <PlaceholderScreen screen="profile" />;
}
