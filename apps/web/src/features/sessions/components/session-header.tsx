import type { ReactNode } from 'react';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';
import type { PlayerSession } from '../api/get-session';
import styles from './session-screen.module.css';
import { useTranslation } from 'react-i18next';

/** A session screen's heading: what the screen is, the session's name and its mission. */
export function SessionHeader({
  eyebrow,
  session,
  titleId,
  children,
}: {
  eyebrow: string;
  session: PlayerSession;
  titleId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('sessions');
  return (
    <header className={styles.header}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <h1 id={titleId} className={styles.title}>
        {session.name}
      </h1>
      <p className={styles.subtitle}>
        {t('header.mission', {
          mission: session.mission.title,
          chapter: session.mission.chapterTitle,
        })}
      </p>
      {children}
    </header>
  );
}
