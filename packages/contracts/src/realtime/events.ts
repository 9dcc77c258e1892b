import { z } from 'zod';
import { chatChannelSchema, chatMessageSchema } from '../domain/chat.js';
import { localizedTextSchema } from '../domain/content.js';
import { sessionStatusSchema, startPhases } from '../domain/session.js';
import { environmentPhases } from '../domain/labs.js';

/**
 * The real-time protocol: every event a client can receive on an event stream, as a typed union
 * with a protocol version. The server validates a payload against its type before writing it to
 * the event log; the web client parses what it receives with the same schemas. Payloads never
 * carry secrets (answers, flags, another team's private data): the audience of an event decides
 * who receives it, the payload must be fit for every member of that audience.
 */
export const REALTIME_PROTOCOL_VERSION = 1;

/**
 * Who may see an event: everyone on the session's stream, one team, one user, or the trainers.
 * Team and user audiences carry the uuid: `team:<uuid>`, `user:<uuid>`.
 */
export const audienceSchema = z.union([
  z.literal('session'),
  z.literal('trainers'),
  z.templateLiteral(['team:', z.uuid()]),
  z.templateLiteral(['user:', z.uuid()]),
]);
export type Audience = z.infer<typeof audienceSchema>;

const uuid = z.uuid();
const shortText = z.string().max(200);
const instant = z.iso.datetime({ offset: true });

