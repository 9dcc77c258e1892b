import { PlaceholderScreen } from '../../placeholder';

export default function SessionJoinTeamsScreen() {
  return <PlaceholderScreen screen="sessionJoinTeams" />;
}
