import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/icons/brand-mark';
import { useLocalizedPath } from '../../../lib/locale';
import styles from './brand-link.module.css';

export function BrandLink({
  appName,
  showTagline = false,
  home = '/',
}: {
  appName: string;
  showTagline?: boolean;
  /** Where the brand leads: the trainer console's dashboard on its screens. */
  home?: string;
}) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    // Named by what it shows, then where it leads: a voice command saying the name reaches it.
    <Link to={localize(home)} className={styles.brand}>
      <BrandMark />
      <span className={styles.text}>
        <span className={styles.name}>{appName}</span>
        {showTagline && <span className={styles.tagline}>{t('app.tagline')}</span>}
      </span>
      <span className="visually-hidden">{t('a11y.homeLinkDestination')}</span>
    </Link>
  );
}
