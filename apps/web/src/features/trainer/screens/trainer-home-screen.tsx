import { PlaceholderScreen } from '../../placeholder';

export default function TrainerHomeScreen() {
  return <PlaceholderScreen screen="trainerHome" />;
}
