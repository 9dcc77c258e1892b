import { sessionLimits } from '@rampart/contracts';
import type { CreateSessionInput } from '../api/trainer-sessions';

/** The wizard's fields as typed: numbers stay text until checked, so nothing typed is lost. */
export interface SessionFormValues {
  missionUuid: string;
  name: string;
  maxTeams: string;
  playersPerTeam: string;
  minPlayersPerTeam: string;
  durationMinutes: string;
  /** `datetime-local` value, empty without a planned start. */
  scheduledStartAt: string;
}

export type SessionFormField = keyof SessionFormValues;

/** Why a field is refused: a key of `trainer:wizard.errors`, with the limits it names. */
export interface FieldError {
  key: 'required' | 'range' | 'integer' | 'minAboveMax' | 'past' | 'tooLong';
  min?: number;
  max?: number;
}

export const initialSessionForm = (): SessionFormValues => ({
  missionUuid: '',
  name: '',
  maxTeams: String(sessionLimits.maxTeams.default),
  playersPerTeam: String(sessionLimits.playersPerTeam.default),
  minPlayersPerTeam: String(sessionLimits.minPlayersPerTeam.default),
  durationMinutes: '',
  scheduledStartAt: '',
});

const integerIn = (value: string, min: number, max: number): FieldError | null => {
  if (value.trim() === '') return { key: 'required' };
  const number = Number(value);
  if (!Number.isInteger(number)) return { key: 'integer' };
  return number < min || number > max ? { key: 'range', min, max } : null;
};

/**
 * Checks the wizard against the contract's limits (`sessionLimits`): the body to send, or the
 * errors by field. The server checks the same limits again; its codes are shown if it refuses.
 */
export const checkSessionForm = (
  values: SessionFormValues,
  now: number = Date.now(),
):
  | { ok: true; body: CreateSessionInput }
  | { ok: false; errors: Partial<Record<SessionFormField, FieldError>> } => {
  const errors: Partial<Record<SessionFormField, FieldError>> = {};
  if (values.missionUuid === '') errors.missionUuid = { key: 'required' };
  const name = values.name.trim();
  if (name === '') errors.name = { key: 'required' };
  else if (name.length > sessionLimits.nameLength.max)
    errors.name = { key: 'tooLong', max: sessionLimits.nameLength.max };
  const limits = {
    maxTeams: sessionLimits.maxTeams,
    playersPerTeam: sessionLimits.playersPerTeam,
    minPlayersPerTeam: sessionLimits.playersPerTeam,
    durationMinutes: sessionLimits.durationMinutes,
  } as const;
  for (const field of Object.keys(limits) as (keyof typeof limits)[]) {
    const error = integerIn(values[field], limits[field].min, limits[field].max);
    if (error) errors[field] = error;
  }
  if (
    !errors.minPlayersPerTeam &&
    !errors.playersPerTeam &&
    Number(values.minPlayersPerTeam) > Number(values.playersPerTeam)
  )
    errors.minPlayersPerTeam = { key: 'minAboveMax' };
  let scheduledStartAt: string | undefined;
  if (values.scheduledStartAt !== '') {
    const at = new Date(values.scheduledStartAt);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now)
      errors.scheduledStartAt = { key: 'past' };
    else scheduledStartAt = at.toISOString();
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      missionUuid: values.missionUuid,
      name,
      maxTeams: Number(values.maxTeams),
      playersPerTeam: Number(values.playersPerTeam),
      minPlayersPerTeam: Number(values.minPlayersPerTeam),
      durationMinutes: Number(values.durationMinutes),
      ...(scheduledStartAt ? { scheduledStartAt } : {}),
    },
  };
};
