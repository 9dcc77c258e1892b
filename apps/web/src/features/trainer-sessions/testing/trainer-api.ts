import type {
  AuditEntry,
  Cockpit,
  SessionEnvironments,
  TrainerEnvironment,
  Submission,
  SurveyDistribution,
  TrainerSession,
} from '@rampart/contracts';
import type { ApiRoutes } from '../../../test/render-app';
import type { TrainerSessionSurvey } from '../../debrief/api/trainer-debrief';
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
  endWhenAllSolved: false,
  allSolvedAt: null,
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
  streamPosition: 0,
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
      eliminationReason: null,
    },
  ],
  playersWithoutTeam: [],
  shortTeams: [],
  ...overrides,
});

export const objectiveUuids = [
  '0190a1b2-c3d4-7e5f-8a9b-00000000f001',
  '0190a1b2-c3d4-7e5f-8a9b-00000000f002',
] as const;

/** The cockpit's read model of `session`: its teams, two objectives, no activity yet. */
export const buildCockpit = (
  session: TrainerSession = buildTrainerSession(),
  overrides: Partial<Cockpit> = {},
): Cockpit => ({
  sessionUuid: session.uuid,
  teams: session.teams.map((team) => ({
    uuid: team.uuid,
    name: team.name,
    logoUrl: team.logoUrl,
    eliminated: team.eliminated,
    eliminationReason: null,
    score: team.score,
    rank: team.rank,
    completed_objectives: 0,
    total_objectives: objectiveUuids.length,
    progress_percentage: 0,
    members: team.members.map((member, index) => ({
      uuid: `0190a1b2-c3d4-7e5f-8a9b-0000000a${String(index).padStart(4, '0')}`,
      pseudo: member.pseudo,
      avatarId: member.avatarId,
      online: member.online,
    })),
  })),
  objectives: [
    {
      uuid: objectiveUuids[0],
      position: 1,
      title: { en: 'Spot the sender', fr: 'Repérer l’expéditeur' },
      type: 'flag',
      points: 100,
      locked: false,
      unlocked: false,
      firstBlood: null,
      speedrun: null,
    },
    {
      uuid: objectiveUuids[1],
      position: 2,
      title: { en: 'Read the headers', fr: 'Lire les en-têtes' },
      type: 'single_choice',
      points: 50,
      locked: true,
      unlocked: false,
      firstBlood: null,
      speedrun: null,
    },
  ],
  hintUnlocks: [],
  cells: [],
  serverTime: now,
  ...overrides,
});

export const buildSubmission = (overrides: Partial<Submission> = {}): Submission => ({
  id: 1,
  teamUuid: '0190a1b2-c3d4-7e5f-8a9b-00000000e001',
  objectiveUuid: objectiveUuids[0],
  pseudo: 'Alice',
  answer: 'FLAG{guess}',
  correct: false,
  points: 0,
  createdAt: now,
  ...overrides,
});

export const buildAuditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  action: 'session.started',
  trainer: { uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60', pseudo: 'Trainer' },
  sessionUuid: '0190a1b2-c3d4-7e5f-8a9b-00000000d001',
  targetUuid: null,
  reason: null,
  details: {},
  createdAt: now,
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
  cockpit = buildCockpit(session),
  submissions = [],
  audit = [],
  supportSessions = [],
  survey = { distribution: buildSurveyDistribution(), comments: [] },
  environments = buildSessionEnvironments(session, { lab: null }),
}: {
  sessions?: TrainerSessionItem[];
  session?: TrainerSession;
  cockpit?: Cockpit;
  /** Newest first, as the server keeps them. */
  submissions?: Submission[];
  audit?: AuditEntry[];
  /** Sessions whose teams wait for the trainers. */
  supportSessions?: { sessionUuid: string; name: string; unread: number }[];
  survey?: TrainerSessionSurvey;
  /** The lab environments; the mission has no lab by default. */
  environments?: SessionEnvironments;
} = {}): ApiRoutes => ({
  'GET /api/trainer/sessions': json({ sessions }),
  'GET /api/trainer/missions': json({ missions: trainerMissions }),
  'GET /api/trainer/support/threads': json({ threads: [] }),
  'GET /api/trainer/support/sessions': json({ sessions: supportSessions }),
  [`GET /api/trainer/sessions/${session.uuid}`]: json({ session }),
  [`GET /api/trainer/sessions/${session.uuid}/chat/threads`]: json({ threads: [] }),
  [`GET /api/trainer/sessions/${session.uuid}/cockpit`]: json(cockpit),
  [`GET /api/trainer/sessions/${session.uuid}/submissions`]: submissionsRoute(submissions),
  [`GET /api/trainer/sessions/${session.uuid}/audit`]: json({ entries: audit, nextBefore: null }),
  [`GET /api/trainer/sessions/${session.uuid}/survey`]: json(survey),
  [`GET /api/trainer/sessions/${session.uuid}/environments`]: json(environments),
});