/** Events in the past tense (`objective.solved`), grouped by what they are about. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  // The per-user stream (`GET /api/me/events`): what belongs to a user outside any session.
  z.object({
    type: z.literal('support.replied'),
    payload: z.object({
      threadUuid: uuid,
      messageUuid: uuid,
      authorPseudo: shortText,
      excerpt: z.string().max(280),
    }),
  }),
  /** A message of the player's support thread outside any session (theirs or a trainer's). */
  z.object({
    type: z.literal('support.message_posted'),
    payload: z.object({ message: chatMessageSchema }),
  }),
  z.object({
    type: z.literal('session.invited'),
    payload: z.object({ sessionUuid: uuid, sessionName: shortText, invitedBy: shortText }),
  }),
  z.object({
    type: z.literal('chapter.assigned'),
    payload: z.object({ chapterUuid: uuid, title: localizedTextSchema }),
  }),
  z.object({
    type: z.literal('chapter.unassigned'),
    payload: z.object({ chapterUuid: uuid }),
  }),
  /**
   * On each player's own stream: a session they are in changed (a trainer's change, or they
   * were removed from it), so the lists of sessions they have open are read again.
   */
  z.object({
    type: z.literal('session.changed'),
    payload: z.object({ sessionUuid: uuid, removed: z.boolean() }),
  }),
  z.object({
    type: z.literal('session.joinable'),
    payload: z.object({ sessionUuid: uuid, sessionName: shortText }),
  }),
  // A gaming session's stream (`GET /api/sessions/{uuid}/events`).
  /**
   * A person changed the session's course (start, wait for players, pause, resume, stop). What
   * time alone changes (countdown → running, running → finished) is not announced: clients
   * derive it from `startsAt` and `endsAt` and their offset to `serverTime`.
   */
  z.object({
    type: z.literal('session.status_changed'),
    payload: z.object({
      sessionUuid: uuid,
      status: sessionStatusSchema,
      startPhase: z.enum(startPhases),
      startWaitEndsAt: instant.nullable(),
      startsAt: instant.nullable(),
      endsAt: instant.nullable(),
      remainingMs: z.number().int().nonnegative(),
      serverTime: instant,
      /** The game ended because every team still playing solved every objective. */
      allSolved: z.boolean().optional(),
    }),
  }),
  /** The lobby's settings changed (the owner switched the mission). */
  z.object({
    type: z.literal('session.updated'),
    payload: z.object({ sessionUuid: uuid }),
  }),
  z.object({
    type: z.literal('session.player_joined'),
    payload: z.object({ pseudo: shortText }),
  }),
  z.object({
    type: z.literal('team.created'),
    payload: z.object({ teamUuid: uuid, name: shortText }),
  }),
  z.object({
    type: z.literal('team.member_joined'),
    payload: z.object({ teamUuid: uuid, pseudo: shortText }),
  }),
  /** A team solved an objective: who, which and for how much; never the answer. */
  z.object({
    type: z.literal('objective.solved'),
    payload: z.object({
      teamUuid: uuid,
      teamName: shortText,
      objectiveUuid: uuid,
      points: z.number().int(),
      firstBlood: z.boolean(),
      speedrun: z.boolean(),
    }),
  }),
  /** To the team only: a teammate's wrong answer used an attempt (the answer is not said). */
  z.object({
    type: z.literal('objective.attempted'),
    payload: z.object({
      objectiveUuid: uuid,
      pseudo: shortText,
      attempts: z.number().int().nonnegative(),
      attemptsLeft: z.number().int().nonnegative().nullable(),
      penalty: z.number().int().nonnegative(),
    }),
  }),
  /**
   * To the team and to `trainers` (one event each): the team unlocked a hint, who did and what it
   * cost (0 when a trainer gave it). Never its text: the team reads it through its objectives.
   */
  z.object({
    type: z.literal('hint.unlocked'),
    payload: z.object({
      teamUuid: uuid,
      teamName: shortText,
      objectiveUuid: uuid,
      hintUuid: uuid,
      position: z.number().int().positive(),
      cost: z.number().int().nonnegative(),
      free: z.boolean(),
      pseudo: shortText,
    }),
  }),
  z.object({
    type: z.literal('objective.unlocked'),
    payload: z.object({ objectiveUuid: uuid }),
  }),
  /**
   * A trainer changed an objective of the session's mission while it is played (its text,
   * points, choices or files): game screens read it again through the player's own view. Only
   * its uuid: what players may read of it comes from that view, its answer from nowhere.
   */
  z.object({
    type: z.literal('objective.updated'),
    payload: z.object({ objectiveUuid: uuid }),
  }),
  z.object({
    type: z.literal('speedrun.launched'),
    payload: z.object({
      objectiveUuid: uuid,
      title: shortText,
      description: z.string().max(2000),
      launchedAt: instant,
      points: z.number().int().nonnegative(),
      floor: z.number().int().nonnegative(),
    }),
  }),
  /**
   * A trainer eliminated a team. Written twice: to `session` with `reason: null` (every player
   * learns the team is out, not why), and to the team and to `trainers` with the reason.
   */
  z.object({
    type: z.literal('team.eliminated'),
    payload: z.object({
      teamUuid: uuid,
      teamName: shortText,
      reason: z.string().max(500).nullable(),
    }),
  }),
  /**
   * The ranking after a change of scores or of solves: the whole table (it is small), serialised
   * once, with every column the ranking screen shows (the rows `GET …/ranking` answers), so an
   * open screen takes it as it is instead of reading it again.
   */
  z.object({
    type: z.literal('ranking.changed'),
    payload: z.object({
      teams: z
        .array(
          z.object({
            uuid,
            name: shortText,
            logoUrl: z.string().max(300).nullable(),
            score: z.number().int(),
            rank: z.number().int().positive(),
            eliminated: z.boolean(),
            completed_objectives: z.number().int().nonnegative(),
          }),
        )
        .max(200),
    }),
  }),
  /**
   * To the team only: one of its members opened or closed the session (their first or last event
   * stream). Says no more: the session's view (`online` per member) is the truth to read again.
   */
  z.object({
    type: z.literal('team.presence_changed'),
    payload: z.object({ teamUuid: uuid }),
  }),
  /**
   * A chat message of the session: to `session` (Admin, General), to `team:<uuid>` (its Team
   * channel, its support thread) and, for a support thread, to `trainers` as well.
   */
  z.object({
    type: z.literal('chat.message_posted'),
    payload: z.object({ channel: chatChannelSchema, message: chatMessageSchema }),
  }),
  /**
   * A trainer changed the session under way (its name, minutes or limits): the new settings and
   * times, so a timer moves at once; `minutesAdded` is what the change added (negative: removed).
   */
  z.object({
    type: z.literal('session.settings_changed'),
    payload: z.object({
      sessionUuid: uuid,
      name: z.string().max(200),
      maxTeams: z.number().int().positive(),
      playersPerTeam: z.number().int().positive(),
      durationMinutes: z.number().int().positive(),
      minutesAdded: z.number().int(),
      status: sessionStatusSchema,
      startPhase: z.enum(startPhases),
      startWaitEndsAt: instant.nullable(),
      startsAt: instant.nullable(),
      endsAt: instant.nullable(),
      remainingMs: z.number().int().nonnegative(),
      serverTime: instant,
    }),
  }),
  /** A trainer moved a player from one team (or none) to another. */
  z.object({
    type: z.literal('team.member_moved'),
    payload: z.object({ teamUuid: uuid, fromTeamUuid: uuid.nullable(), pseudo: shortText }),
  }),
  /**
   * A player left the session, or a trainer removed them (`removed`). Their team keeps its
   * points; `teamRemoved` when it was empty before play began and so was deleted.
   */
  z.object({
    type: z.literal('session.player_left'),
    payload: z.object({
      pseudo: shortText,
      teamUuid: uuid.nullable(),
      teamRemoved: z.boolean(),
      removed: z.boolean(),
    }),
  }),
  /**
   * To one player, on the session's stream (audience `user:<uuid>`): what they may read of the
   * session changed (moved to another team, out of their team, out of the session). The server
   * ends the stream right after it, so the client reconnects with what it may read now and
   * nothing of the team it left reaches it any more.
   */
  z.object({
    type: z.literal('session.access_changed'),
    payload: z.object({ sessionUuid: uuid }),
  }),
  /** A trainer dissolved a team: its members have no team; `teamRemoved` before play began. */
  z.object({
    type: z.literal('team.dissolved'),
    payload: z.object({ teamUuid: uuid, teamName: shortText, teamRemoved: z.boolean() }),
  }),
  /** A trainer lifted a team's elimination. */
  z.object({
    type: z.literal('team.reinstated'),
    payload: z.object({ teamUuid: uuid, teamName: shortText }),
  }),
  z.object({
    type: z.literal('team.member_left'),
    payload: z.object({ teamUuid: uuid, pseudo: shortText, teamRemoved: z.boolean() }),
  }),
  /**
   * A trainer added or removed points. Written like an elimination: to `session` with
   * `reason: null`, and to the team and to `trainers` with the trainer's reason.
   */
  z.object({
    type: z.literal('score.adjusted'),
    payload: z.object({
      teamUuid: uuid,
      teamName: shortText,
      points: z.number().int(),
      reason: z.string().max(500).nullable(),
      score: z.number().int(),
    }),
  }),
  /**
   * To `trainers` only: new submissions were recorded (one event per batch and session, whatever
   * its number of answers). It carries no answer: the cockpit reads them from the submissions
   * feed after the last one it holds (`?after=`), so the answer path copies no text into the log.
   */
  z.object({
    type: z.literal('submissions.recorded'),
    payload: z.object({ count: z.number().int().positive().max(256) }),
  }),
  /**
   * To the team and to `trainers`: the team's lab environment changed (allocated, ready,
   * degraded, extended, released, failed). The rest is read with the environment routes.
   */
  z.object({
    type: z.literal('lab.environment_changed'),
    payload: z.object({
      teamUuid: uuid,
      environmentUuid: uuid,
      phase: z.enum(environmentPhases),
      expiresAt: instant,
    }),
  }),
  /**
   * To `trainers`: a display link of the session was created or revoked (the cockpit's list is
   * read again). A revocation also ends, on every node, the streams the link holds open.
   */
  z.object({
    type: z.literal('display.link_changed'),
    payload: z.object({ linkUuid: uuid, revoked: z.boolean() }),
  }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;

/**
 * The `data:` of one SSE message; its `id:` is `sequence` and its `event:` is `type`. A client
 * keeps the last `sequence` it handled and sends it back as `Last-Event-ID` (or `?lastEventId=`)
 * when it reconnects: the server replays exactly what followed.
 */
export const eventEnvelopeSchema = z.intersection(
  z.object({
    v: z.literal(REALTIME_PROTOCOL_VERSION),
    sequence: z.number().int().positive(),
    audience: audienceSchema,
    createdAt: z.iso.datetime({ offset: true }),
  }),
  realtimeEventSchema,
);
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/**
 * Control messages of the stream itself, never stored in the log. `stream.reset` (with `id:` the
 * stream's current sequence) means "what you hold cannot be continued": the `Last-Event-ID` sent
 * is beyond the end of this stream (another stream's id, a restored database). The client drops
 * its state, refetches it and continues from here.
 */
export const streamResetSchema = z.object({
  v: z.literal(REALTIME_PROTOCOL_VERSION),
  type: z.literal('stream.reset'),
  sequence: z.number().int().nonnegative(),
  reason: z.literal('last_event_id_ahead'),
});
export type StreamReset = z.infer<typeof streamResetSchema>;

/** `Last-Event-ID` / `?lastEventId=`: the sequence of the last event the client handled. */
export const lastEventIdSchema = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'must be the id of an event: a whole number, 0 or more' });
