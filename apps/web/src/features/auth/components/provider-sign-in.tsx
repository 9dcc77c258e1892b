import { OIDC_START_PATH } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { REDIRECT_PARAM } from '../auth-client';
import { buttonClassName } from '../../../components/ui/button/button';
import { useAppInfo } from '../../../lib/app-info';
import type { AuthSide } from '../app-auth';
import styles from './provider-sign-in.module.css';

const startHref = (side: AuthSide, redirect: string | null) => {
  const query = new URLSearchParams({ interface: side });
  // Where the guard was taking the visitor: the server goes there once they are signed in.
  if (redirect) query.set('redirect', redirect);
  return `${OIDC_START_PATH}?${query.toString()}`;
};

/**
 * "Sign in with <label>": shown only when the deployment has an identity provider (and, on the
 * trainer side, a role claim that makes trainers). A plain link, not a fetch: the browser itself
 * goes to the provider and comes back.
 */
export function ProviderSignIn({ side }: { side: AuthSide }) {
  const { t } = useTranslation('auth');
  const { signInProvider } = useAppInfo();
  const [params] = useSearchParams();
  if (!signInProvider || (side === 'trainer' && !signInProvider.trainers)) return null;
  return (
    <div className={styles.provider}>
      <p className={styles.or}>
        <span>{t('provider.or')}</span>
      </p>
      <a
        className={buttonClassName('secondary', styles.button)}
        href={startHref(side, safeRedirectPath(params.get(REDIRECT_PARAM)))}
      >
        {t('provider.signInWith', { label: signInProvider.label })}
      </a>
    </div>
  );
}
