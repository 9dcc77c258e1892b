import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/app-info';
import { useLocalizedPath } from '../../../lib/locale';
import { LoginArt } from './login-art';
import styles from './login-page.module.css';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';

interface LoginPageProps {
  title: string;
  eyebrow: string;
  intro: string;
  /** Link to the other interface's login page. */
  switchTo: { path: string; label: string };
  children: ReactNode;
}

/** The frame of both login pages: the art beside the form, one column on a phone. */
export function LoginPage({ title, eyebrow, intro, switchTo, children }: LoginPageProps) {
  const { t } = useTranslation('auth');
  const localize = useLocalizedPath();
  useDocumentTitle(title);
  return (
    <section className={styles.page} aria-labelledby="login-title">
      <div className={styles.art}>
        <LoginArt />
        <p className={styles.headline}>{t('art.headline')}</p>
        <p className={styles.body}>{t('art.body')}</p>
      </div>
      <div className={styles.panel}>
        <Eyebrow>{eyebrow}</Eyebrow>
        <h1 id="login-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.intro}>{intro}</p>
        {children}
        <p className={styles.switch}>
          <Link to={localize(switchTo.path)}>{switchTo.label}</Link>
        </p>
      </div>
    </section>
  );
}
