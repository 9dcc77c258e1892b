import { TrainerPlaceholder } from './trainer-placeholder';

/** Content authoring: chapters, missions, objectives and packs (to come). */
export default function TrainerContentScreen() {
  return <TrainerPlaceholder screen="trainerContent" />;
}
