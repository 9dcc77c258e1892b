import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './game-tabs.module.css';
import { UnreadBadge } from '../../../components/ui/unread-badge/unread-badge';

export interface GameTab {
  id: string;
  label: string;
  content: ReactNode;
  /** Something waiting in the tab (unread messages): shown beside its name, and said. */
  badge?: { count: number; label: string } | undefined;
}

/**
 * Tabs with the WAI-ARIA pattern: one tab stop, arrow keys move between tabs, Home and End jump,
 * the active panel is labelled by its tab. `fill`: the group takes its pane's height and the
 * panel scrolls under the tabs.
 */
export function GameTabs({
  label,
  tabs,
  active,
  onChange,
  fill = false,
}: {
  label: string;
  tabs: readonly GameTab[];
  active: string;
  onChange: (id: string) => void;
  fill?: boolean;
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === active),
  );
  const move = (next: number) => {
    const target = (next + tabs.length) % tabs.length;
    onChange(tabs[target]!.id);
    buttons.current[target]?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      Home: () => move(0),
      End: () => move(tabs.length - 1),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const current = tabs[index]!;
  return (
    <div className={[styles.tabs, fill && styles.fill].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={handleKeyDown}>
        {tabs.map((tab, position) => (
          <button
            key={tab.id}
            ref={(node) => {
              buttons.current[position] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            data-tab={tab.id}
            aria-selected={tab.id === current.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab.id === current.id ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
            {tab.badge && <UnreadBadge count={tab.badge.count} label={tab.badge.label} />}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${current.id}`}
        tabIndex={0}
        className={styles.panel}
      >
        {current.content}
      </div>
    </div>
  );
}
