import { PlaceholderScreen } from '../../placeholder';

export default function LoginScreen() {
  return <PlaceholderScreen screen="login" />;
}
