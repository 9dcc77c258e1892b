import styles from './podium-animation.module.css';

/**
 * The end of a session: a podium rises step by step and a star lights up on its top. Decorative;
 * about 2 seconds of CSS animation, in the style of the other transitions (team-banner-animation).
 */
export function PodiumAnimation() {
  return (
    <div className={styles.scene} aria-hidden="true">
      <svg className={styles.frame} viewBox="0 0 200 200" focusable="false">
        <path d="M20 184h160" stroke="var(--color-border-strong)" strokeWidth="2" />
        <rect
          className={`${styles.step} ${styles.second}`}
          x="34"
          y="120"
          width="44"
          height="64"
          rx="3"
          fill="var(--color-surface-raised)"
          stroke="var(--color-border-strong)"
          strokeWidth="2"
        />
        <rect
          className={`${styles.step} ${styles.first}`}
          x="78"
          y="92"
          width="44"
          height="92"
          rx="3"
          fill="var(--color-accent-soft-strong)"
          stroke="var(--color-accent)"
          strokeWidth="2"
        />
        <rect
          className={`${styles.step} ${styles.third}`}
          x="122"
          y="138"
          width="44"
          height="46"
          rx="3"
          fill="var(--color-surface-raised)"
          stroke="var(--color-border-strong)"
          strokeWidth="2"
        />
        <path
          className={styles.star}
          d="M100 40l7.6 15.4 17 2.5-12.3 12 2.9 16.9L100 78.8l-15.2 8 2.9-16.9-12.3-12 17-2.5Z"
          fill="var(--color-accent)"
        />
      </svg>
    </div>
  );
}
