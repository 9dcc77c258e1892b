import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { Button } from '../button/button';
import { CloseIcon } from '../icons/close-icon';
import styles from './dialog.module.css';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Accessible name of the × button. */
  closeLabel: string;
  /** Text of the visible close button at the bottom. */
  closeText: string;
  /** Where focus returns on close when the opener is not a Radix trigger (a lazily loaded dialog). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Buttons shown after the close button in the footer (a confirmation's action). */
  actions?: ReactNode;
  /** `narrow` for a short confirmation. */
  size?: 'wide' | 'narrow';
  children?: ReactNode;
}

/** A modal dialog: focus trapped, Escape and both close buttons close it, titled and described. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  closeText,
  returnFocusTo,
  actions,
  size = 'wide',
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={[styles.content, size === 'narrow' && styles.narrow].filter(Boolean).join(' ')}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <header className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.iconClose} aria-label={closeLabel}>
              <CloseIcon />
            </RadixDialog.Close>
          </header>
          <RadixDialog.Description className={styles.description}>
            {description}
          </RadixDialog.Description>
          {children !== undefined && <div className={styles.body}>{children}</div>}
          <footer className={styles.footer}>
            <RadixDialog.Close asChild>
              <Button variant="secondary">{closeText}</Button>
            </RadixDialog.Close>
            {actions}
          </footer>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
