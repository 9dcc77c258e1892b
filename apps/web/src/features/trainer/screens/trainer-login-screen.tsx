import { PlaceholderScreen } from '../../placeholder';

export default function TrainerLoginScreen() {
  return <PlaceholderScreen screen="trainerLogin" />;
}
