import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button/button';
import { Dialog } from '../../../../components/ui/dialog/dialog';
import { errorMessage } from '../../../../lib/error-message';

interface LogoutEverywhereDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
}

/** "Log out everywhere" ends this session too: asked once more before it happens. */
export function LogoutEverywhereDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
  error,
}: LogoutEverywhereDialogProps) {
  const { t } = useTranslation(['profile', 'errors']);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="narrow"
      title={t('security.dialog.title')}
      description={t('security.dialog.description')}
      closeLabel={t('security.dialog.close')}
      closeText={t('security.dialog.cancel')}
      actions={
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? t('security.dialog.confirming') : t('security.dialog.confirm')}
        </Button>
      }
    >
      {error ? <p role="alert">{errorMessage(t, error)}</p> : undefined}
    </Dialog>
  );
}
