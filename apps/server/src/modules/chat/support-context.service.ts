import type { LocalizedText, SupportContext } from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { statusOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { ChatRepository } from './chat.repository.js';
import type { SupportContextRepository } from './support-context.repository.js';

/** An objective's hints with a team's unlock of each, as the trainers see them. */
export type TeamHintsReader = (input: {
  teamUuid: string;
  objectiveUuid: string;
}) => Promise<SupportContext['hints']>;

/** Without a reader (tests of the chat alone), an objective has no hints. */
const noHints: TeamHintsReader = () => Promise.resolve([]);

/**
 * A team's support question seen with its context: the objective it was asked from and the
 * team's path on it. Its wrong answers are the submissions feed's, for the trainers only; the
 * players' side only ever learns which objective its own team asked about.
 */
export const createSupportContext = (deps: {
  repo: SupportContextRepository;
  chat: Pick<ChatRepository, 'findThread'>;
  sessions: Pick<SessionsRepository, 'findSession'>;
  /** The sessions' clock. */
  clock: Clock;
  teamHints?: TeamHintsReader;
}) => {
  const { repo } = deps;
  const teamHints = deps.teamHints ?? noHints;

  return {
    /**
     * Whether a player of the session may name this objective in a question: one of the
     * session's objectives, once the game has begun (before, its objectives are read by no
     * team). Locked ones are listed to teams by title, so they may be asked about too.
     */
    async isAskable(sessionUuid: string, objectiveUuid: string) {
      const [session, objective, now] = await Promise.all([
        deps.sessions.findSession(sessionUuid),
        repo.findSessionObjective(sessionUuid, objectiveUuid),
        deps.clock.now(),
      ]);
      if (!session || !objective) return false;
      const status = statusOf(session, now);
      return status !== 'lobby' && status !== 'countdown' && status !== 'canceled';
    },

    /** The context of the latest question of a team's support thread; `null` if none names one. */
    async read(
      principal: Principal,
      sessionUuid: string,
      threadUuid: string,
    ): Promise<{ context: SupportContext | null }> {
      requireCapability(principal, 'support.answer');
      const thread = await deps.chat.findThread(threadUuid);
      if (
        !thread ||
        thread.session_uuid !== sessionUuid ||
        thread.channel !== 'support' ||
        !thread.team_uuid
      )
        throw new AppError('chat.thread_not_found');
      const teamUuid = thread.team_uuid;
      const question = await repo.findLatestQuestion(threadUuid);
      const objective =
        question && (await repo.findSessionObjective(sessionUuid, question.objective_uuid!));
      if (!question || !objective) return { context: null };

      const [states, wrong, hints, now] = await Promise.all([
        repo.listTeamStates(teamUuid, [objective.uuid, ...objective.prerequisites]),
        repo.listWrongAnswers(sessionUuid, teamUuid, objective.uuid),
        teamHints({ teamUuid, objectiveUuid: objective.uuid }),
        deps.clock.now(),
      ]);
      const state = states.find((row) => row.objective_uuid === objective.uuid);
      const solved = new Set(
        states.filter((row) => row.solved_at).map((row) => row.objective_uuid),
      );
      const attempts = state?.attempts ?? 0;
      const attemptsLeft =
        objective.max_attempts === null ? null : Math.max(0, objective.max_attempts - attempts);
      // The same rule as the team's own objectives list.
      const locked =
        objective.locked &&
        !objective.unlocked &&
        !objective.prerequisites.every((uuid) => solved.has(uuid));
      return {
        context: {
          team: { uuid: teamUuid, name: thread.team_name ?? '' },
          objective: {
            uuid: objective.uuid,
            title: objective.title as LocalizedText,
            points: objective.points,
            locked: objective.locked,
            unlocked: Boolean(objective.unlocked),
          },
          askedAt: new Date(question.created_at).toISOString(),
          state: state?.solved_at
            ? 'solved'
            : locked
              ? 'locked'
              : attemptsLeft === 0
                ? 'no_attempts_left'
                : 'open',
          attempts,
          maxAttempts: objective.max_attempts,
          attemptsLeft,
          wrongAnswers: wrong.map((row) => ({
            id: Number(row.id),
            pseudo: row.pseudo ?? '',
            answer: row.answer,
            createdAt: new Date(row.created_at).toISOString(),
          })),
          firstAttemptAt: state?.first_attempt_at?.toISOString() ?? null,
          solvedAt: state?.solved_at?.toISOString() ?? null,
          hints,
          serverTime: now.toISOString(),
        },
      };
    },
  };
};

export type SupportContextService = ReturnType<typeof createSupportContext>;
