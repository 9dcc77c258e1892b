import type { TrainerSession } from '@rampart/contracts';
import type { ApiRoutes } from '../../../test/render-app';
import type { TrainerMissionList, TrainerSessionItem } from '../api/trainer-sessions';

const now = '2026-03-02T10:00:00.000Z';
let counter = 0;
const nextUuid = () => {
  counter += 1;
  return `0190a1b2-c3d4-7e5f-8a9b-${String(counter).padStart(12, '0')}`;
};

export const missionUuid = '0190a1b2-c3d4-7e5f-8a9b-00000000a001';
const chapterUuid = '0190a1b2-c3d4-7e5f-8a9b-00000000c001';

export const trainerMissions: TrainerMissionList = [
  {
    uuid: missionUuid,
    chapter_uuid: chapterUuid,
    chapterTitle: { en: 'Foundations', fr: 'Fondations' },
    title: { en: 'Phishing hunt', fr: 'Chasse au phishing' },
    difficulty: 2,
    durationMinutes: 45,
    objectiveCount: 3,
    points: 300,
  },
];

export const buildSessionItem = (
  overrides: Partial<TrainerSessionItem> = {},
): TrainerSessionItem => ({
  uuid: nextUuid(),
  name: 'Drill',
  missionUuid,
  missionTitle: 'Phishing hunt',
  chapter_uuid: chapterUuid,
  teamsCount: 2,
  playersCount: 5,
  maxTeams: 10,
  playersPerTeam: 4,
  ownerKind: 'trainer',
  status: 'lobby',
  startPhase: 'idle',
  startWaitEndsAt: null,
  scheduledStartAt: null,
  startsAt: null,
  endsAt: null,
  remainingMs: 0,
  serverTime: now,
  ...overrides,
});

export const buildTrainerSession = (overrides: Partial<TrainerSession> = {}): TrainerSession => ({
  uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000d001',
  name: 'Friday drill',
  status: 'running',
  startPhase: 'idle',
  startWaitEndsAt: null,
  scheduledStartAt: null,
  startsAt: now,
  endsAt: '2026-03-02T11:00:00.000Z',
  remainingMs: 3_600_000,
  serverTime: now,
  ownerKind: 'trainer',
  maxTeams: 10,
  playersPerTeam: 4,
  minPlayersPerTeam: 1,
  durationMinutes: 60,
  teamsCount: 1,
  completed_objectives: 0,
  total_objectives: 3,
  progress_percentage: 0,
  mission: {
    uuid: missionUuid,
    title: { en: 'Phishing hunt', fr: 'Chasse au phishing' },
    chapter_uuid: chapterUuid,
    chapterTitle: { en: 'Foundations', fr: 'Fondations' },
  },
  owner: { pseudo: 'Trainer' },
  teams: [
    {
      uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000e001',
      name: 'Blue Owls',
      logoUrl: null,
      members: [{ pseudo: 'Alice', avatarId: null, isSelf: false, online: true }],
      rank: 1,
      score: 120,
      eliminated: false,
      token: 'abcdefghijklmnopqrstuvwxyz0',
    },
  ],
  playersWithoutTeam: [],
  ...overrides,
});

const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

/** The trainer routes a console screen reads, answering with the given data. */
export const trainerApi = ({
  sessions = [],
  session = buildTrainerSession(),
}: { sessions?: TrainerSessionItem[]; session?: TrainerSession } = {}): ApiRoutes => ({
  'GET /api/trainer/sessions': json({ sessions }),
  'GET /api/trainer/missions': json({ missions: trainerMissions }),
  'GET /api/trainer/support/threads': json({ threads: [] }),
  [`GET /api/trainer/sessions/${session.uuid}`]: json({ session }),
  [`GET /api/trainer/sessions/${session.uuid}/chat/threads`]: json({ threads: [] }),
});

/** An API refusal in the server's error shape. */
export const refusal = (status: number, code: string) => () =>
  Response.json({ error: { code, message: code } }, { status });
