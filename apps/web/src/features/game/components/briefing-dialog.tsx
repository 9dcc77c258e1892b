import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import { Briefing } from './briefing';

/** The briefing modal: the mission's brief, scenario and rules over the game. */
export function BriefingDialog({
  sessionUuid,
  missionTitle,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  sessionUuid: string;
  missionTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('game');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('briefing.title', { mission: missionTitle })}
      description={t('briefing.description')}
      closeLabel={t('actions.closeWindow')}
      closeText={t('actions.backToGame')}
      returnFocusTo={returnFocusTo}
    >
      <Briefing sessionUuid={sessionUuid} />
    </Dialog>
  );
}
