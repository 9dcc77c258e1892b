import { z } from 'zod';
import { localizedTextSchema } from '../domain/content.js';
import { defineRoute } from './route.js';
import { submissionTextLength } from './trainer-cockpit.js';

const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });

/**
 * Where teams wait for an answer: a team's support thread belongs to its session (answered from
 * that session's cockpit), so the trainers' inbox, which holds the players' threads outside
 * sessions, says which sessions have unread team questions, and how many.
 */
export const getTrainerSupportSessions = defineRoute({
  method: 'GET',
  path: '/api/trainer/support/sessions',
  summary:
    'The sessions whose teams wrote to the trainers, with the messages the caller has not read',
  tag: 'chat',
  access: 'trainer',
  responses: {
    200: z.object({
      sessions: z.array(
        z.object({
          sessionUuid: z.uuid(),
          name: z.string(),
          unread: z.number().int().positive(),
        }),
      ),
    }),
  },
});

/**
 * A hint of the objective as the trainers see it beside a team's question: its text in both
 * languages (the trainers may read every hint, as its authors) and the team's unlock of it.
 */
export const supportHintSchema = z.object({
  uuid,
  /** 1 for the first hint. */
  position: z.number().int().positive(),
  /** What a team pays to unlock it. */
  cost: z.number().int().nonnegative(),
  text: localizedTextSchema,
  /** How the team got it; `null` while the team does not have it. */
  unlock: z
    .object({
      /** Points the team paid for it; 0 when a trainer gave it. */
      charged: z.number().int().nonnegative(),
      /** Given by a trainer. */
      free: z.boolean(),
      /** The teammate who bought it, or the trainer who gave it. */
      by: z.string(),
      at: instant,
    })
    .nullable(),
});
export type SupportHint = z.infer<typeof supportHintSchema>;

/** A wrong answer of the team on the objective, as the submissions feed shows it. */
export const supportWrongAnswerSchema = z.object({
  id: z.number().int().positive(),
  pseudo: z.string(),
  answer: z.string().max(submissionTextLength),
  createdAt: instant,
});

/**
 * What a team's support question is about, for the trainers only: the objective it was asked
 * from and the team's path on it. Wrong answers never leave the trainers' side.
 */
export const supportContextSchema = z.object({
  team: z.object({ uuid, name: z.string() }),
  objective: z.object({
    uuid,
    title: localizedTextSchema,
    points: z.number().int().nonnegative(),
    /** Locked by the content (prerequisites) … */
    locked: z.boolean(),
    /** … and opened to every team by a trainer. */
    unlocked: z.boolean(),
  }),
  /** When the latest question about it was asked. */
  askedAt: instant,
  /** The team's state on it: still closed to it, open, solved, or out of attempts. */
  state: z.enum(['locked', 'open', 'solved', 'no_attempts_left']),
  /** Attempts counted by the rules (distinct wrong answers). */
  attempts: z.number().int().nonnegative(),
  maxAttempts: z.number().int().positive().nullable(),
  attemptsLeft: z.number().int().nonnegative().nullable(),
  /** Every wrong submission of the team on it, repeated ones included, oldest first. */
  wrongAnswers: z.array(supportWrongAnswerSchema),
  /**
   * The team's first answer to it: what the data knows of when the team started on it (opening
   * an objective is not recorded). `null` while the team has not answered.
   */
  firstAttemptAt: instant.nullable(),
  solvedAt: instant.nullable(),
  /** Every hint of the objective in order, with the team's unlock of each. */
  hints: z.array(supportHintSchema),
  serverTime: instant,
});
export type SupportContext = z.infer<typeof supportContextSchema>;

export const getTrainerSupportContext = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/chat/threads/{thread}/context',
  summary:
    'The objective a team’s support thread last asked about, with the team’s attempts and wrong answers',
  tag: 'chat',
  access: 'trainer',
  params: z.object({ uuid, thread: uuid }),
  responses: {
    /** `context` is `null` while no question of the thread names an objective. */
    200: z.object({ context: supportContextSchema.nullable() }),
    404: null,
  },
});

export const trainerSupportRoutes = [getTrainerSupportSessions, getTrainerSupportContext] as const;
