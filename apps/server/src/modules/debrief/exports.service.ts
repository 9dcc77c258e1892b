import { rankingCsvColumns, submissionsCsvColumns, type SessionExport } from '@rampart/contracts';
import type { CockpitService } from '../cockpit/cockpit.service.js';
import type { Principal } from '../identity/auth.service.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { toCsv } from './csv.js';
import type { StatsService } from './stats.service.js';

const PAGE = 1000;

/**
 * A session's exports: built from the same reads as the debrief and the cockpit
 * (their services check the trainer's capabilities), so an export says what the screens say.
 */
export const createExportsService = (deps: {
  stats: StatsService;
  cockpit: CockpitService;
  sessions: Pick<SessionsRepository, 'listPlayers'>;
}) => {
  /** Every submission, oldest first, page after page. */
  const allSubmissions = async (principal: Principal, sessionUuid: string) => {
    const all = [];
    for (let after = 0; ;) {
      const page = await deps.cockpit.submissions(principal, sessionUuid, { after, limit: PAGE });
      all.push(...page.submissions);
      if (page.nextAfter === null) return all;
      after = page.nextAfter;
    }
  };

  /** The session's audit log, oldest first. */
  const allAudit = async (principal: Principal, sessionUuid: string) => {
    const all = [];
    for (let before: number | undefined; ;) {
      const page = await deps.cockpit.sessionAudit(principal, sessionUuid, { before, limit: PAGE });
      all.push(...page.entries);
      if (page.nextBefore === null) return all.reverse();
      before = page.nextBefore;
    }
  };

  const members = async (sessionUuid: string) =>
    (await deps.sessions.listPlayers(sessionUuid)).flatMap((player) =>
      player.team_uuid
        ? [{ teamUuid: player.team_uuid, accountId: player.account_id, pseudo: player.pseudo }]
        : [],
    );

  return {
    async rankingCsv(principal: Principal, sessionUuid: string) {
      const stats = await deps.stats.forTrainer(principal, sessionUuid);
      const byTeam = new Map<string, string[]>();
      for (const member of await members(sessionUuid))
        byTeam.set(member.teamUuid, [...(byTeam.get(member.teamUuid) ?? []), member.pseudo]);
      return toCsv(
        rankingCsvColumns,
        stats.teams.map((team) => [
          team.rank,
          team.name,
          team.score,
          team.completed_objectives,
          team.eliminated,
          team.result,
          (byTeam.get(team.uuid) ?? []).join(' | '),
          team.hints,
          team.hintCost,
        ]),
      );
    },

    async submissionsCsv(principal: Principal, sessionUuid: string) {
      const stats = await deps.stats.forTrainer(principal, sessionUuid);
      const teams = new Map(stats.teams.map((team) => [team.uuid, team.name]));
      const objectives = new Map(stats.objectives.map((o) => [o.uuid, o.title.en]));
      const submissions = await allSubmissions(principal, sessionUuid);
      return toCsv(
        submissionsCsvColumns,
        submissions.map((submission) => [
          submission.id,
          submission.createdAt,
          teams.get(submission.teamUuid) ?? submission.teamUuid,
          submission.pseudo,
          objectives.get(submission.objectiveUuid) ?? submission.objectiveUuid,
          submission.correct,
          submission.points,
          submission.answer,
        ]),
      );
    },

    async sessionJson(principal: Principal, sessionUuid: string): Promise<SessionExport> {
      const stats = await deps.stats.forTrainer(principal, sessionUuid);
      const [submissions, audit, people, cockpit] = await Promise.all([
        allSubmissions(principal, sessionUuid),
        allAudit(principal, sessionUuid),
        members(sessionUuid),
        deps.cockpit.cockpit(principal, sessionUuid),
      ]);
      return {
        format: 'rampart.session/v1',
        exportedAt: new Date().toISOString(),
        stats,
        members: people,
        submissions,
        hintUnlocks: [...cockpit.hintUnlocks].reverse(),
        audit,
      };
    },
  };
};

export type ExportsService = ReturnType<typeof createExportsService>;
