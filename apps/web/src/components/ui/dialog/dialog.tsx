import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
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
  /**
   * Where focus returns on close. By default, the element that had focus when the dialog opened
   * (the button that opened it), if it is still in the page.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Buttons shown after the close button in the footer (a confirmation's action). */
  actions?: ReactNode;
  /** `narrow` for a short confirmation. */
  size?: 'wide' | 'narrow';
  children?: ReactNode;
}

/**
 * A modal dialog: focus trapped, Escape and both close buttons close it, titled and described;
 * on close, focus goes back where it was.
 */
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
  // Radix returns focus only to its own Trigger: our dialogs open from state, so the opener is
  // remembered here, before the dialog takes focus (its focus scope mounts in a later effect).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={[styles.content, size === 'narrow' && styles.narrow].filter(Boolean).join(' ')}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current ?? opener.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
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
          {children !== undefined && (
            // A long text scrolls here: a keyboard must reach it to scroll it.
            <div className={styles.body} role="region" aria-label={title} tabIndex={0}>
              {children}
            </div>
          )}
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
