import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/app-info';
import { TrainerShell } from './trainer-shell';
import { panelStyles } from '../../../components/ui/panel/panel';
import styles from './trainer-screen.module.css';

/** A trainer screen: its title (the document's too), actions beside it, in the console's frame. */
export function TrainerScreen({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <TrainerShell>
      <section className={styles.screen} aria-labelledby="trainer-screen-title">
        <div className={panelStyles.head}>
          <h1 id="trainer-screen-title" className={styles.title}>
            {title}
          </h1>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
        {children}
      </section>
    </TrainerShell>
  );
}
