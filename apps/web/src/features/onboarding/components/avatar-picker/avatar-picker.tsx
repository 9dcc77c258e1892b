import type { AvatarBonus, AvatarId } from '@rampart/contracts';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarImage } from '../../../../components/avatar-image/avatar-image';
import { describeAvatarBonus } from '../../avatars/describe-avatar-bonus';
import styles from './avatar-picker.module.css';

export interface AvatarChoice {
  id: AvatarId;
  bonus: AvatarBonus;
}

interface AvatarPickerProps {
  avatars: readonly AvatarChoice[];
  /** The avatar checked in the group (not yet saved). */
  value: AvatarId | null;
  onChange: (id: AvatarId) => void;
  /** Id of the element that names the group. */
  labelledBy: string;
  /** The avatar the player has now, marked "Current". */
  currentId?: AvatarId | null;
  /** `compact` fits the profile's column; `large` fills the onboarding stage. */
  density?: 'large' | 'compact';
  disabled?: boolean;
}

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * The avatar catalogue as one radio group (WAI-ARIA radio group pattern): Tab enters on the checked
 * avatar, arrows move and check, Home and End jump to the ends. Each card shows the avatar, its
 * name and what its bonus does.
 */
export function AvatarPicker({
  avatars,
  value,
  onChange,
  labelledBy,
  currentId = null,
  density = 'large',
  disabled = false,
}: AvatarPickerProps) {
  const { t } = useTranslation('onboarding');
  const radios = useRef<(HTMLButtonElement | null)[]>([]);
  const checkedIndex = avatars.findIndex((avatar) => avatar.id === value);
  const tabbableIndex = checkedIndex === -1 ? 0 : checkedIndex;

  const moveTo = (index: number) => {
    const target = avatars[(index + avatars.length) % avatars.length];
    if (!target) return;
    onChange(target.id);
    radios.current[avatars.indexOf(target)]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (disabled) return;
    if (NEXT_KEYS.has(event.key)) moveTo(index + 1);
    else if (PREVIOUS_KEYS.has(event.key)) moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(avatars.length - 1);
    else return;
    event.preventDefault();
  };

  const imageSize = density === 'large' ? 88 : 64;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-disabled={disabled || undefined}
      className={[styles.group, styles[density]].join(' ')}
    >
      {avatars.map((avatar, index) => {
        const checked = avatar.id === value;
        const isCurrent = avatar.id === currentId;
        return (
          <button
            key={avatar.id}
            ref={(element) => {
              radios.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            // Named by its content, all it shows (name, bonus, "current"): a voice command
            // that reads the card reaches it.
            tabIndex={index === tabbableIndex ? 0 : -1}
            disabled={disabled}
            className={styles.card}
            data-avatar={avatar.id}
            onClick={() => onChange(avatar.id)}
            onKeyDown={(event) => handleKeyDown(event, index)}
          >
            <span className={styles.check} aria-hidden="true">
              <svg viewBox="0 0 16 16" width="12" height="12">
                <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.2" />
              </svg>
            </span>
            <AvatarImage id={avatar.id} size={imageSize} className={styles.image} />
            <span className={styles.name}>{t(`avatars.${avatar.id}.name`)}</span>
            <span className={avatar.bonus.kind === 'none' ? styles.noBonus : styles.bonus}>
              {describeAvatarBonus(t, avatar.bonus)}
            </span>
            {isCurrent && <span className={styles.current}>{t('picker.current')}</span>}
          </button>
        );
      })}
    </div>
  );
}
