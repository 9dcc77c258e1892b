import styles from './team-logo.module.css';

/**
 * A team's logo, or its initials on a tinted square when it has none. The name is text, never
 * markup: React escapes it, and the logo is an <img> of a PNG the server re-encoded.
 */
export function TeamLogo({
  name,
  url,
  size = 48,
}: {
  name: string;
  url: string | null;
  size?: number;
}) {
  const initials = [...name.trim()]
    .filter((c) => /\p{L}|\p{N}/u.test(c))
    .slice(0, 2)
    .join('');
  return url ? (
    <img className={styles.logo} src={url} alt="" width={size} height={size} />
  ) : (
    <span className={styles.initials} style={{ width: size, height: size }} aria-hidden="true">
      {initials.toUpperCase() || '?'}
    </span>
  );
}
