import type { SessionDetail, SessionTeam } from '@rampart/contracts';
import type { ApiRoutes } from '../../../test/render-app';

let sequence = 0;
const nextUuid = () => `0190a1b2-c3d4-7e5f-8b9b-${(++sequence).toString(16).padStart(12, '0')}`;

export const buildTeam = (overrides: Partial<SessionTeam> = {}): SessionTeam => ({
  uuid: nextUuid(),
  name: 'Blue Owls',
  logoUrl: null,
  members: [{ pseudo: 'Bob', avatarId: 'cipher', isSelf: false, online: false }],
  rank: 1,
  score: 0,
  eliminated: false,
  ...overrides,
});

/** A session as `GET /api/sessions/{uuid}` answers it: by default, alice's lobby with her team. */
export const buildPlayerSession = (overrides: Partial<SessionDetail> = {}): SessionDetail => {
  const ownTeam = {
    ...buildTeam({
      name: 'Red Foxes',
      members: [{ pseudo: 'Alice', avatarId: 'sentinel', isSelf: true, online: true }],
    }),
    token: 'Zq3xT0kEn-Example_Token12',
    eliminationReason: null,
  };
  const serverTime = new Date().toISOString();
  return {
    uuid: nextUuid(),
    name: 'Friday exercise',
    status: 'lobby',
    startPhase: 'idle',
    startWaitEndsAt: null,
    scheduledStartAt: null,
    startsAt: null,
    endsAt: null,
    remainingMs: 30 * 60_000,
    serverTime,
    mission: {
      uuid: nextUuid(),
      title: 'Night shift',
      chapter_uuid: nextUuid(),
      chapterTitle: 'Web security',
    },
    ownerKind: 'trainer',
    isOwner: false,
    maxTeams: 4,
    playersPerTeam: 3,
    minPlayersPerTeam: 1,
    durationMinutes: 30,
    endWhenAllSolved: false,
    allSolvedAt: null,
    teamsCount: 2,
    completed_objectives: 0,
    total_objectives: 7,
    progress_percentage: 0,
    scoreAdjustments: [],
    gaming_session_user: { joinedAt: serverTime, gaming_session_team: ownTeam },
    teams: [
      (({ token: _token, eliminationReason: _reason, ...team }) => team)(ownTeam),
      buildTeam(),
    ],
    streamPosition: 0,
    ...overrides,
  };
};

/** `GET /api/sessions/{uuid}` answering the session a test holds (it may change it between calls). */
export const sessionApi = (read: () => SessionDetail): ApiRoutes => {
  const session = read();
  return {
    [`GET /api/sessions/${session.uuid}`]: () => Response.json({ session: read() }),
  };
};
