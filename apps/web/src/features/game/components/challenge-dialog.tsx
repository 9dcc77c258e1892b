import { difficultyLabels, type Difficulty, type PlayObjective } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { PlayedObjectiveDetail } from './played-objective-detail';

/**
 * The challenge modal: one objective whole (description, files, attempts, answer
 * form) over the game, whatever the layout. Focus returns to what opened it.
 */
export function ChallengeDialog({
  sessionUuid,
  objective,
  onClose,
  eliminated = false,
}: {
  sessionUuid: string;
  objective: PlayObjective | null;
  onClose: () => void;
  eliminated?: boolean;
}) {
  const { t } = useTranslation(['game', 'content']);
  return (
    <Dialog
      open={objective !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={objective?.title ?? ''}
      description={
        objective
          ? [
              t(`content:categories.${objective.category}`),
              t(
                `content:difficulty.levels.${difficultyLabels[objective.difficulty as Difficulty]}`,
              ),
              t('objective.points', { count: objective.points }),
            ].join(' · ')
          : ''
      }
      closeLabel={t('actions.closeWindow')}
      closeText={t('actions.backToGame')}
    >
      {objective && (
        <PlayedObjectiveDetail
          key={objective.uuid}
          sessionUuid={sessionUuid}
          objective={objective}
          inDialog
          eliminated={eliminated}
        />
      )}
    </Dialog>
  );
}
