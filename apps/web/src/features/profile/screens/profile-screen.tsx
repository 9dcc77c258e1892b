import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/app-info';
import { AvatarSection } from '../components/avatar-section';
import { HistorySection } from '../components/history-section';
import { InfoSection } from '../components/info-section';
import { LanguageSection } from '../components/language-section';
import { PasswordSection } from '../components/password/password-section';
import type { ProfileSectionId } from '../components/profile-section';
import { PseudoSection } from '../components/pseudo-section';
import { SecuritySection } from '../components/security/security-section';
import { TeamsSection } from '../components/teams-section';
import styles from './profile-screen.module.css';

const sectionIds: readonly ProfileSectionId[] = [
  'info',
  'avatar',
  'pseudo',
  'language',
  'password',
  'teams',
  'history',
  'security',
];

/** `/profile`: info, avatar, pseudo, language, password, teams, history, security. */
export default function ProfileScreen() {
  const { t } = useTranslation(['profile', 'screens']);
  const title = t('screens:profile.title');
  useDocumentTitle(title);
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <h1 className={styles.title}>{title}</h1>
      </header>
      <div className={styles.layout}>
        <nav aria-label={t('sectionsNav')} className={styles.toc}>
          <ul className={styles.tocList}>
            {sectionIds.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className={styles.tocLink}>
                  {t(`sections.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.sections}>
          <InfoSection />
          <AvatarSection />
          <div className={styles.pair}>
            <PseudoSection />
            <LanguageSection />
          </div>
          <PasswordSection />
          <div className={styles.pair}>
            <TeamsSection />
            <HistorySection />
          </div>
          <SecuritySection />
        </div>
      </div>
    </div>
  );
}
