import type { SessionStats, SurveyBody, SurveyResponse } from '@rampart/contracts';
import type { ApiRoutes } from '../../../test/render-app';

export const RED = '0190a1b2-c3d4-7e5f-8d9b-000000000001';
export const BLUE = '0190a1b2-c3d4-7e5f-8d9b-000000000002';
const FLAG = '0190a1b2-c3d4-7e5f-8d9b-000000000011';
const CHOICE = '0190a1b2-c3d4-7e5f-8d9b-000000000012';

/**
 * A finished session's debrief as `GET /api/sessions/{uuid}/stats` answers alice: her Red Foxes
 * second behind the Blue Owls, a flag with its explanation and a choice objective.
 */
export const buildSessionStats = (overrides: Partial<SessionStats> = {}): SessionStats => {
  const startsAt = '2026-03-02T09:00:00.000Z';
  const at = (minutes: number) => new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();
  return {
    session: {
      uuid: '0190a1b2-c3d4-7e5f-8d9b-0000000000aa',
      name: 'Friday exercise',
      status: 'finished',
      over: true,
      startsAt,
      endsAt: at(30),
      mission: {
        uuid: '0190a1b2-c3d4-7e5f-8d9b-0000000000bb',
        title: { en: 'Night shift', fr: 'Garde de nuit' },
      },
    },
    myTeamUuid: RED,
    answersHiddenBecause: null,
    teams: [
      {
        uuid: BLUE,
        name: 'Blue Owls',
        logoUrl: null,
        score: 150,
        rank: 1,
        eliminated: false,
        completed_objectives: 2,
        result: 'success',
        awards: [
          { kind: 'winner', count: 1 },
          { kind: 'first_blood', count: 1 },
        ],
        hints: 0,
        hintCost: 0,
      },
      {
        uuid: RED,
        name: 'Red Foxes',
        logoUrl: null,
        score: 90,
        rank: 2,
        eliminated: false,
        completed_objectives: 1,
        result: 'failure',
        awards: [{ kind: 'first_blood', count: 1 }],
        hints: 2,
        hintCost: 10,
      },
    ],
    objectives: [
      {
        uuid: FLAG,
        position: 1,
        title: { en: 'Who knocked?', fr: 'Qui a frappé ?' },
        type: 'flag',
        category: 'forensics',
        difficulty: 2,
        points: 100,
        required: true,
        firstBlood: { teamUuid: RED, at: at(4.5) },
        teams: [
          {
            teamUuid: RED,
            solved: true,
            solvedAt: at(4.5),
            solvedBy: 'Alice',
            attempts: 1,
            points: 90,
            // One hint bought for 10 points, one given for free by a trainer.
            hints: 2,
            hintCost: 10,
          },
          {
            teamUuid: BLUE,
            solved: true,
            solvedAt: at(12),
            solvedBy: 'Bob',
            attempts: 0,
            points: 100,
            hints: 0,
            hintCost: 0,
          },
        ],
        resolution: {
          flags: ['203.0.113.7'],
          caseInsensitive: true,
          choices: null,
          explanation: {
            en: 'The **access log** shows every request from this address.',
            fr: 'Le **journal d’accès** montre chaque requête de cette adresse.',
          },
        },
      },
      {
        uuid: CHOICE,
        position: 2,
        title: { en: 'Pick the weak cipher', fr: 'Choisissez le chiffrement faible' },
        type: 'single_choice',
        category: 'crypto',
        difficulty: 1,
        points: 50,
        required: false,
        firstBlood: { teamUuid: BLUE, at: at(20) },
        teams: [
          {
            teamUuid: BLUE,
            solved: true,
            solvedAt: at(20),
            solvedBy: null,
            attempts: 0,
            points: 50,
            hints: 0,
            hintCost: 0,
          },
        ],
        resolution: {
          flags: null,
          caseInsensitive: null,
          choices: [
            { id: 'a', text: { en: 'AES-256', fr: 'AES-256' }, correct: false },
            { id: 'b', text: { en: 'RC4', fr: 'RC4' }, correct: true },
          ],
          explanation: null,
        },
      },
    ],
    evolution: {
      durationMs: 30 * 60_000,
      teams: [
        {
          teamUuid: BLUE,
          points: [
            { at: 12 * 60_000, score: 100 },
            { at: 20 * 60_000, score: 150 },
          ],
        },
        {
          teamUuid: RED,
          points: [
            { at: 3 * 60_000, score: -10 },
            { at: 4.5 * 60_000, score: 90 },
          ],
        },
      ],
    },
    ...overrides,
  };
};

export const buildSurveyResponse = (overrides: Partial<SurveyResponse> = {}): SurveyResponse => ({
  rating: 'satisfied',
  comment: null,
  updatedAt: '2026-03-02T09:35:00.000Z',
  ...overrides,
});

export const apiError = (status: number, code: string) =>
  Response.json({ error: { code, message: code } }, { status });

/**
 * The debrief's API for one session: its stats (or another answer), and this player's survey
 * answer, which a POST replaces (`survey()` reads it back).
 */
export const debriefApi = (
  uuid: string,
  {
    stats = () => Response.json(buildSessionStats()),
    response = null,
  }: { stats?: () => Response; response?: SurveyResponse | null } = {},
) => {
  let current = response;
  const routes: ApiRoutes = {
    [`GET /api/sessions/${uuid}/stats`]: stats,
    [`GET /api/sessions/${uuid}/survey`]: () => Response.json({ response: current }),
    [`POST /api/sessions/${uuid}/survey`]: (init) => {
      const body = JSON.parse(String(init.body)) as SurveyBody;
      current = {
        rating: body.rating,
        comment: body.comment ?? null,
        updatedAt: new Date().toISOString(),
      };
      return Response.json({ response: current });
    },
  };
  return { routes, survey: () => current };
};
