import { PlaceholderScreen } from '../../placeholder';

export default function ProfileSessionScreen() {
  return <PlaceholderScreen screen="profileSession" />;
}
