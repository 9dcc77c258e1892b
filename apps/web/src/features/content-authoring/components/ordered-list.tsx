import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import styles from './editor.module.css';

/**
 * Missions or objectives in order: pick one to edit, move it, remove it, add one. After a move
 * the focus follows the moved item (its same arrow, or its name at an end of the list), so the
 * keyboard can move it again.
 */
export function OrderedList({
  heading,
  names,
  keys,
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
  /** Stable keys of the items (their uuids). */
  keys: readonly string[];
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
  const list = useRef<HTMLOListElement>(null);
  // Where the focus goes once the moved item is drawn at its new place.
  const moving = useRef<{ key: string; by: -1 | 1 } | null>(null);
  useEffect(() => {
    const target = moving.current;
    if (!target || !list.current) return;
    moving.current = null;
    const item = list.current.querySelector<HTMLElement>(`[data-key="${target.key}"]`);
    const arrow = item?.querySelector<HTMLButtonElement>(`[data-move="${target.by}"]`);
    (arrow && !arrow.disabled ? arrow : item?.querySelector<HTMLButtonElement>('button'))?.focus();
  });
  const move = (index: number, by: -1 | 1) => {
    moving.current = { key: keys[index]!, by };
    onMove(index, by);
  };
  return (
    <section className={styles.listPanel} aria-label={heading}>
      <h3 className={styles.listHeading}>{heading}</h3>
      <ol className={styles.items} ref={list}>
        {names.map((name, index) => (
          <li
            key={keys[index]}
            data-key={keys[index]}
            className={styles.item}
            data-selected={index === selected}
          >
            <button
              type="button"
              className={styles.itemName}
              aria-current={index === selected ? 'true' : undefined}
              data-invalid={invalid.has(index)}
              onClick={() => onSelect(index)}
            >
              <span aria-hidden="true">{index + 1}.</span> {name}
            </button>
            <span className={styles.itemActions}>
              <Button
                variant="ghost"
                aria-label={t('list_actions.up', { name })}
                data-move="-1"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                aria-label={t('list_actions.down', { name })}
                data-move="1"
                disabled={index === names.length - 1}
                onClick={() => move(index, 1)}
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
