import { errorStatus, type ErrorCode, type FieldIssue } from '@rampart/contracts';

/** English fallback text per code; clients translate by code and show their own wording. */
const defaultMessages: Record<ErrorCode, string> = {
  'request.malformed': 'The request could not be read.',
  'request.not_found': 'Not found.',
  'request.method_not_allowed': 'This method is not allowed here.',
  'request.unsupported_media_type': 'This content type is not accepted here.',
  'request.too_large': 'The request body is too large.',
  'request.invalid': 'Some fields are invalid.',
  'request.rate_limited': 'Too many requests, please wait a moment.',
  'auth.unauthenticated': 'You are not authenticated.',
  'auth.forbidden': 'You are not allowed to do this.',
  'auth.csrf_mismatch': 'The anti-forgery token is missing or does not match.',
  'auth.origin_mismatch': 'This request comes from another site.',
  'auth.invalid_credentials': 'Wrong username or password.',
  'auth.session_expired': 'Your session ended after a period of inactivity.',
  'auth.too_many_attempts': 'Too many attempts. Please wait before trying again.',
  'auth.magic_link_disabled': 'Login links are not allowed on this server.',
  'auth.magic_link_invalid': 'This login link is invalid or has already been used.',
  'auth.magic_link_expired': 'This login link has expired.',
  'account.not_found': 'No such account.',
  'profile.wrong_password': 'The current password is wrong.',
  'profile.pseudo_unchanged': 'The new pseudo must differ from the current one.',
  'profile.pseudo_taken': 'This pseudo is already taken.',
  'content.chapter_not_found': 'No such chapter.',
  'content.mission_not_found': 'No such mission.',
  'content.file_not_found': 'No such file.',
  'content.unknown_players': 'Some of these players do not exist.',
  'content.pack_invalid': 'The content pack has problems: nothing was imported.',
  'content.archive_invalid': 'This file is not a zip archive of content packs.',
  'content.archive_too_large': 'This archive unpacks to more than the limit.',
  'session.not_found': 'No such session.',
  'session.forbidden': 'You are not part of this session.',
  'session.not_owner': 'Only the owner of this session can do this.',
  'session.invalid_transition': 'The session cannot do this in its current state.',
  'session.ended': 'This session is over.',
  'session.no_team': 'The session has no team yet.',
  'session.not_joined': 'Join the session first.',
  'session.mission_not_allowed': 'This mission is not in a chapter open to you.',
  'team.not_found': 'No such team.',
  'team.max_teams_reached': 'Maximum number of teams reached.',
  'team.full': 'Maximum number of players reached in this team.',
  'team.already_member': 'You are already in a team of this session.',
  'team.name_taken': 'A team of this session already has this name.',
  'team.invalid_token': 'This team token is not valid for this session.',
  'team.leave_closed': 'Teams can only be left in the lobby.',
  'team.logo_invalid': 'The logo must be a PNG, JPEG or WebP image.',
  'team.logo_too_large': 'The logo is too large.',
  'team.too_many_attempts': 'Too many token attempts. Please wait before trying again.',
  'team.eliminated': 'Your team has been eliminated.',
  'session.paused': 'The game is paused.',
  'session.not_running': 'The game is not running.',
  'objective.not_found': 'No such objective in this session.',
  'objective.locked': 'This objective is locked.',
  'objective.already_solved_by_a_team': 'A team has already solved this objective.',
  'answer.invalid': 'This is not an answer to this objective.',
  'answer.flag_already_found': 'The flag has already been found',
  'answer.already_solved': 'Challenge already solved',
  'answer.max_attempts': 'Maximum number of attempts reached',
  'answer.rate_limited': 'Too many answers to this objective. Please wait a moment.',
  'chat.thread_not_found': 'No such chat thread for you.',
  'chat.read_only': 'Only trainers post in this channel.',
  'chat.message_empty': 'A message cannot be empty.',
  'chat.message_too_long': 'This message is too long.',
  'chat.rate_limited': 'Too many messages. Please wait a moment.',
  'events.too_many_streams': 'Too many event streams are open for this account: close a tab.',
  'database.unavailable': 'The database is unavailable, please try again shortly.',
  'server.unavailable': 'The server is shutting down, please try again shortly.',
  'server.internal': 'An error has occurred.',
  'account.username_taken': 'This username is already taken.',
  'account.pseudo_taken': 'This pseudo is already taken.',
  'players.csv_too_large': 'The CSV file is larger than 1 MB.',
  'players.csv_too_many_rows': 'The CSV file has more than 2,000 rows.',
  'players.csv_bad_header': 'The first line of the CSV must be username,pseudo,locale.',
  'players.csv_unreadable':
    'The CSV file could not be read (UTF-8 text with quoted fields closed).',
  'survey.not_played': 'Only the players of a session can rate it.',
  'survey.session_not_over': 'A session can be rated once it is over.',
  'debrief.session_not_over': 'The statistics of a session open once it is over.',
  'content.edit_conflict':
    'This chapter changed since you opened it (another trainer saved it, or a pack was imported): reload it.',
  'content.chapter_in_use': 'Gaming sessions used missions of this chapter: it cannot be deleted.',
  'content.objective_not_found': 'No such objective.',
  'content.file_name_invalid':
    'A file name may hold letters, digits, ".", "_" and "-" only, and not start with a dot.',
  'content.file_type_not_allowed': 'This type of file cannot be attached.',
  'content.file_too_large': 'An attached file may be at most 5 MB.',
  'content.file_name_taken': 'Another file of this objective already has this name.',
  'content.too_many_files': 'This objective already has as many files as allowed.',
  'content.chapter_files_too_large':
    'The files of this chapter would exceed 25 MB together, the limit of a content pack.',
  'lab.not_configured': 'This mission has no lab environment.',
  'lab.not_found': 'This team has no live lab environment.',
  'lab.extension_limit': 'This environment cannot be extended any further.',
  'lab.no_capacity': 'No environment available, try again later',
  'lab.connection_error': 'Game connection error: contact the administrator',
  'lab.not_ready': 'The lab environment is not ready yet.',
  'lab.console_ticket_invalid': 'This console link is no longer valid: open the console again.',
  'lab.console_limit': 'Your team has too many consoles open: close one first.',
};

/** A failure with a stable code from the contracts; the error handler maps it to HTTP. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? defaultMessages[code]);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const messageFor = (code: ErrorCode): string => defaultMessages[code];
