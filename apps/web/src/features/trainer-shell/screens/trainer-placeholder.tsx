import { useTranslation } from 'react-i18next';
import { TrainerScreen } from '../components/trainer-screen';
import { panelStyles } from '../../../components/ui/panel/panel';

/** A console screen still to be built, inside the console's frame so navigation keeps working. */
export function TrainerPlaceholder({ screen }: { screen: 'trainerPlayers' }) {
  const { t } = useTranslation(['screens', 'trainer']);
  return (
    <TrainerScreen title={t(`screens:${screen}.title`)}>
      <p className={panelStyles.muted}>{t('trainer:placeholder')}</p>
    </TrainerScreen>
  );
}
