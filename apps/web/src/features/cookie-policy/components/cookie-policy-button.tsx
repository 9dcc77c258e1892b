import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultDeploymentFeatures, type DeploymentFeatures } from '../deployment-features';

const loadDialog = () => import('./cookie-policy-dialog');
const CookiePolicyDialog = lazy(loadDialog);

interface CookiePolicyButtonProps {
  appName: string;
  features?: DeploymentFeatures;
  className?: string;
}

/** The footer's "Cookie policy" button and the modal it opens. */
export function CookiePolicyButton({
  appName,
  features = defaultDeploymentFeatures,
  className,
}: CookiePolicyButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog();

  const handleOpen = () => {
    setRequested(true);
    setOpen(true);
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={handleOpen}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {t('footer.cookiePolicy')}
      </button>
      {requested && (
        <Suspense fallback={null}>
          <CookiePolicyDialog
            open={open}
            onOpenChange={setOpen}
            appName={appName}
            features={features}
            returnFocusTo={triggerRef}
          />
        </Suspense>
      )}
    </>
  );
}
