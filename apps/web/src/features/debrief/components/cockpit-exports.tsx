import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button/button';
import { Panel, panelStyles } from '../../../components/ui/panel/panel';
import { sessionExports } from '../api/trainer-debrief';
import styles from './cockpit-exports.module.css';

/** The session's exports for spreadsheets and archives, each with what it holds. */
export function CockpitExports({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation('trainerDebrief');
  return (
    <Panel id="cockpit-exports" title={t('exports.title')} testId="cockpit-exports">
      <p className={panelStyles.muted}>{t('exports.intro')}</p>
      <ul className={styles.exports}>
        {sessionExports(sessionUuid).map((file) => (
          <li key={file.id} className={styles.export}>
            <a
              className={buttonClassName('secondary')}
              href={file.href}
              download
              aria-describedby={`cockpit-export-${file.id}`}
            >
              {t(`exports.${file.id}.label`)}
            </a>
            <p id={`cockpit-export-${file.id}`} className={panelStyles.muted}>
              {t(`exports.${file.id}.description`)}
            </p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
