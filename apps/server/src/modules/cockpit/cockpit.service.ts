import { progressPercentage, rankTeamRows } from '@rampart/contracts';
import type { AuditAction, AvatarId, LocalizedText } from '@rampart/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { logoUrlOf } from '../sessions/session-view.js';
import type { HintsRepository } from '../play/hints.repository.js';
import type { PlayRepository } from '../play/play.repository.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { listTrainerActions } from '../audit/audit.repository.js';
import type { CockpitRepository } from './cockpit.repository.js';

const iso = (instant: Date | string | null) =>
  instant === null ? null : new Date(instant).toISOString();

/** What trainers read of a game: the cockpit, the submissions feed and the audit log. */
export const createCockpitService = (deps: {
  db: Kysely<Database>;
  repo: CockpitRepository;
  sessions: SessionsRepository;
  play: Pick<PlayRepository, 'listRankingRows'>;
  hints: Pick<HintsRepository, 'listSessionUnlocks'>;
  /** The sessions' time. */
  clock: Clock;
}) => {
  const { repo } = deps;

  const requireSession = async (sessionUuid: string) => {
    const session = await deps.sessions.findSession(sessionUuid);
    if (!session) throw new AppError('session.not_found');
    return session;
  };

  const auditPage = async (filter: {
    sessionUuid?: string;
    before?: number | undefined;
    limit: number;
  }) => {
    const rows = await listTrainerActions(deps.db, filter);
    return {
      entries: rows.map((row) => ({
        id: Number(row.id),
        action: row.action as AuditAction,
        trainer: { uuid: row.account_id, pseudo: row.pseudo ?? '' },
        sessionUuid: row.session_uuid,
        targetUuid: row.target_uuid,
        reason: row.reason,
        details: row.details,
        createdAt: row.created_at.toISOString(),
      })),
      nextBefore: rows.length === filter.limit ? Number(rows.at(-1)!.id) : null,
    };
  };

  return {
    async cockpit(principal: Principal, sessionUuid: string) {
      requireCapability(principal, 'session.run');
      const session = await requireSession(sessionUuid);
      const [teams, players, objectives, activeCells, hintUnlocks, now] = await Promise.all([
        deps.play.listRankingRows(sessionUuid),
        deps.sessions.listPlayers(sessionUuid),
        repo.listObjectives(sessionUuid, session.mission_uuid),
        repo.listCells(sessionUuid),
        deps.hints.listSessionUnlocks(sessionUuid),
        deps.clock.now(),
      ]);
      // A team that bought a hint before any answer has a cell too: the price it paid shows.
      const cellKey = (team: string, objective: string) => `${team}:${objective}`;
      const hintsOf = new Map<string, { count: number; cost: number }>();
      for (const unlock of hintUnlocks) {
        const key = cellKey(unlock.team_uuid, unlock.objective_uuid);
        const tally = hintsOf.get(key) ?? { count: 0, cost: 0 };
        hintsOf.set(key, { count: tally.count + 1, cost: tally.cost + unlock.cost });
      }
      const known = new Set(
        activeCells.map((cell) => cellKey(cell.team_uuid, cell.objective_uuid)),
      );
      const cells = [
        ...activeCells,
        ...[...hintsOf.keys()]
          .filter((key) => !known.has(key))
          .map((key) => {
            const [team_uuid, objective_uuid] = key.split(':') as [string, string];
            return {
              team_uuid,
              objective_uuid,
              solved_at: null,
              solver: null,
              attempts: 0,
              wrong: 0,
            };
          }),
      ];
      const total = objectives.length;
      return {
        sessionUuid,
        teams: rankTeamRows(teams).map((team) => {
          const completed = Number(team.completed ?? 0);
          return {
            uuid: team.uuid,
            name: team.name,
            logoUrl: team.has_logo ? logoUrlOf(sessionUuid, team.uuid, 'trainer') : null,
            eliminated: team.eliminated,
            eliminationReason: team.elimination_reason,
            score: team.score,
            rank: team.rank,
            completed_objectives: completed,
            total_objectives: total,
            progress_percentage: progressPercentage(completed, total),
            members: players
              .filter((player) => player.team_uuid === team.uuid)
              .map((player) => ({
                uuid: player.account_id,
                pseudo: player.pseudo,
                avatarId: player.avatar_id as AvatarId | null,
                online: player.online,
              })),
          };
        }),
        objectives: objectives.map((objective) => ({
          uuid: objective.uuid,
          position: objective.position,
          title: objective.title as LocalizedText,
          type: objective.type,
          points: objective.points,
          locked: objective.locked,
          unlocked: objective.unlocked,
          firstBlood:
            objective.blood_team && objective.blood_at
              ? { teamUuid: objective.blood_team, at: iso(objective.blood_at)! }
              : null,
          speedrun:
            objective.speedrun_title !== null && objective.speedrun_at !== null
              ? {
                  title: objective.speedrun_title,
                  launchedAt: iso(objective.speedrun_at)!,
                  running: !objective.solved_by_any,
                }
              : null,
        })),
        cells: cells.map((cell) => ({
          teamUuid: cell.team_uuid,
          objectiveUuid: cell.objective_uuid,
          solved: cell.solved_at !== null,
          solvedAt: iso(cell.solved_at),
          solvedBy: cell.solver,
          attempts: cell.attempts,
          wrongAnswers: Number(cell.wrong ?? 0),
          hints: hintsOf.get(cellKey(cell.team_uuid, cell.objective_uuid))?.count ?? 0,
          hintCost: hintsOf.get(cellKey(cell.team_uuid, cell.objective_uuid))?.cost ?? 0,
        })),
        hintUnlocks: hintUnlocks.map((unlock) => ({
          teamUuid: unlock.team_uuid,
          objectiveUuid: unlock.objective_uuid,
          hintUuid: unlock.hint_uuid,
          position: unlock.position + 1,
          cost: unlock.cost,
          free: unlock.free,
          pseudo: unlock.pseudo ?? '',
          unlockedAt: unlock.unlocked_at.toISOString(),
        })),
        serverTime: now.toISOString(),
      };
    },

    async submissions(
      principal: Principal,
      sessionUuid: string,
      page: { before?: number | undefined; after?: number | undefined; limit: number },
    ) {
      requireCapability(principal, 'session.run');
      await requireSession(sessionUuid);
      const rows = await repo.listSubmissions(sessionUuid, page);
      const full = rows.length === page.limit;
      return {
        submissions: rows.map((row) => ({
          id: Number(row.id),
          teamUuid: row.team_uuid,
          objectiveUuid: row.objective_uuid,
          pseudo: row.pseudo ?? '',
          answer: row.answer,
          correct: row.correct,
          points: row.points,
          createdAt: row.created_at.toISOString(),
        })),
        nextBefore: full && page.after === undefined ? Number(rows.at(-1)!.id) : null,
        nextAfter: full && page.after !== undefined ? Number(rows.at(-1)!.id) : null,
      };
    },

    async sessionAudit(
      principal: Principal,
      sessionUuid: string,
      page: { before?: number | undefined; limit: number },
    ) {
      requireCapability(principal, 'session.run');
      await requireSession(sessionUuid);
      return auditPage({ ...page, sessionUuid });
    },

    async audit(principal: Principal, page: { before?: number | undefined; limit: number }) {
      requireCapability(principal, 'session.run');
      return auditPage(page);
    },
  };
};

export type CockpitService = ReturnType<typeof createCockpitService>;
