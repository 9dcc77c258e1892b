import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './cockpit.module.css';

/** The cockpit's panels still fed by the server's cockpit read model (see the screen). */
export type CockpitSlotName = 'grid' | 'feed' | 'adjust' | 'audit';

/**
 * One panel of the cockpit with its heading: its content when given, else a plain empty state.
 * The grid, the submissions feed, score adjustments and the audit list plug in here.
 */
export function CockpitSlot({ name, children }: { name: CockpitSlotName; children?: ReactNode }) {
  const { t } = useTranslation('trainer');
  const id = `cockpit-${name}`;
  return (
    <section className={styles.panel} aria-labelledby={id} data-slot={name}>
      <h2 id={id} className={styles.panelTitle}>
        {t(`slots.${name}.title`)}
      </h2>
      {children ?? <p className={styles.muted}>{t(`slots.${name}.empty`)}</p>}
    </section>
  );
}
