import type { PackObjective, SessionStatus } from '@rampart/contracts';
import type { Selectable } from 'kysely';
import type { GamingSessionTable } from '../../db/schema.js';
import type { EventTransaction } from '../../realtime/event-writer.js';
import { sessionStream } from '../../realtime/streams.js';
import * as authoring from './content-authoring.repository.js';

/**
 * A gaming session's status at `now`, from its stored row. The sessions module owns that rule
 * and hands it in, so content, which sessions build on, does not reach up into it.
 */
export type SessionStatusOf = (session: Selectable<GamingSessionTable>, now: Date) => SessionStatus;

/**
 * An objective as its players see it: without its answer (flag, correct choices) and the
 * explanation kept for the debrief. Two equal views are no change worth telling the players.
 */
export const playerViewOf = (objective: PackObjective): string => {
  const { flag: _flag, correctChoices: _correct, explanation: _explanation, ...shown } = objective;
  return JSON.stringify(shown);
};

/**
 * Tells the game screens of the sessions playing these objectives' missions now (running or
 * paused) that the objectives changed, in the transaction of the change: the event names the
 * objective only, and each screen reads it again through the player's own view.
 */
export const announceObjectiveUpdates = async (
  { trx, appendAll }: Pick<EventTransaction, 'trx' | 'appendAll'>,
  objectives: readonly { uuid: string; missionUuid: string }[],
  now: Date,
  statusOf: SessionStatusOf,
): Promise<void> => {
  if (objectives.length === 0) return;
  const missions = [...new Set(objectives.map((objective) => objective.missionUuid))];
  const sessions = (await authoring.listUnstoppedSessionsOfMissions(trx, missions)).filter(
    (session) => ['running', 'paused'].includes(statusOf(session, now)),
  );
  await appendAll(
    sessions.flatMap((session) =>
      objectives
        .filter((objective) => objective.missionUuid === session.mission_uuid)
        .map((objective) => ({
          stream: sessionStream(session.uuid),
          audience: 'session' as const,
          type: 'objective.updated' as const,
          payload: { objectiveUuid: objective.uuid },
        })),
    ),
  );
};
