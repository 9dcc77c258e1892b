import { pickLocale, type Locale, type LocalizedText } from '@rampart/contracts';
import { AppError } from '../../lib/errors.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import type { SessionsRepository } from './sessions.repository.js';

/**
 * A session's briefing. Whoever plays a session must be able to read what it is about, whatever
 * the chapter's visibility: membership of the session is the permission here, not the chapter
 * (a trainer's session may play a chapter that was never assigned to its players).
 */
export const createSessionMission = (deps: { repo: SessionsRepository }) => {
  const { repo } = deps;

  const briefingOf = async (missionUuid: string, locale: Locale) => {
    const mission = await repo.findMissionBriefing(missionUuid);
    if (!mission) throw new AppError('content.mission_not_found');
    const text = (value: unknown) => pickLocale(value as LocalizedText, locale);
    return {
      locale,
      mission: {
        uuid: mission.uuid,
        title: text(mission.title),
        brief: text(mission.brief),
        scenario: text(mission.scenario),
        rules: text(mission.rules),
      },
    };
  };

  return {
    /** For a player who joined the session; others get the answer of every session route. */
    async forPlayer(principal: Principal, sessionUuid: string, locale: Locale) {
      const [session, me] = await Promise.all([
        repo.findSession(sessionUuid),
        repo.findPlayer(sessionUuid, principal.accountId),
      ]);
      if (!session) throw new AppError('session.not_found');
      if (!me) throw new AppError('session.not_joined');
      return briefingOf(session.mission_uuid, locale);
    },

    /** For a trainer: any session's. */
    async forTrainer(principal: Principal, sessionUuid: string, locale: Locale) {
      requireCapability(principal, 'session.run');
      const session = await repo.findSession(sessionUuid);
      if (!session) throw new AppError('session.not_found');
      return briefingOf(session.mission_uuid, locale);
    },
  };
};

export type SessionMission = ReturnType<typeof createSessionMission>;
