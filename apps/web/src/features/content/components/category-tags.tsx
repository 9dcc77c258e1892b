import type { ObjectiveCategory } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import styles from './category-tags.module.css';

/** The objective categories as small tags, named for assistive technology by `label`. */
export function CategoryTags({
  categories,
  label,
}: {
  categories: readonly ObjectiveCategory[];
  label: string;
}) {
  const { t } = useTranslation('content');
  if (categories.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={label}>
      {categories.map((category) => (
        <li key={category} className={styles.tag} data-category={category}>
          {t(`categories.${category}`)}
        </li>
      ))}
    </ul>
  );
}
