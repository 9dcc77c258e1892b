import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import formStyles from '../../../components/ui/form/form.module.css';
import { SectionError, SectionLoading } from '../../../components/ui/section-state/section-state';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import {
  useLinkPlayerIdentity,
  usePlayerIdentity,
  useUnlinkPlayerIdentity,
} from '../api/player-identity';
import type { TrainerPlayer } from './player-dialogs';
import styles from './players.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  player: TrainerPlayer;
  /** The provider's name as the login pages show it ("School account"). */
  providerLabel: string;
}

/**
 * A player's link to the organisation's identity provider: whom the provider's sign-in opens
 * this account for. Linked by the provider's subject, never the e-mail, which can change hands.
 */
export function PlayerIdentityDialog({ player, providerLabel, ...state }: Props) {
  const { t } = useTranslation(['players', 'errors']);
  const formId = useId();
  const identity = usePlayerIdentity(player.uuid);
  const link = useLinkPlayerIdentity(player.uuid);
  const unlink = useUnlinkPlayerIdentity(player.uuid);
  const linked = identity.data?.identity ?? null;
  const failure = link.error ?? unlink.error;
  const taken = isApiError(link.error) && link.error.code === 'auth.identity_taken';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const subject = String(new FormData(form).get('subject') ?? '').trim();
    unlink.reset();
    link.mutate(subject, {
      onSuccess: () => {
        form.reset();
        toast.success(t('identity.linked', { username: player.username }));
      },
    });
  };
  const handleUnlink = () => {
    link.reset();
    unlink.mutate(undefined, {
      onSuccess: () => toast.success(t('identity.unlinked', { username: player.username })),
    });
  };

  const status = () => {
    if (identity.isPending) return <SectionLoading lines={2} />;
    if (identity.isError)
      return <SectionError error={identity.error} onRetry={() => void identity.refetch()} />;
    if (!linked) return <p className={styles.muted}>{t('identity.notLinked')}</p>;
    return (
      <dl>
        <dt>{t('identity.issuer')}</dt>
        <dd>{linked.issuer}</dd>
        <dt>{t('identity.subject')}</dt>
        <dd>{linked.subject}</dd>
      </dl>
    );
  };

  return (
    <Dialog
      {...state}
      size="narrow"
      title={t('identity.title', { username: player.username })}
      description={t('identity.description', { label: providerLabel })}
      closeLabel={t('closeLabel')}
      closeText={t('close')}
      actions={
        <>
          {linked && (
            <Button variant="danger" disabled={unlink.isPending} onClick={handleUnlink}>
              {unlink.isPending ? t('identity.unlinking') : t('identity.unlink')}
            </Button>
          )}
          <Button type="submit" form={formId} disabled={link.isPending || !identity.isSuccess}>
            {link.isPending
              ? t('identity.linking')
              : linked
                ? t('identity.relink')
                : t('identity.link')}
          </Button>
        </>
      }
    >
      <section className={styles.identity} aria-live="polite" aria-busy={identity.isPending}>
        {status()}
      </section>
      <form id={formId} className={formStyles.form} onSubmit={submit}>
        <div className={formStyles.field}>
          <label htmlFor={`${formId}-subject`} className={formStyles.label}>
            {t('identity.subjectField', { label: providerLabel })}
          </label>
          <input
            id={`${formId}-subject`}
            name="subject"
            className={formStyles.input}
            required
            maxLength={255}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${formId}-subject-hint`}
            aria-invalid={taken || undefined}
          />
          <p id={`${formId}-subject-hint`} className={formStyles.hint}>
            {t('identity.subjectHint')}
          </p>
        </div>
        {failure && (
          <p className={formStyles.formError} role="alert">
            {taken ? t('identity.taken') : errorMessage(t, failure)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
