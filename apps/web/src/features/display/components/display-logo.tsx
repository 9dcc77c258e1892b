import styles from './display.module.css';

/** A team's logo on the wall, or its initials on a tinted square when it has none. */
export function DisplayLogo({ name, url }: { name: string; url: string | null }) {
  const initials = [...name.trim()]
    .filter((c) => /\p{L}|\p{N}/u.test(c))
    .slice(0, 2)
    .join('');
  return url ? (
    <img className={styles.logo} src={url} alt="" />
  ) : (
    <span className={`${styles.logo} ${styles.initials}`} aria-hidden="true">
      {initials.toUpperCase() || '?'}
    </span>
  );
}
