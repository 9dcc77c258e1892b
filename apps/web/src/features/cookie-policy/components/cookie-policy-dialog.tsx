import { cookiePolicy } from '@rampart/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog';
import type { DeploymentFeatures } from '../deployment-features';
import { CookiePolicyTable } from './cookie-policy-table';

export interface CookiePolicyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  appName: string;
  features: DeploymentFeatures;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The cookie policy modal. Loaded on first use: Radix stays out of the initial bundle. */
export default function CookiePolicyDialog({
  open,
  onOpenChange,
  appName,
  features,
  returnFocusTo,
}: CookiePolicyDialogProps) {
  const { t } = useTranslation(['cookies', 'common']);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('policy.title')}
      description={t('policy.description')}
      closeLabel={t('policy.close')}
      closeText={t('common:actions.close')}
      {...(returnFocusTo ? { returnFocusTo } : {})}
    >
      <CookiePolicyTable
        cookies={cookiePolicy}
        features={features}
        caption={t('policy.caption', { appName })}
      />
    </Dialog>
  );
}
