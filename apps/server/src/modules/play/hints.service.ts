import { isClosedStatus, isObjectiveOpen } from '@rampart/contracts';
import type { Locale, LocalizedText, PlayHint, SupportHint } from '@rampart/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { hintFileUrl } from '../content/attachments.js';
import { toDownloadable, type DownloadableFile } from '../content/content.service.js';
import type { AppendInTransaction, EventWriter } from '../../realtime/event-writer.js';
import { sessionStream } from '../../realtime/streams.js';
import { recordTrainerAction } from '../audit/audit.repository.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { rankingEvent } from './ranking-announcer.js';
import { decideHintUnlock } from './hint-rules.js';
import type { HintsRepository } from './hints.repository.js';
import type { PlayRepository } from './play.repository.js';
import type { RankingCache } from './ranking-cache.js';

type HintRow = Awaited<ReturnType<HintsRepository['listForTeam']>>[number];

/** A hint as its team sees it; positions are stored from 0 and shown from 1. */
export const playHintOf = (row: HintRow, locale: Locale, sessionUuid: string): PlayHint => ({
  uuid: row.uuid,
  position: row.position + 1,
  cost: row.cost,
  unlocked: row.unlocked_at !== null,
  text: row.text ? row.text[locale] : null,
  unlockedBy: row.unlocked_at !== null ? (row.unlocked_by ?? '') : null,
  unlockedAt: row.unlocked_at?.toISOString() ?? null,
  charged: row.charged ?? null,
  free: row.free ?? false,
  files: row.files.map((file) => ({
    uuid: file.uuid,
    name: file.name,
    size: file.size,
    contentType: file.content_type,
    url: hintFileUrl(sessionUuid, row.uuid, file.uuid),
  })),
});

/**
 * Hints with a price: a player unlocks one for their team, a trainer gives one for free.
 *
 * An unlock runs in one transaction that locks the session's row, then the team's (the order the
 * answer batches take them in), so unlocks of one team, by any member on any node, run one after
 * the other: the second finds the first's row and pays nothing. The primary key of `hint_unlock`
 * holds the same line should a path ever skip the lock. A charged unlock writes its ledger row and
 * the team's score together, then the ranking: the ledger still sums to the ranking.
 */
