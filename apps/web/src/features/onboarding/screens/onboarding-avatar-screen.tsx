import { PlaceholderScreen } from '../../placeholder';

export default function OnboardingAvatarScreen() {
  return <PlaceholderScreen screen="onboardingAvatar" />;
}
