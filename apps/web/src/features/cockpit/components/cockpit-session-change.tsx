import { sessionLimits } from '@rampart/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button';
import form from '../../../components/ui/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useUpdateSession, type SessionChangeInput } from '../api/session-changes';
import type { TrainerSessionView } from '../../trainer-sessions/api/trainer-sessions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog';

/** What the form holds: text, as typed, so a half-typed number is not lost. */
interface Draft {
  name: string;
  minutes: string;
  maxTeams: string;
  playersPerTeam: string;
}

const wholeNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : null);

/** The fields that changed, or why the draft cannot be sent. */
export const changeOf = (
  session: Pick<TrainerSessionView, 'name' | 'maxTeams' | 'playersPerTeam'>,
  draft: Draft,
): { ok: true; input: SessionChangeInput } | { ok: false; reason: 'nothing' | 'number' } => {
  const input: SessionChangeInput = {};
  const name = draft.name.trim();
  if (name !== '' && name !== session.name) input.name = name;
  const numbers = {
    minutes: draft.minutes.trim() === '' ? 0 : wholeNumber(draft.minutes),
    maxTeams: wholeNumber(draft.maxTeams),
    playersPerTeam: wholeNumber(draft.playersPerTeam),
  };
  if (numbers.minutes === null || numbers.maxTeams === null || numbers.playersPerTeam === null)
    return { ok: false, reason: 'number' };
  if (numbers.minutes !== 0) input.addMinutes = numbers.minutes;
  if (numbers.maxTeams !== session.maxTeams) input.maxTeams = numbers.maxTeams;
  if (numbers.playersPerTeam !== session.playersPerTeam)
    input.playersPerTeam = numbers.playersPerTeam;
  return Object.keys(input).length === 0 ? { ok: false, reason: 'nothing' } : { ok: true, input };
};

/**
 * Changes a session under way: its name, minutes added or removed, its limits. The server says
 * no to a removal that would end the game now and to limits below the teams already there; the
 * refusal shows in the dialog, which keeps what was typed.
 */
export function ChangeSessionButton({ session }: { session: TrainerSessionView }) {
  const { t } = useTranslation(['cockpit', 'trainer']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('change.button')}
      </Button>
      {open && <ChangeSessionDialog session={session} onClose={() => setOpen(false)} />}
    </>
  );
}

function ChangeSessionDialog({
  session,
  onClose,
}: {
  session: TrainerSessionView;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cockpit', 'trainer']);
  const id = useId();
  const update = useUpdateSession(session.uuid);
  const [draft, setDraft] = useState<Draft>({
    name: session.name,
    minutes: '',
    maxTeams: String(session.maxTeams),
    playersPerTeam: String(session.playersPerTeam),
  });
  const [invalid, setInvalid] = useState<'nothing' | 'number' | null>(null);
  const largestTeam = Math.max(0, ...session.teams.map((team) => team.members.length));
  const field = (
    key: keyof Draft,
    label: string,
    hint: string,
    attributes: { type: 'text' | 'number'; min?: number; max?: number; maxLength?: number },
  ) => (
    <div className={form.field}>
      <label htmlFor={`${id}-${key}`} className={form.label}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className={form.input}
        value={draft[key]}
        aria-describedby={`${id}-${key}-hint`}
        {...(attributes.type === 'number' ? { inputMode: 'numeric' as const, step: 1 } : {})}
        {...attributes}
        onChange={(event) => {
          setDraft((current) => ({ ...current, [key]: event.target.value }));
          setInvalid(null);
        }}
      />
      <p id={`${id}-${key}-hint`} className={form.hint}>
        {hint}
      </p>
    </div>
  );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('change.title')}
      description={t('change.description')}
      confirmText={t('change.confirm')}
      pending={update.isPending}
      error={
        invalid
          ? t(`change.invalid.${invalid}`)
          : update.isError
            ? errorMessage(t, update.error)
            : null
      }
      onConfirm={() => {
        const change = changeOf(session, draft);
        if (!change.ok) return setInvalid(change.reason);
        update.mutate(change.input, {
          onSuccess: () => {
            toast.success(t('change.done'));
            onClose();
          },
        });
      }}
    >
      {field('name', t('change.name'), t('change.nameHint'), {
        type: 'text',
        maxLength: sessionLimits.nameLength.max,
      })}
      {field('minutes', t('change.minutes'), t('change.minutesHint'), { type: 'number' })}
      {field(
        'maxTeams',
        t('change.maxTeams'),
        t('change.maxTeamsHint', { count: session.teamsCount }),
        {
          type: 'number',
          min: Math.max(sessionLimits.maxTeams.min, session.teamsCount),
          max: sessionLimits.maxTeams.max,
        },
      )}
      {field(
        'playersPerTeam',
        t('change.playersPerTeam'),
        t('change.playersPerTeamHint', { count: Math.max(largestTeam, session.minPlayersPerTeam) }),
        {
          type: 'number',
          min: Math.max(largestTeam, session.minPlayersPerTeam),
          max: sessionLimits.playersPerTeam.max,
        },
      )}
    </ConfirmDialog>
  );
}
