import { useTranslation } from 'react-i18next';
import { LoginForm } from '../components/login-form';
import { LoginPage } from '../components/login-page';
import { ProviderSignIn } from '../components/provider-sign-in';
import { useSignInErrorFromUrl } from '../hooks/use-sign-in-error-from-url';

/** /trainer/login: the trainer interface's own login, its own session. */
export default function TrainerLoginScreen() {
  const { t } = useTranslation(['auth', 'screens']);
  const signInError = useSignInErrorFromUrl();
  return (
    <LoginPage
      title={t('screens:trainerLogin.title')}
      eyebrow={t('auth:trainerLogin.eyebrow')}
      intro={t('auth:trainerLogin.intro')}
      switchTo={{ path: '/login', label: t('auth:login.toPlayer') }}
    >
      <LoginForm side="trainer" earlierError={signInError} />
      <ProviderSignIn side="trainer" />
    </LoginPage>
  );
}
