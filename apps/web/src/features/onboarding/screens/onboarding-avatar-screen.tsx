import type { AvatarId } from '@rampart/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useDocumentTitle } from '../../../lib/app-info';
import { REDIRECT_PARAM, useCurrentUser } from '../../auth';
import { useLocalizedPath } from '../../../lib/locale';
import { useAvatars } from '../api/get-avatars';
import { useChooseAvatar } from '../api/put-avatar';
import { AvatarCatalogueError, AvatarCatalogueLoading } from '../components/avatar-catalogue-state';
import { AvatarPicker } from '../components/avatar-picker/avatar-picker';
import { AvatarStage } from '../components/avatar-stage';
import styles from './onboarding-avatar-screen.module.css';
import { Eyebrow } from '../../../components/ui/eyebrow/eyebrow';

/** `/onboarding/avatar`: a player without an avatar picks one before reaching home. */
export default function OnboardingAvatarScreen() {
  const { t } = useTranslation(['onboarding', 'screens', 'errors']);
  const title = t('screens:onboardingAvatar.title');
  useDocumentTitle(title);
  const pickerLabelId = useId();
  const avatars = useAvatars();
  const player = useCurrentUser();
  const chooseAvatar = useChooseAvatar();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const localize = useLocalizedPath();
  const [choice, setChoice] = useState<AvatarId | null>(null);
  // Until the player picks, a returning player sees the avatar they already have.
  const selected = choice ?? player?.avatarId ?? null;
  const selectedBonus = avatars.data?.find((avatar) => avatar.id === selected)?.bonus ?? null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected) return;
    chooseAvatar.mutate(selected, {
      onSuccess: () => {
        const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? localize('/home');
        void navigate(target, { replace: true });
      },
    });
  };

  return (
    <div className={styles.screen}>
      <div className={styles.intro}>
        <Eyebrow>{t('eyebrow')}</Eyebrow>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{t('intro')}</p>
        <AvatarStage id={selected} bonus={selectedBonus} />
      </div>

      <form className={styles.panel} onSubmit={handleSubmit} aria-busy={chooseAvatar.isPending}>
        <h2 id={pickerLabelId} className={styles.panelTitle}>
          {t('picker.label')}
        </h2>
        {avatars.isPending ? (
          <AvatarCatalogueLoading />
        ) : avatars.isError ? (
          <AvatarCatalogueError error={avatars.error} onRetry={() => void avatars.refetch()} />
        ) : (
          <AvatarPicker
            avatars={avatars.data}
            value={selected}
            onChange={setChoice}
            labelledBy={pickerLabelId}
            currentId={player?.avatarId ?? null}
            disabled={chooseAvatar.isPending}
          />
        )}
        <div className={styles.actions}>
          {chooseAvatar.isError && (
            <p className={styles.error} role="alert">
              {errorMessage(t, chooseAvatar.error)}
            </p>
          )}
          <p className={styles.hint}>{t('changeLater')}</p>
          <Button
            type="submit"
            className={styles.submit}
            disabled={!selected || !avatars.isSuccess || chooseAvatar.isPending}
          >
            {chooseAvatar.isPending ? t('confirming') : t('confirm')}
          </Button>
        </div>
      </form>
    </div>
  );
}
