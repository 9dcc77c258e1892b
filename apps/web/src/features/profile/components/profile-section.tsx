import type { ReactNode } from 'react';
import styles from './profile-section.module.css';

export type ProfileSectionId =
  'info' | 'avatar' | 'pseudo' | 'password' | 'language' | 'teams' | 'history' | 'security';

interface ProfileSectionProps {
  id: ProfileSectionId;
  title: string;
  description?: string;
  /** Shown at the right of the title (a count, an action). */
  aside?: ReactNode;
  children: ReactNode;
}

/** One card of the profile page, a landmark named by its title and reachable by `#id`. */
export function ProfileSection({ id, title, description, aside, children }: ProfileSectionProps) {
  const titleId = `profile-${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={styles.section}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {aside}
      </header>
      {children}
    </section>
  );
}
