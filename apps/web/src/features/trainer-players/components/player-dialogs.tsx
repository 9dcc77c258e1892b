import {
  pickLocale,
  type Locale,
  type PlayerHandover,
  type getTrainerChapters,
  type getTrainerPlayers,
} from '@rampart/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button/button';
import { Dialog } from '../../../components/ui/dialog/dialog';
import formStyles from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useCreatePlayer,
  useIssueMagicLink,
  useResetPassword,
  useSetPlayerChapters,
} from '../api/players';
import { HandoverView } from './handover-view';
import styles from './players.module.css';

export type TrainerPlayer = z.infer<(typeof getTrainerPlayers.responses)[200]>['players'][number];
export type TrainerChapter = z.infer<
  (typeof getTrainerChapters.responses)[200]
>['chapters'][number];

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The field a server error names (`body.username` → `username`), for aria-invalid. */
const fieldOf = (error: unknown): string | null => {
  if (!isApiError(error)) return null;
  if (error.code === 'account.username_taken') return 'username';
  if (error.code === 'account.pseudo_taken') return 'pseudo';
  return null;
};

export function NewPlayerDialog({ open, onOpenChange }: DialogState) {
  const { t, i18n } = useTranslation(['players', 'errors']);
  const formId = useId();
  const create = useCreatePlayer();
  const [created, setCreated] = useState<{
    username: string;
    handover: PlayerHandover | null;
  } | null>(null);
  const invalid = fieldOf(create.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    create.mutate(
      {
        username: String(form.get('username') ?? '').trim(),
        pseudo: String(form.get('pseudo') ?? '').trim(),
        locale: String(form.get('locale')) === 'en' ? 'en' : 'fr',
        ...(password ? { password } : {}),
      },
      {
        onSuccess: (answer) =>
          setCreated({ username: answer.player.username, handover: answer.handover }),
      },
    );
  };

  const field = (name: 'username' | 'pseudo' | 'password', type = 'text') => (
    <div className={formStyles.field}>
      <label htmlFor={`${formId}-${name}`} className={formStyles.label}>
        {t(`create.${name}`)}
      </label>
      <input
        id={`${formId}-${name}`}
        name={name}
        type={type}
        className={formStyles.input}
        required={name !== 'password'}
        autoComplete={name === 'password' ? 'new-password' : 'off'}
        aria-describedby={`${formId}-${name}-hint`}
        aria-invalid={invalid === name || undefined}
      />
      <p id={`${formId}-${name}-hint`} className={formStyles.hint}>
        {t(`create.${name}Hint`)}
      </p>
    </div>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCreated(null);
          create.reset();
        }
        onOpenChange(next);
      }}
      title={t('create.title')}
      description={t('create.description')}
      closeLabel={t('closeLabel')}
      closeText={t('close')}
      actions={
        created ? undefined : (
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? t('create.submitting') : t('create.submit')}
          </Button>
        )
      }
    >
      {created ? (
        <div className={styles.report} aria-live="polite">
          <p className={formStyles.ok}>
            {created.handover
              ? t('create.created', { username: created.username })
              : t('create.createdWithPassword', { username: created.username })}
          </p>
          {created.handover && (
            <HandoverView username={created.username} handover={created.handover} />
          )}
        </div>
      ) : (
        <form id={formId} className={`${formStyles.form} ${formStyles.wide}`} onSubmit={submit}>
          {field('username')}
          {field('pseudo')}
          <div className={formStyles.field}>
            <label htmlFor={`${formId}-locale`} className={formStyles.label}>
              {t('create.locale')}
            </label>
            <select
              id={`${formId}-locale`}
              name="locale"
              className={formStyles.input}
              defaultValue={i18n.language === 'en' ? 'en' : 'fr'}
            >
              <option value="fr">{t('locales.fr')}</option>
              <option value="en">{t('locales.en')}</option>
            </select>
          </div>
          {field('password', 'password')}
          {create.isError && (
            <p className={formStyles.formError} role="alert">
              {errorMessage(t, create.error)}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}

/** Reset is irreversible for a temporary password (the old one stops working): it says so. */
export function ResetPasswordDialog({ player, ...state }: DialogState & { player: TrainerPlayer }) {
  const { t } = useTranslation(['players', 'errors']);
  const name = useId();
  const reset = useResetPassword();
  const [method, setMethod] = useState<'temporary_password' | 'magic_link'>('temporary_password');
  return (
    <Dialog
      {...state}
      onOpenChange={(next) => {
        if (!next) reset.reset();
        state.onOpenChange(next);
      }}
      size="narrow"
      title={t('reset.title', { username: player.username })}
      description={t('reset.description')}
      closeLabel={t('closeLabel')}
      closeText={t('close')}
      actions={
        reset.isSuccess ? undefined : (
          <Button
            variant="danger"
            disabled={reset.isPending}
            onClick={() => reset.mutate({ uuid: player.uuid, method })}
          >
            {reset.isPending ? t('reset.confirming') : t('reset.confirm')}
          </Button>
        )
      }
    >
      {reset.isSuccess ? (
        <div className={styles.report} aria-live="polite">
          <p className={formStyles.ok}>{t('reset.done', { username: player.username })}</p>
          <HandoverView username={player.username} handover={reset.data.handover} />
        </div>
      ) : (
        <fieldset className={styles.checks}>
          <legend className={formStyles.label}>{t('reset.method')}</legend>
          {(['temporary_password', 'magic_link'] as const).map((value) => (
            <div key={value}>
              <label>
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                  aria-describedby={`${name}-${value}`}
                />
                {value === 'magic_link' ? t('reset.magicLink') : t('reset.temporaryPassword')}
              </label>
              <p id={`${name}-${value}`} className={formStyles.hint}>
                {value === 'magic_link'
                  ? t('reset.magicLinkHint')
                  : t('reset.temporaryPasswordHint')}
              </p>
            </div>
          ))}
          {reset.isError && (
            <p className={formStyles.formError} role="alert">
              {errorMessage(t, reset.error)}
            </p>
          )}
        </fieldset>
      )}
    </Dialog>
  );
}

export function MagicLinkDialog({ player, ...state }: DialogState & { player: TrainerPlayer }) {
  const { t } = useTranslation(['players', 'errors']);
  const issue = useIssueMagicLink();
  return (
    <Dialog
      {...state}
      onOpenChange={(next) => {
        if (!next) issue.reset();
        state.onOpenChange(next);
      }}
      size="narrow"
      title={t('magic.title', { username: player.username })}
      description={t('magic.description')}
      closeLabel={t('closeLabel')}
      closeText={t('close')}
      actions={
        issue.isSuccess ? undefined : (
          <Button disabled={issue.isPending} onClick={() => issue.mutate(player.uuid)}>
            {issue.isPending ? t('magic.issuing') : t('magic.issue')}
          </Button>
        )
      }
    >
      {issue.isSuccess && <HandoverView username={player.username} handover={issue.data} />}
      {issue.isError && (
        <p className={formStyles.formError} role="alert">
          {errorMessage(t, issue.error)}
        </p>
      )}
    </Dialog>
  );
}

export function ChaptersDialog({
  player,
  chapters,
  ...state
}: DialogState & { player: TrainerPlayer; chapters: TrainerChapter[] }) {
  const { t, i18n } = useTranslation(['players', 'errors']);
  const locale = (i18n.language === 'en' ? 'en' : 'fr') as Locale;
  const save = useSetPlayerChapters();
  const assignedNow = (chapter: TrainerChapter) =>
    chapter.assignees.some((assignee) => assignee.id === player.uuid);
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(chapters.filter(assignedNow).map((chapter) => chapter.chapter_uuid)),
  );
  const changes = chapters
    .filter((chapter) => chapter.visibility === 'assigned')
    .filter((chapter) => chosen.has(chapter.chapter_uuid) !== assignedNow(chapter))
    .map((chapter) => ({
      chapterUuid: chapter.chapter_uuid,
      assignees: chapter.assignees.map((assignee) => assignee.id),
      assigned: chosen.has(chapter.chapter_uuid),
    }));
  return (
    <Dialog
      {...state}
      size="narrow"
      title={t('chapters.title', { username: player.username })}
      description={t('chapters.description')}
      closeLabel={t('closeLabel')}
      closeText={t('close')}
      actions={
        <Button
          disabled={save.isPending || changes.length === 0}
          onClick={() =>
            save.mutate(
              { playerUuid: player.uuid, changes },
              {
                onSuccess: () => {
                  toast.success(t('chapters.saved', { username: player.username }));
                  state.onOpenChange(false);
                },
              },
            )
          }
        >
          {save.isPending ? t('chapters.saving') : t('chapters.save')}
        </Button>
      }
    >
      {chapters.length === 0 ? (
        <p className={styles.muted}>{t('chapters.none')}</p>
      ) : (
        <fieldset className={styles.checks}>
          <legend className={formStyles.label}>{t('chapters.legend')}</legend>
          {chapters.map((chapter) => {
            const open = chapter.visibility === 'open';
            return (
              <label key={chapter.chapter_uuid}>
                <input
                  type="checkbox"
                  disabled={open}
                  checked={open || chosen.has(chapter.chapter_uuid)}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setChosen((current) => {
                      const next = new Set(current);
                      if (checked) next.add(chapter.chapter_uuid);
                      else next.delete(chapter.chapter_uuid);
                      return next;
                    });
                  }}
                />
                {pickLocale(chapter.title, locale)}
                {open && <span className={styles.muted}>({t('chapters.openToAll')})</span>}
              </label>
            );
          })}
        </fieldset>
      )}
      {save.isError && (
        <p className={formStyles.formError} role="alert">
          {errorMessage(t, save.error)}
        </p>
      )}
    </Dialog>
  );
}
