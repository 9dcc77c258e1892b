import { z } from 'zod';
import { auditEntrySchema, cockpitSchema, submissionSchema } from './trainer-cockpit.js';
import { defineRoute } from './route.js';
import { sessionStatsSchema } from './stats.js';

/**
 * A session's exports for trainers, from the cockpit and from the API: the ranking
 * and every submission as CSV (UTF-8 with a byte order mark, so spreadsheets read the accents;
 * a text cell that a spreadsheet would take for a formula is prefixed with `'`), and the whole
 * session as JSON. Hint unlocks are in both: counted per team in the ranking, listed in the JSON.
 */
const sessionParams = z.object({ uuid: z.uuid() });

/** The CSV columns, in order: a header row names them. */
export const rankingCsvColumns = [
  'rank',
  'team',
  'score',
  'completed_objectives',
  'eliminated',
  'result',
  'members',
  'hints',
  'hint_cost',
] as const;

export const submissionsCsvColumns = [
  'id',
  'created_at',
  'team',
  'player',
  'objective',
  'correct',
  'points',
  'answer',
] as const;

export const sessionExportSchema = z.object({
  format: z.literal('rampart.session/v1'),
  exportedAt: z.iso.datetime({ offset: true }),
  stats: sessionStatsSchema,
  members: z.array(z.object({ teamUuid: z.uuid(), accountId: z.uuid(), pseudo: z.string() })),
  submissions: z.array(submissionSchema),
  /** Every hint unlocked, oldest first: team, objective, who, and the price paid. */
  hintUnlocks: cockpitSchema.shape.hintUnlocks,
  audit: z.array(auditEntrySchema),
});
export type SessionExport = z.infer<typeof sessionExportSchema>;

export const getRankingCsv = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/exports/ranking.csv',
  summary: 'The ranking as CSV, with each team’s result and members',
  tag: 'debrief',
  access: 'trainer',
  params: sessionParams,
  produces: 'text/csv',
  responses: { 200: null, 404: null },
});

export const getSubmissionsCsv = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/exports/submissions.csv',
  summary: 'Every submission as CSV, oldest first, wrong answers’ text included',
  tag: 'debrief',
  access: 'trainer',
  params: sessionParams,
  produces: 'text/csv',
  responses: { 200: null, 404: null },
});

export const getSessionExport = defineRoute({
  method: 'GET',
  path: '/api/trainer/sessions/{uuid}/exports/session.json',
  summary: 'The whole session as JSON: statistics, members, submissions and the audit log',
  tag: 'debrief',
  access: 'trainer',
  params: sessionParams,
  responses: { 200: sessionExportSchema, 404: null },
});

export const sessionExportRoutes = [getRankingCsv, getSubmissionsCsv, getSessionExport] as const;
