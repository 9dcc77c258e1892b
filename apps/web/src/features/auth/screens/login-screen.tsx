import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SIGN_OUT_REASON_PARAM } from '../auth-client';
import { LoginForm } from '../components/login-form';
import { LoginNotice } from '../components/login-notice';
import { LoginPage } from '../components/login-page';
import { ProviderSignIn } from '../components/provider-sign-in';
import { useSignInErrorFromUrl } from '../hooks/use-sign-in-error-from-url';
import { useMagicLinkFromUrl } from '../hooks/use-magic-link-from-url';
import { DEFAULT_INACTIVITY_MINUTES } from '../inactivity/inactivity-config';

/** `/login`: a player logs in with a username and password, or a trainer's link. */
export default function LoginScreen() {
  const { t } = useTranslation(['auth', 'screens']);
  const [params] = useSearchParams();
  const magic = useMagicLinkFromUrl();
  const signInError = useSignInErrorFromUrl();
  const reason = params.get(SIGN_OUT_REASON_PARAM);
  const idle = reason === 'inactivity' || reason === 'session_expired';
  return (
    <LoginPage
      title={t('screens:login.title')}
      eyebrow={t('auth:login.eyebrow')}
      intro={t('auth:login.intro')}
      switchTo={{ path: '/trainer/login', label: t('auth:login.toTrainer') }}
    >
      {idle && (
        <LoginNotice>
          {t('auth:login.inactivity', { count: DEFAULT_INACTIVITY_MINUTES })}
        </LoginNotice>
      )}
      {magic.isPending && <LoginNotice>{t('auth:login.magicChecking')}</LoginNotice>}
      <LoginForm side="player" earlierError={magic.error ?? signInError} />
      <ProviderSignIn side="player" />
    </LoginPage>
  );
}
