import { TeamLogo } from '../../sessions';
import styles from './team-banner-animation.module.css';

/**
 * The team's banner is raised: a pole rises, the banner unfurls and the team's logo appears on
 * it. Decorative; about 2.5 seconds of CSS animation.
 */
export function TeamBannerAnimation({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  return (
    <div className={styles.scene} aria-hidden="true">
      <svg className={styles.frame} viewBox="0 0 200 200" focusable="false">
        <path
          className={styles.ground}
          d="M20 184h160"
          stroke="var(--color-border-strong)"
          strokeWidth="2"
        />
        <path
          className={styles.pole}
          d="M52 184V20"
          stroke="var(--color-accent)"
          strokeWidth="4"
          pathLength={1}
        />
        <path
          className={styles.banner}
          d="M54 26h110l-18 32 18 32H54Z"
          fill="var(--color-accent-soft-strong)"
          stroke="var(--color-accent)"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <div className={styles.logo}>
        <TeamLogo name={name} url={logoUrl} size={52} />
      </div>
    </div>
  );
}
