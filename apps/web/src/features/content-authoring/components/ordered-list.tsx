import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import styles from './editor.module.css';

/**
 * Missions or objectives in order: pick one to edit, move it, remove it, add one. Moving keeps
 * the focus on the moved item's button, so the keyboard can move it again.
 */
export function OrderedList({
  heading,
  names,
  selected,
  invalid,
  onSelect,
  onMove,
  onRemove,
  onAdd,
  addLabel,
  minimum = 1,
}: {
  heading: string;
  names: readonly string[];
  selected: number;
  /** Items holding a problem the server found. */
  invalid: ReadonlySet<number>;
  onSelect: (index: number) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
  addLabel: string;
  minimum?: number;
}) {
  const { t } = useTranslation('contentAuthoring');
  return (
    <section className={styles.listPanel} aria-label={heading}>
      <h3 className={styles.listHeading}>{heading}</h3>
      <ol className={styles.items}>
        {names.map((name, index) => (
          <li key={index} className={styles.item} data-selected={index === selected}>
            <button
              type="button"
              className={styles.itemName}
              aria-current={index === selected ? 'true' : undefined}
              aria-label={t('list_actions.select', { name })}
              data-invalid={invalid.has(index)}
              onClick={() => onSelect(index)}
            >
              <span aria-hidden="true">{index + 1}.</span> {name}
            </button>
            <span className={styles.itemActions}>
              <Button
                variant="ghost"
                aria-label={t('list_actions.up', { name })}
                disabled={index === 0}
                onClick={() => onMove(index, -1)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                aria-label={t('list_actions.down', { name })}
                disabled={index === names.length - 1}
                onClick={() => onMove(index, 1)}
              >
                ↓
              </Button>
              <Button
                variant="ghost"
                aria-label={t('list_actions.remove', { name })}
                disabled={names.length <= minimum}
                onClick={() => onRemove(index)}
              >
                ×
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={onAdd}>
        {addLabel}
      </Button>
    </section>
  );
}
