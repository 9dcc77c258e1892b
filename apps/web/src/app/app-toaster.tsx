import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { DEFAULT_TOAST_DURATION_MS } from '../lib/toast';

/** Where `lib/toast` messages appear. */
export default function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      theme="dark"
      position="top-right"
      richColors
      closeButton
      duration={DEFAULT_TOAST_DURATION_MS}
      containerAriaLabel={t('toasts.regionLabel')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
