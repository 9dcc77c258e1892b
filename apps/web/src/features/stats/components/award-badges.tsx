import type { Award, AwardKind } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './award-badges.module.css';

/** A shape per award, so that they differ by more than their colour. Decorative. */
const icons: Record<AwardKind, string> = {
  // A crown.
  winner: 'M3 18h18l1-11-5.5 4L12 4 7.5 11 2 7Z',
  // A star.
  perfect_run: 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9Z',
  // A shield with a tick.
  all_solved:
    'M12 2.5 4 5.5v6c0 4.6 3.3 8.4 8 10 4.7-1.6 8-5.4 8-10v-6Zm-1.2 13.3-4-4 1.4-1.4 2.6 2.6 5.4-5.4 1.4 1.4Z',
  // A drop.
  first_blood: 'M12 2.5C8.5 7.6 6 11 6 14.5a6 6 0 0 0 12 0C18 11 15.5 7.6 12 2.5Z',
  // A stopwatch.
  speedrun:
    'M10 1.5h4v2h-4Zm2 3a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm1 9.2-3.6 2.1-1-1.7 2.6-1.5V8h2Z',
};

function AwardIcon({ kind }: { kind: AwardKind }) {
  return (
    <svg
      className={styles.icon}
      data-kind={kind}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path d={icons[kind]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

/**
 * The badges a team earned in a session: an icon and a written label each,
 * with how many times when more than once. `compact` keeps the icon and the count in sight
 * and the label for assistive technologies and the pointer's tooltip, in dense tables: always,
 * or only on a narrow screen.
 */
export function AwardBadges({
  awards,
  compact = 'never',
}: {
  awards: Award[];
  compact?: 'never' | 'narrow' | 'always';
}) {
  const { t } = useTranslation('debrief');
  if (awards.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={t('awards.label')} data-compact={compact}>
      {awards.map((award) => {
        const label = t(`awards.kinds.${award.kind}`);
        const count = award.count > 1 ? t('awards.count', { count: award.count }) : null;
        return (
          <li
            key={award.kind}
            className={styles.badge}
            data-kind={award.kind}
            title={compact === 'never' ? undefined : [label, count].filter(Boolean).join(' ')}
          >
            <AwardIcon kind={award.kind} />
            <span className={styles.label}>{label}</span>
            {count && <span className={styles.count}>{count}</span>}
          </li>
        );
      })}
    </ul>
  );
}
