import type { ReactNode } from 'react';
import styles from './panel.module.css';

export { styles as panelStyles };

/**
 * A framed section with its heading (`id` names it for assistive technologies) and, beside the
 * heading, what acts on the whole panel.
 */
export function Panel({
  id,
  title,
  actions,
  children,
  testId,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.panel} aria-labelledby={id} data-testid={testId}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
