import styles from './gate-animation.module.css';

/**
 * Rampart's shield draws itself, its wall rises and the gate opens: the way into the game
 * after logging in. Decorative; about 2.5 seconds of CSS animation.
 */
export function GateAnimation() {
  return (
    <svg className={styles.gate} viewBox="0 0 200 220" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="gate-light" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--color-accent)" stopOpacity="0.55" />
          <stop offset="1" stopColor="var(--color-accent)" stopOpacity="0" />
        </linearGradient>
        <clipPath id="gate-opening">
          <rect x="86" y="108" width="28" height="32" />
        </clipPath>
      </defs>
      <path className={styles.light} d="M86 140h28l40 80H46Z" fill="url(#gate-light)" />
      <path
        className={styles.shield}
        d="M100 12 28 40v54c0 45 30 77 72 90 42-13 72-45 72-90V40L100 12Z"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="3"
        strokeLinejoin="round"
        pathLength={1}
      />
      <path
        className={styles.wall}
        d="M62 70h14v12h14V70h20v12h14V70h14v70H62Z"
        fill="var(--color-accent)"
      />
      <rect className={styles.opening} x="86" y="108" width="28" height="32" />
      <g clipPath="url(#gate-opening)">
        <rect
          className={styles.doorLeft}
          x="86"
          y="108"
          width="14"
          height="32"
          fill="var(--color-accent-hover)"
        />
        <rect
          className={styles.doorRight}
          x="100"
          y="108"
          width="14"
          height="32"
          fill="var(--color-accent-hover)"
        />
      </g>
      <path className={styles.scan} d="M30 0h140" stroke="var(--color-accent)" strokeWidth="1.5" />
    </svg>
  );
}
