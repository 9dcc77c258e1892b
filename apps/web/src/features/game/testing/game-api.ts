import type { SessionDetail } from '@rampart/contracts';
import { vi } from 'vitest';
import type { ApiRoutes } from '../../../test/render-app';
import { buildPlayerSession, sessionApi } from '../../sessions/testing/session-api';
import type { GameObjectives } from '../api/get-objectives';
import { markBriefingSeen } from '../lib/game-storage';
import { buildPlayObjective } from './play-objective';

export const FLAG_OBJECTIVE = '0190a1b2-c3d4-7e5f-8c9b-000000000001';
export const CHOICE_OBJECTIVE = '0190a1b2-c3d4-7e5f-8c9b-000000000002';

/** A session in play: started a minute ago, half an hour left. */
export const buildRunningSession = (overrides: Partial<SessionDetail> = {}) =>
  buildPlayerSession({
    status: 'running',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 1_800_000).toISOString(),
    ...overrides,
  });

/** Two objectives: an attempted flag with a penalty and a first blood, a multiple choice. */
export const buildObjectivesBody = (): GameObjectives => ({
  locale: 'en',
  serverTime: new Date().toISOString(),
  completed_objectives: 0,
  total_objectives: 2,
  progress_percentage: 0,
  objectives: [
    buildPlayObjective({
      uuid: FLAG_OBJECTIVE,
      title: 'Who knocked?',
      description: 'Give the **IP address** of the attacker.',
      category: 'forensics',
      points: 50,
      penalty: 10,
      maxAttempts: 3,
      firstBloodBonus: 20,
      attempts: 1,
      attemptsLeft: 2,
      inProgress: true,
    }),
    buildPlayObjective({
      uuid: CHOICE_OBJECTIVE,
      position: 1,
      title: 'Tool of the trade',
      description: 'Which tool?',
      difficulty: 2,
      points: 80,
      type: 'multiple_choice',
      choices: [
        { id: 'a', text: 'sqlmap' },
        { id: 'b', text: 'Nikto' },
        { id: 'c', text: 'curl' },
      ],
      expectedAnswers: 2,
    }),
  ],
});

export const missionBody = (uuid: string) => ({
  locale: 'en',
  mission: {
    uuid,
    title: 'Night shift',
    brief: 'An intrusion at **night**.',
    scenario: 'The SOC calls you.',
    rules: 'No scanning outside the range.',
  },
});

/** The session, its objectives and its briefing, as the API answers them. */
export const gameApi = (
  read: () => SessionDetail,
  objectives: () => GameObjectives = buildObjectivesBody,
): ApiRoutes => {
  const session = read();
  return {
    ...sessionApi(read),
    [`GET /api/sessions/${session.uuid}/objectives`]: () => Response.json(objectives()),
    [`GET /api/sessions/${session.uuid}/mission`]: () =>
      Response.json(missionBody(session.mission.uuid)),
    // A mission with a lab, not started: the game screen shows its Console and VPN tabs.
    [`GET /api/sessions/${session.uuid}/environment`]: () =>
      Response.json({
        lab: {
          machines: [{ name: 'workstation', ports: [] }],
          consoleMachine: 'workstation',
          vpn: false,
          ttlSeconds: 1800,
          maxTtlSeconds: 3600,
        },
        environment: null,
        serverTime: new Date().toISOString(),
      }),
  };
};

/** As if the player had been on this game screen before: the briefing does not open by itself. */
export const briefingAlreadySeen = (sessionUuid: string, accountUuid: string) =>
  markBriefingSeen(accountUuid, sessionUuid);

/**
 * The browser's width, as `matchMedia` answers `(min-width)` and `(max-width)` queries in px or
 * rem (jsdom has no layout, hence no media queries of its own).
 */
export const stubViewport = (width: number) => {
  const matches = (query: string) =>
    query.split(/\s+and\s+/).every((part) => {
      const found = /\((min|max)-width:\s*([\d.]+)(rem|px)\)/.exec(part);
      if (!found) return false;
      const pixels = Number(found[2]) * (found[3] === 'rem' ? 16 : 1);
      return found[1] === 'min' ? width >= pixels : width <= pixels;
    });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
};
