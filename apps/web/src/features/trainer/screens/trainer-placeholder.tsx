import { useTranslation } from 'react-i18next';
import { TrainerScreen } from '../components/trainer-screen';
import styles from '../components/trainer-screen.module.css';

/** A console screen still to be built, inside the console's frame so navigation keeps working. */
export function TrainerPlaceholder({ screen }: { screen: 'trainerPlayers' }) {
  const { t } = useTranslation(['screens', 'trainer']);
  return (
    <TrainerScreen title={t(`screens:${screen}.title`)}>
      <p className={styles.muted}>{t('trainer:placeholder')}</p>
    </TrainerScreen>
  );
}
