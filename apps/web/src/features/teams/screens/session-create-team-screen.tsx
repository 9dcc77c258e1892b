import { PlaceholderScreen } from '../../placeholder';

export default function SessionCreateTeamScreen() {
  return <PlaceholderScreen screen="sessionCreateTeam" />;
}
