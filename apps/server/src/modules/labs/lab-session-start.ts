import { isClosedStatus } from '@rampart/contracts';
import type { LabTemplate } from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { deriveSessionState } from '../sessions/session-state.js';
import { timelineOf } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import type { EnvironmentManager } from './environment-manager.js';
import type { LabSessionStartsRepository } from './lab-session-starts.repository.js';

export interface StartReport {
  allocated: number;
  noCapacity: number;
  failed: number;
}

/**
 * Gives every team its lab environment when a session with a lab starts running, so players
 * find a warm lab instead of waiting on first use of the Console tab. Each start is claimed once
 * (a row per session), then the teams still in the game are allocated through the manager, a few
 * at a time: its idempotency makes a race with a team's own first use harmless, and its capacity
 * holds. Once capacity runs out the remaining teams are left to allocate on first use, as a team
 * that joins after the start does; the counts are kept for the trainer's cockpit.
 */
export const createLabSessionStarter = (deps: {
  starts: LabSessionStartsRepository;
  sessions: SessionsRepository;
  manager: EnvironmentManager;
  clock: Clock;
  /** Allocations in flight at once for one session: the provider's work is bounded. */
  concurrency: number;
  logger: { warn(details: object, message: string): void };
}) => {
  const { manager } = deps;

  const allocateTeams = async (session: {
    uuid: string;
    missionUuid: string;
    lab: LabTemplate;
  }): Promise<StartReport> => {
    const teams = (await deps.sessions.listTeams(session.uuid)).filter(
      (team) => team.eliminated_at === null,
    );
    const report: StartReport = { allocated: 0, noCapacity: 0, failed: 0 };
    let next = 0;
    let full = false;
    const worker = async () => {
      for (let index = next++; index < teams.length; index = next++) {
        // Past the first refusal the rest would be refused too: leave them for first use.
        if (full) {
          report.noCapacity += 1;
          continue;
        }
        try {
          await manager.allocate({
            sessionUuid: session.uuid,
            teamUuid: teams[index]!.uuid,
            missionUuid: session.missionUuid,
            template: session.lab,
          });
          report.allocated += 1;
        } catch (error) {
          if (error instanceof AppError && error.code === 'lab.no_capacity') {
            full = true;
            report.noCapacity += 1;
          } else {
            deps.logger.warn(
              { err: error, sessionUuid: session.uuid },
              'a team’s lab could not be allocated at the session’s start',
            );
            report.failed += 1;
          }
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(deps.concurrency, teams.length)) }, worker),
    );
    return report;
  };

  return {
    /**
     * One pass: every session with a lab that started running and was not handled yet. Sessions
     * that ended before any node saw them running are marked handled, with nothing allocated.
     */
    async allocateStartedSessions() {
      const now = await deps.clock.now();
      const handled: { sessionUuid: string; report: StartReport }[] = [];
      for (const row of await deps.starts.listUnhandledStarts(now)) {
        const { status } = deriveSessionState(timelineOf(row), now);
        if (isClosedStatus(status)) {
          await deps.starts.claim(row.uuid, now, true);
          continue;
        }
        // Paused at the very start: handled when it resumes.
        if (status !== 'running' || !row.lab) continue;
        if (!(await deps.starts.claim(row.uuid, now))) continue;
        const report = await allocateTeams({
          uuid: row.uuid,
          missionUuid: row.mission_uuid,
          lab: row.lab,
        });
        await deps.starts.finish(row.uuid, await deps.clock.now(), report);
        handled.push({ sessionUuid: row.uuid, report });
      }
      return handled;
    },
  };
};

export type LabSessionStarter = ReturnType<typeof createLabSessionStarter>;
