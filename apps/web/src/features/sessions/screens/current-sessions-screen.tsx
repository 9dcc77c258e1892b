import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button/button';
import { EmptyState } from '../../../components/ui/empty-state/empty-state';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import { useDocumentTitle } from '../../../lib/app-info';
import { SessionCard, useHome } from '../../content';
import { useLocalizedPath } from '../../../lib/locale';
import styles from './current-sessions-screen.module.css';

/** `/currentsSessions`: the sessions the player is in now (home's `ongoingSessions`). */
export default function CurrentSessionsScreen() {
  const { t } = useTranslation(['content', 'screens']);
  const localize = useLocalizedPath();
  const title = t('screens:currentSessions.title');
  useDocumentTitle(title);
  const home = useHome();
  const backHome = (
    <ButtonLink variant="secondary" to={localize('/home')}>
      {t('currentSessions.back')}
    </ButtonLink>
  );
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <Eyebrow>{t('currentSessions.eyebrow')}</Eyebrow>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.description}>{t('currentSessions.description')}</p>
      </div>
      {home.isPending ? (
        <SectionLoading lines={4} />
      ) : home.isError && !home.data ? (
        <SectionError
          title={t('currentSessions.loadError')}
          error={home.error}
          onRetry={() => void home.refetch()}
        />
      ) : home.data.ongoingSessions.length === 0 ? (
        <EmptyState
          title={t('currentSessions.empty')}
          hint={t('currentSessions.emptyHint')}
          action={backHome}
        />
      ) : (
        <ul className={styles.list}>
          {home.data.ongoingSessions.map((session) => (
            <li key={session.uuid}>
              <SessionCard session={session} action="resume" headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
