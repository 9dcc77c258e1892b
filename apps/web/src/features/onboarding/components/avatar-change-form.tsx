import type { AvatarId } from '@rampart/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth';
import { useAvatars } from '../api/get-avatars';
import { useChooseAvatar } from '../api/put-avatar';
import { AvatarCatalogueError, AvatarCatalogueLoading } from './avatar-catalogue-state';
import styles from './avatar-change-form.module.css';
import { AvatarPicker } from './avatar-picker/avatar-picker';

/**
 * The onboarding's picker with a save button, to change one's avatar later (profile, lobby).
 * The default export of a lazy chunk: index.ts exports it as `AvatarChangeForm`.
 */
export default function AvatarChangeForm({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const player = useCurrentUser();
  const avatars = useAvatars();
  const chooseAvatar = useChooseAvatar();
  const [choice, setChoice] = useState<AvatarId | null>(null);
  const current = player?.avatarId ?? null;
  const selected = choice ?? current;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected || selected === current) return;
    chooseAvatar.mutate(selected, {
      onSuccess: ({ avatarId }) => {
        setChoice(null);
        if (avatarId) toast.success(t('change.saved', { name: t(`avatars.${avatarId}.name`) }));
      },
    });
  };

  if (avatars.isError) {
    return <AvatarCatalogueError error={avatars.error} onRetry={() => void avatars.refetch()} />;
  }
  if (avatars.isPending || !player) return <AvatarCatalogueLoading />;
  return (
    <form className={styles.form} onSubmit={handleSubmit}>
      <AvatarPicker
        avatars={avatars.data}
        value={selected}
        onChange={setChoice}
        labelledBy={labelledBy}
        currentId={current}
        density="compact"
        disabled={chooseAvatar.isPending}
      />
      {chooseAvatar.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(t, chooseAvatar.error)}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          disabled={!selected || selected === current || chooseAvatar.isPending}
        >
          {chooseAvatar.isPending ? t('confirming') : t('change.save')}
        </Button>
      </div>
    </form>
  );
}
