import { z } from 'zod';

/**
 * Every error code the API can answer with, and the HTTP status it maps to.
 * The web client translates by code (`errors.<code>` in its catalogues), never by message.
 */
export const errorStatus = {
  'request.malformed': 400,
  'request.not_found': 404,
  'request.method_not_allowed': 405,
  'request.unsupported_media_type': 415,
  'request.too_large': 413,
  'request.invalid': 422,
  'request.rate_limited': 429,
  'auth.unauthenticated': 401,
  'auth.forbidden': 403,
  'auth.csrf_mismatch': 419,
  'auth.origin_mismatch': 403,
  'auth.invalid_credentials': 401,
  'auth.session_expired': 401,
  'auth.too_many_attempts': 429,
  'auth.magic_link_disabled': 403,
  'auth.magic_link_invalid': 404,
  'auth.magic_link_expired': 410,
  'account.not_found': 404,
  'profile.wrong_password': 422,
  'profile.pseudo_unchanged': 422,
  'profile.pseudo_taken': 409,
  'events.too_many_streams': 429,
  'content.chapter_not_found': 404,
  'content.mission_not_found': 404,
  'content.file_not_found': 404,
  'content.unknown_players': 422,
  'content.pack_invalid': 422,
  'content.archive_invalid': 422,
  'content.archive_too_large': 413,
  'session.not_found': 404,
  'session.forbidden': 403,
  'session.not_owner': 403,
  'session.invalid_transition': 409,
  'session.ended': 409,
  'session.no_team': 409,
  'session.not_joined': 403,
  'session.mission_not_allowed': 403,
  'team.not_found': 404,
  'team.max_teams_reached': 409,
  'team.full': 409,
  'team.already_member': 409,
  'team.name_taken': 409,
  'team.invalid_token': 404,
  'team.leave_closed': 409,
  'team.logo_invalid': 422,
  'team.logo_too_large': 413,
  'team.too_many_attempts': 429,
  'team.eliminated': 403,
  'session.paused': 423,
  'session.not_running': 409,
  'objective.not_found': 404,
  'objective.locked': 423,
  'objective.already_solved_by_a_team': 409,
  'answer.invalid': 422,
  'answer.flag_already_found': 409,
  'answer.already_solved': 409,
  'answer.max_attempts': 409,
  'answer.rate_limited': 429,
  'chat.thread_not_found': 404,
  'chat.read_only': 403,
  'chat.message_empty': 422,
  'chat.message_too_long': 422,
  'chat.rate_limited': 429,
  'database.unavailable': 503,
  'server.unavailable': 503,
  'server.internal': 500,
  'account.username_taken': 409,
  'account.pseudo_taken': 409,
  'players.csv_too_large': 413,
  'players.csv_too_many_rows': 422,
  'players.csv_bad_header': 422,
  'players.csv_unreadable': 422,
  'survey.not_played': 403,
  'survey.session_not_over': 409,
  'debrief.session_not_over': 409,
  'content.edit_conflict': 409,
  'content.chapter_in_use': 409,
  'content.objective_not_found': 404,
  'content.file_name_invalid': 422,
  'content.file_type_not_allowed': 422,
  'content.file_too_large': 413,
  'content.file_name_taken': 409,
  'content.too_many_files': 409,
  'content.chapter_files_too_large': 413,
  'lab.not_configured': 404,
  'lab.not_found': 404,
  'lab.extension_limit': 409,
  'lab.no_capacity': 503,
  'lab.connection_error': 502,
  'lab.not_ready': 409,
  'lab.console_ticket_invalid': 401,
  'lab.console_limit': 429,
  'lab.vpn_disabled': 404,
  'lab.vpn_full': 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export const errorCodeSchema = z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]);

export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    issues: z.array(fieldIssueSchema).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type FieldIssue = z.infer<typeof fieldIssueSchema>;