export const createHintsService = (deps: {
  repo: HintsRepository;
  play: PlayRepository;
  sessions: SessionsRepository;
  events: EventWriter;
  ranking: RankingCache;
  clock: Clock;
}) => {
  const { repo, events } = deps;

  const lockSession = async (trx: Transaction<Database>, sessionUuid: string) => {
    const session = await deps.sessions.lockSession(trx, sessionUuid);
    if (!session) throw new AppError('session.not_found');
    const { status } = deriveSessionState(timelineOf(session), await deps.clock.now(trx));
    return { session, status };
  };

  /** The event of an unlock: to the team, and to the trainers' cockpit, never the hint's text. */
  const announce = async (
    append: AppendInTransaction,
    sessionUuid: string,
    payload: {
      teamUuid: string;
      teamName: string;
      objectiveUuid: string;
      hintUuid: string;
      position: number;
      cost: number;
      free: boolean;
      pseudo: string;
    },
  ) => {
    const stream = sessionStream(sessionUuid);
    for (const audience of [`team:${payload.teamUuid}`, 'trainers'] as const)
      await append({ stream, audience, type: 'hint.unlocked', payload });
  };

  return {
    async unlock(
      principal: Principal,
      sessionUuid: string,
      objectiveUuid: string,
      hintUuid: string,
      locale: Locale,
    ) {
      const outcome = await events.transaction(async ({ trx, append }) => {
        const { session, status } = await lockSession(trx, sessionUuid);
        const member = await deps.play.findMembership(sessionUuid, principal.accountId, trx);
        if (!member) throw new AppError('session.not_joined');
        if (!member.team_uuid) throw new AppError('team.not_found');
        const team = await deps.sessions.lockTeam(trx, sessionUuid, member.team_uuid);
        if (!team) throw new AppError('team.not_found');
        const hint = await repo.findHint(trx, session.mission_uuid, objectiveUuid, hintUuid);
        if (!hint) throw new AppError('hint.not_found');
        const facts = await repo.teamFacts(trx, {
          sessionUuid,
          teamUuid: team.uuid,
          objectiveUuid,
          prerequisites: hint.prerequisites,
        });
        const decision = decideHintUnlock({
          status,
          teamEliminated: team.eliminated_at !== null,
          objectiveLocked: !isObjectiveOpen(hint, {
            unlockedByTrainer: facts.unlockedByTrainer,
            hasSolved: (uuid) => facts.solvedPrerequisites.has(uuid),
          }),
          objectiveClosed:
            facts.solved || (hint.max_attempts !== null && facts.attempts >= hint.max_attempts),
          unlocked: facts.hints.some((row) => row.uuid === hint.uuid && row.unlocked),
          previousUnlocked: facts.hints.every(
            (row) => row.position >= hint.position || row.unlocked,
          ),
        });
        if (decision.kind === 'refused') throw new AppError(decision.code);
        const unchanged = async () => ({
          charged: 0,
          score: await repo.findTeamScore(trx, team.uuid),
          mission: session.mission_uuid,
          team: team.uuid,
        });
        if (decision.kind === 'already_unlocked') return unchanged();
        const unlockedAt = await repo.insertUnlock(trx, {
          team_uuid: team.uuid,
          hint_uuid: hint.uuid,
          session_uuid: sessionUuid,
          objective_uuid: objectiveUuid,
          account_id: principal.accountId,
          cost: hint.cost,
          free: false,
        });
        // Under the team's lock no other unlock of it can be in between; kept as a result anyway.
        if (!unlockedAt) return unchanged();
        const score =
          hint.cost > 0
            ? await repo.chargeTeam(trx, {
                session: sessionUuid,
                team: team.uuid,
                objective: objectiveUuid,
                account: principal.accountId,
                cost: hint.cost,
              })
            : await repo.findTeamScore(trx, team.uuid);
        await announce(append, sessionUuid, {
          teamUuid: team.uuid,
          teamName: team.name,
          objectiveUuid,
          hintUuid: hint.uuid,
          position: hint.position + 1,
          cost: hint.cost,
          free: false,
          pseudo: principal.pseudo,
        });
        if (hint.cost > 0) await append(await rankingEvent(deps.play, trx, sessionUuid));
        return { charged: hint.cost, score, mission: session.mission_uuid, team: team.uuid };
      });
      if (outcome.charged > 0) deps.ranking.invalidate(sessionUuid);
      const row = (await repo.listForTeam(outcome.mission, outcome.team)).find(
        (candidate) => candidate.uuid === hintUuid,
      )!;
      return {
        hint: playHintOf(row, locale, sessionUuid),
        charged: outcome.charged,
        score: outcome.score,
      };
    },

    /**
     * A trainer gives a team a hint at no cost: no ledger row (the score does not move, so the
     * ledger still sums to it), an audit row and the same event as a bought one. Any hint, in any
     * order, while the game runs or is paused; a hint the team has already stays as it was.
     */
    async give(principal: Principal, sessionUuid: string, teamUuid: string, hintUuid: string) {
      requireCapability(principal, 'session.run');
      return events.transaction(async ({ trx, append }) => {
        const { session, status } = await lockSession(trx, sessionUuid);
        if (isClosedStatus(status)) throw new AppError('session.ended');
        if (status !== 'running' && status !== 'paused') throw new AppError('session.not_running');
        const team = await deps.sessions.lockTeam(trx, sessionUuid, teamUuid);
        if (!team) throw new AppError('team.not_found');
        const hint = await repo.findHint(trx, session.mission_uuid, null, hintUuid);
        if (!hint) throw new AppError('hint.not_found');
        const unlockedAt = await repo.insertUnlock(trx, {
          team_uuid: teamUuid,
          hint_uuid: hintUuid,
          session_uuid: sessionUuid,
          objective_uuid: hint.objective_uuid,
          account_id: principal.accountId,
          cost: 0,
          free: true,
        });
        if (!unlockedAt) return { unlocked: true as const, alreadyUnlocked: true };
        await recordTrainerAction(trx, {
          accountId: principal.accountId,
          action: 'hint.given',
          sessionUuid,
          targetUuid: teamUuid,
          details: {
            objectiveUuid: hint.objective_uuid,
            hintUuid,
            position: hint.position + 1,
            cost: hint.cost,
          },
        });
        await announce(append, sessionUuid, {
          teamUuid,
          teamName: team.name,
          objectiveUuid: hint.objective_uuid,
          hintUuid,
          position: hint.position + 1,
          cost: 0,
          free: true,
          pseudo: principal.pseudo,
        });
        return { unlocked: true as const, alreadyUnlocked: false };
      });
    },

    /**
     * A file of a hint, to a member of a team of the session that unlocked it. Everyone else is
     * told it does not exist, as for a file that does not: a locked hint's files stay unknown.
     */
    async hintFile(
      principal: Principal,
      sessionUuid: string,
      hintUuid: string,
      fileUuid: string,
    ): Promise<DownloadableFile> {
      requireCapability(principal, 'game.play');
      const file = await repo.findUnlockedHintFile({
        sessionUuid,
        hintUuid,
        fileUuid,
        accountId: principal.accountId,
      });
      if (!file) throw new AppError('content.file_not_found');
      return toDownloadable(file);
    },

    async trainerHintFile(
      principal: Principal,
      hintUuid: string,
      fileUuid: string,
    ): Promise<DownloadableFile> {
      requireCapability(principal, 'content.author');
      const file = await repo.findHintFile(hintUuid, fileUuid);
      if (!file) throw new AppError('content.file_not_found');
      return toDownloadable(file);
    },

    /**
     * Every hint of an objective, in order, with both texts and the team's unlock of each (who,
     * when, for how much): for the trainer, where help is asked (the support thread). The caller
     * has checked that the principal answers support and that the team belongs to the session.
     */
    async listTeamHints(input: {
      teamUuid: string;
      objectiveUuid: string;
    }): Promise<SupportHint[]> {
      const rows = await repo.listObjectiveHintsForTeam(input.teamUuid, input.objectiveUuid);
      return rows.map((row) => ({
        uuid: row.uuid,
        position: row.position + 1,
        cost: row.cost,
        text: row.text as LocalizedText,
        unlock: row.unlocked_at
          ? {
              charged: row.charged ?? 0,
              free: row.free ?? false,
              by: row.pseudo ?? '',
              at: row.unlocked_at.toISOString(),
            }
          : null,
      }));
    },
  };
};

export type HintsService = ReturnType<typeof createHintsService>;
