import type { ReactNode } from 'react';
import styles from './home-section.module.css';

interface HomeSectionProps {
  /** Also the anchor (`/home#chapters` from the main navigation). */
  id: string;
  title: string;
  description?: string;
  /** At the right of the title: a link to more. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One part of home, a landmark named by its title. */
export function HomeSection({
  id,
  title,
  description,
  aside,
  className,
  children,
}: HomeSectionProps) {
  const titleId = `home-${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={[styles.section, className].filter(Boolean).join(' ')}
    >
      <div className={styles.header}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
