import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button';
import { Dialog } from '../dialog/dialog';
import form from '../form/form.module.css';

/**
 * A trainer's action to confirm: what it does (and whether it can be undone) in the description,
 * the fields it needs as children. A refusal is shown inside the dialog, which stays open with
 * what was typed, so the trainer can fix it or cancel.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmText,
  onConfirm,
  pending = false,
  danger = false,
  error,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmText: string;
  onConfirm: () => void;
  pending?: boolean;
  danger?: boolean;
  /** The translated refusal of the last try, if any. */
  error?: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation('trainer');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closeLabel={t('dialog.close')}
      closeText={t('dialog.cancel')}
      size="narrow"
      actions={
        <Button
          variant={danger ? 'danger' : 'primary'}
          disabled={pending}
          onClick={onConfirm}
          data-testid="confirm-action"
        >
          {confirmText}
        </Button>
      }
    >
      {children}
      {error && (
        <p className={form.formError} role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
