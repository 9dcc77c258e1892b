import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { DEFAULT_TOAST_DURATION_MS } from '../lib/toast';

/**
 * Where `lib/toast` messages appear: top right, below the header, so a toast never covers the
 * account menu or the language switcher; on the game screen, below its status bar and banners
 * (`useToastsBelow`), so it never covers the timer, the modals' buttons or a speedrun's value.
 */
const BELOW_HEADER = 'var(--toasts-top, calc(var(--header-height, 4rem) + 0.75rem))';
export default function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      theme="dark"
      position="top-right"
      offset={{ top: BELOW_HEADER, right: '1rem' }}
      mobileOffset={{ top: BELOW_HEADER, right: '0.5rem', left: '0.5rem' }}
      richColors
      closeButton
      duration={DEFAULT_TOAST_DURATION_MS}
      containerAriaLabel={t('toasts.regionLabel')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
