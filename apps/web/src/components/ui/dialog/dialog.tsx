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
  children: ReactNode;
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
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
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
          <div className={styles.body}>{children}</div>
          <footer className={styles.footer}>
            <RadixDialog.Close asChild>
              <Button variant="secondary">{closeText}</Button>
            </RadixDialog.Close>
          </footer>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
