import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/icons/brand-mark';
import { useLocalizedPath } from '../../../features/locale';
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
    <Link to={localize(home)} className={styles.brand} aria-label={t('a11y.homeLink', { appName })}>
      <BrandMark />
      <span className={styles.text}>
        <span className={styles.name}>{appName}</span>
        {showTagline && <span className={styles.tagline}>{t('app.tagline')}</span>}
      </span>
    </Link>
  );
}
