import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';

/**
 * Asks before leaving the editor with unsaved changes: inside the app with a dialog, when the
 * tab closes or reloads with the browser's own question. `allow` lets one navigation through
 * (the one after a first save, which moves to the chapter's address).
 */
export function LeaveGuard({ dirty, allow }: { dirty: boolean; allow: RefObject<boolean> }) {
  const { t } = useTranslation('contentAuthoring');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allow.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('editor.leaveTitle')}
      description={t('editor.leaveDescription')}
      closeLabel={t('editor.closeLabel')}
      closeText={t('editor.stay')}
      size="narrow"
      actions={
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          {t('editor.leave')}
        </Button>
      }
    />
  );
}