/** A team's environment, ready, 20 minutes left, no extension used of 2. */
export const buildTrainerEnvironment = (
  overrides: Partial<TrainerEnvironment> = {},
): TrainerEnvironment => ({
  uuid: '0190a1b2-c3d4-7e5f-8a9b-00000000b001',
  phase: 'Ready',
  createdAt: now,
  expiresAt: '2026-03-02T10:20:00.000Z',
  renewCount: 0,
  maxRenewals: 2,
  expiresAtLatest: '2026-03-02T12:00:00.000Z',
  provider: 'fake',
  providerRef: 'fake-1',
  lastError: null,
  ...overrides,
});

/** The lab environments of `session`'s teams: a mission with a lab, none allocated yet. */
export const buildSessionEnvironments = (
  session: TrainerSession = buildTrainerSession(),
  overrides: Partial<SessionEnvironments> = {},
): SessionEnvironments => ({
  sessionUuid: session.uuid,
  lab: {
    machines: [{ name: 'web', ports: [80] }],
    consoleMachine: 'web',
    vpn: false,
    ttlSeconds: 1800,
    maxTtlSeconds: 7200,
  },
  provider: 'fake',
  capacity: { global: { inUse: 0, limit: 50 }, session: { inUse: 0, limit: 20 } },
  teams: session.teams.map((team) => ({
    teamUuid: team.uuid,
    teamName: team.name,
    eliminated: team.eliminated,
    environment: null,
  })),
  serverTime: now,
  ...overrides,
});

/**
 * The submissions feed over `rows` (newest first) as the server pages it: `before` and the
 * newest page go down, `after` goes up oldest first. `rows` may grow during a test.
 */
export const submissionsRoute =
  (rows: Submission[], limit = 100) =>
  (_init: RequestInit, url: string) => {
    const query = new URL(url, 'http://test').searchParams;
    const after = query.get('after');
    const before = query.get('before');
    if (after !== null) {
      const newer = rows.filter((row) => row.id > Number(after)).reverse();
      const page = newer.slice(0, limit);
      return Response.json({
        submissions: page,
        nextBefore: null,
        nextAfter: newer.length > limit ? page.at(-1)!.id : null,
      });
    }
    const older = rows.filter((row) => before === null || row.id < Number(before));
    const page = older.slice(0, limit);
    return Response.json({
      submissions: page,
      nextBefore: older.length > limit ? page.at(-1)!.id : null,
      nextAfter: null,
    });
  };

/** An API refusal in the server's error shape. */
export const refusal = (status: number, code: string) => () =>
  Response.json({ error: { code, message: code } }, { status });

/** A survey distribution: no answer by default, of `players` players. */
export const buildSurveyDistribution = (
  counts: Partial<SurveyDistribution['counts']> = {},
  players = 4,
): SurveyDistribution => {
  const all = {
    very_satisfied: 0,
    satisfied: 0,
    neutral: 0,
    unsatisfied: 0,
    very_unsatisfied: 0,
    ...counts,
  };
  return { counts: all, total: Object.values(all).reduce((sum, n) => sum + n, 0), players };
};
