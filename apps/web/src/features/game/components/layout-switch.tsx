import { useTranslation } from 'react-i18next';
import { gameLayouts, type GameLayout } from '../lib/game-storage';
import styles from './layout-switch.module.css';

/** Quarter (four panes, the default) or tabs (one group): the player's choice on a wide screen. */
export function LayoutSwitch({
  value,
  onChange,
}: {
  value: GameLayout;
  onChange: (layout: GameLayout) => void;
}) {
  const { t } = useTranslation('game');
  return (
    <div className={styles.switch} role="group" aria-label={t('layout.label')}>
      {gameLayouts.map((layout) => (
        <button
          key={layout}
          type="button"
          className={styles.option}
          aria-pressed={value === layout}
          onClick={() => onChange(layout)}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            {layout === 'quarter' ? (
              <path
                d="M1.5 1.5h5.5v5.5H1.5zM9 1.5h5.5v5.5H9zM1.5 9h5.5v5.5H1.5zM9 9h5.5v5.5H9z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.4"
              />
            ) : (
              <path
                d="M1.5 1.5h13v13h-13zM1.5 5h13M6 1.5V5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.4"
              />
            )}
          </svg>
          {t(`layout.${layout}`)}
        </button>
      ))}
    </div>
  );
}
