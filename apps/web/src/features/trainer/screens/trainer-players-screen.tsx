import { TrainerPlaceholder } from './trainer-placeholder';

/** The players' administration: stands in until its screen lands. */
export default function TrainerPlayersScreen() {
  return <TrainerPlaceholder screen="trainerPlayers" />;
}
