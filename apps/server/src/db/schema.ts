import type {
  ChapterVisibility,
  LocalizedText,
  MissionResult,
  ObjectiveCategory,
  ObjectiveType,
  SuccessRule,
  SurveyRating,
} from '@rampart/contracts';
import type { EnvironmentPhase, LabTemplate } from '@rampart/contracts';
import type { ColumnType, Generated } from 'kysely';

/** Row types of every table, kept in step with the migrations. */
export interface InstanceSettingTable {
  key: string;
  value: string;
  created_at: ColumnType<Date, never, never>;
}

export interface AccountTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  role: 'player' | 'trainer';
  pseudo: string;
  avatar_id: string | null;
  locale: Generated<'fr' | 'en'>;
  /** The holder chose the language; until then it follows the login page's. */
  locale_chosen: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  password_changed_at: Generated<Date>;
}

export interface AuthSessionTable {
  id_hash: string;
  public_id: string;
  account_id: string;
  interface: 'player' | 'trainer';
  kind: 'cookie' | 'token';
  name: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Generated<Date>;
  last_activity_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  via_provider: Generated<boolean>;
}

export interface AccountIdentityTable {
  issuer: string;
  subject: string;
  role: 'player' | 'trainer';
  account_id: string;
  created_at: Generated<Date>;
}

export interface MagicLinkTable {
  token_hash: string;
  account_id: string;
  issued_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export interface RateLimitBucketTable {
  key: string;
  hits: number;
  reset_at: Date;
}

export interface EventStreamTable {
  stream: string;
  last_sequence: number;
}

export interface EventLogTable {
  stream: string;
  sequence: number;
  audience: string;
  type: string;
  payload: ColumnType<unknown, string, never>;
  created_at: ColumnType<Date, never, never>;
}

/** `{fr, en}`: every text a player reads. */
export type LocalizedJson = ColumnType<LocalizedText, string, string>;
type Json<T> = ColumnType<T, string, string>;

export interface ChapterTable {
  uuid: string;
  position: number;
  title: LocalizedJson;
  summary: LocalizedJson;
  visibility: ChapterVisibility;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MissionTable {
  uuid: string;
  chapter_uuid: string;
  position: number;
  title: LocalizedJson;
  brief: LocalizedJson;
  scenario: LocalizedJson;
  rules: LocalizedJson;
  difficulty: number;
  duration_minutes: number;
  success_rule: Json<SuccessRule>;
  /** The mission's lab template (0013-labs); null when it has none. */
  lab: ColumnType<LabTemplate | null, string | null | undefined, string | null>;
  /** Players read the answers on the debrief after the game (0021-mission-answer-reveal). */
  reveal_answers_after_game: Generated<boolean>;
}

/** An objective's answer; only the trainer repository and the answer check read it. */
export type ObjectiveAnswer =
  | { kind: 'flag'; accepted: string[]; caseInsensitive: boolean }
  | { kind: 'choices'; correct: string[] };

export interface ObjectiveTable {
  uuid: string;
  mission_uuid: string;
  position: number;
  title: LocalizedJson;
  description: LocalizedJson;
  /** Shown with the resolution once a session is over; null when the content gives none. */
  explanation: ColumnType<LocalizedText | null, string | null | undefined, string | null>;
  category: ObjectiveCategory;
  difficulty: number;
  points: number;
  type: ObjectiveType;
  choices: Json<{ id: string; text: LocalizedText }[]>;
  expected_answers: number;
  answer: Json<ObjectiveAnswer>;
  penalty: number;
  max_attempts: number | null;
  locked: boolean;
  prerequisites: string[];
  first_blood_bonus: number;
  speedrun: boolean;
  required: boolean;
}

export interface ObjectiveFileTable {
  uuid: string;
  objective_uuid: string;
  position: number;
  name: string;
  pack_path: string;
  content_type: string;
  size: number;
  sha256: string;
  content: Uint8Array;
}

/** A file attached to a hint (0029-hint-files): a player's once their team unlocked the hint. */
export interface HintFileTable {
  uuid: string;
  hint_uuid: string;
  position: number;
  name: string;
  pack_path: string;
  content_type: string;
  size: number;
  sha256: string;
  content: Uint8Array;
}

/** An objective's hint (0028-objective-hints): its text is a player's once their team unlocked it. */
export interface ObjectiveHintTable {
  uuid: string;
  objective_uuid: string;
  position: number;
  text: LocalizedJson;
  cost: number;
}

/** A hint a team unlocked: once per team and hint; `cost` is what was charged (0 when free). */
export interface HintUnlockTable {
  team_uuid: string;
  hint_uuid: string;
  session_uuid: string;
  objective_uuid: string;
  account_id: string | null;
  cost: number;
  free: Generated<boolean>;
  unlocked_at: Generated<Date>;
}

export interface ChapterAssignmentTable {
  chapter_uuid: string;
  account_id: string;
  assigned_by: string | null;
  assigned_at: Generated<Date>;
}

export interface MissionPlayerResultTable {
  mission_uuid: string;
  account_id: string;
  best_score: number;
  result: MissionResult;
  updated_at: Generated<Date>;
}

export interface GamingSessionTable {
  uuid: string;
  name: string;
  mission_uuid: string;
  owner_id: string;
  owner_kind: 'trainer' | 'player';
  max_teams: number;
  players_per_team: number;
  min_players_per_team: number;
  duration_ms: number;
  countdown_ms: number;
  start_wait_ms: number;
  scheduled_start_at: Date | null;
  start_requested_at: Date | null;
  starts_at: Date | null;
  paused_at: Date | null;
  paused_ms: Generated<number>;
  stopped_at: Date | null;
  created_at: Generated<Date>;
  /** Speedruns launched in this session, counted under its row lock (0020-session-speedrun-count). */
  speedruns_launched: Generated<number>;
  /** Ends the game once every team still playing has solved every objective. */
  end_when_all_solved: Generated<boolean>;
  /** When that happened: the play ended there (its duration was cut to it). */
  all_solved_at: Date | null;
}

export interface GamingSessionTeamTable {
  uuid: string;
  session_uuid: string;
  name: string;
  name_key: string;
  token: string;
  logo: Uint8Array | null;
  logo_type: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  score: Generated<number>;
  score_reached_at: Date | null;
  /** Objectives this team solved, counted as they are (0018-team-completed-objectives). */
  completed_objectives: Generated<number>;
  eliminated_at: Date | null;
  elimination_reason: string | null;
}

export interface GamingSessionPlayerTable {
  session_uuid: string;
  account_id: string;
  team_uuid: string | null;
  joined_at: Generated<Date>;
  team_joined_at: Date | null;
  /** When this player's result of the session was counted (0011-results). */
  settled_at: Date | null;
}

/** One node's open streams of a player in a session (0007-presence). */
export interface GamingSessionPresenceTable {
  session_uuid: string;
  account_id: string;
  node_id: string;
  seen_at: Date;
  expires_at: Date;
}

export interface TeamObjectiveStateTable {
  team_uuid: string;
  objective_uuid: string;
  session_uuid: string;
  attempts: Generated<number>;
  solved_at: Date | null;
  solved_by: string | null;
  first_attempt_at: Date | null;
  /** Answers counted against the brute-force bound in the window ending at the column after. */
  answer_hits: Generated<number>;
  answer_window_ends_at: Date | null;
}

export interface TeamWrongAnswerTable {
  team_uuid: string;
  objective_uuid: string;
  answer_digest: string;
  created_at: Generated<Date>;
}

export type ScoreEntryKind =
  | 'solve'
  | 'first_blood'
  | 'penalty'
  | 'speedrun'
  | 'adjustment'
  /** A hint a team bought (0028-objective-hints): minus its cost. */
  | 'hint';

export interface ScoreEntryTable {
  id: Generated<number>;
  session_uuid: string;
  team_uuid: string;
  objective_uuid: string | null;
  kind: ScoreEntryKind;
  points: number;
  account_id: string | null;
  reason: string | null;
  created_at: Generated<Date>;
}

export interface SpeedrunTable {
  uuid: string;
  session_uuid: string;
  objective_uuid: string;
  title: string;
  description: string;
  launched_at: Date;
  paused_ms_at_launch: number;
  launched_by: string | null;
}

export interface ObjectiveUnlockTable {
  session_uuid: string;
  objective_uuid: string;
  unlocked_by: string | null;
  unlocked_at: Generated<Date>;
}

export interface ObjectiveFollowTable {
  session_uuid: string;
  account_id: string;
  objective_uuid: string;
}

export type ChatChannelColumn = 'admin' | 'general' | 'team' | 'support';

/** A chat thread (0008-chat): one per channel of a session, team support or player support. */
export interface ChatThreadTable {
  uuid: string;
  key: string;
  channel: ChatChannelColumn;
  session_uuid: string | null;
  team_uuid: string | null;
  account_id: string | null;
  last_message_at: Date | null;
  created_at: Generated<Date>;
}

export interface ChatMessageTable {
  id: Generated<number>;
  uuid: string;
  thread_uuid: string;
  author_id: string;
  client_id: string | null;
  text: string;
  created_at: Date;
  /** The objective a team's support question is about (asked from its window). */
  objective_uuid: string | null;
}

export interface ChatThreadReadTable {
  thread_uuid: string;
  account_id: string;
  last_read_id: number;
  read_at: Generated<Date>;
}

export interface TrainerAuditTable {
  id: Generated<number>;
  account_id: string | null;
  action: string;
  session_uuid: string | null;
  target_uuid: string | null;
  reason: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface SubmissionTable {
  id: Generated<number>;
  session_uuid: string;
  team_uuid: string;
  objective_uuid: string;
  account_id: string | null;
  answer: string;
  correct: boolean;
  points: number;
  created_at: Generated<Date>;
  /** The player's id of the submission, and the result it got (0022-submission-client-id). */
  client_id: string | null;
  result: object | null;
}

/** A player's answer to a session's survey (0010-survey). */
export interface SessionRatingTable {
  session_uuid: string;
  account_id: string;
  rating: SurveyRating;
  comment: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface Database {
  instance_setting: InstanceSettingTable;
  account: AccountTable;
  auth_session: AuthSessionTable;
  account_identity: AccountIdentityTable;
  magic_link: MagicLinkTable;
  rate_limit_bucket: RateLimitBucketTable;
  event_stream: EventStreamTable;
  event_log: EventLogTable;
  chapter: ChapterTable;
  mission: MissionTable;
  objective: ObjectiveTable;
  objective_file: ObjectiveFileTable;
  objective_hint: ObjectiveHintTable;
  hint_unlock: HintUnlockTable;
  hint_file: HintFileTable;
  chapter_assignment: ChapterAssignmentTable;
  mission_player_result: MissionPlayerResultTable;
  gaming_session: GamingSessionTable;
  gaming_session_team: GamingSessionTeamTable;
  gaming_session_player: GamingSessionPlayerTable;
  gaming_session_presence: GamingSessionPresenceTable;
  team_objective_state: TeamObjectiveStateTable;
  team_wrong_answer: TeamWrongAnswerTable;
  score_entry: ScoreEntryTable;
  speedrun: SpeedrunTable;
  objective_unlock: ObjectiveUnlockTable;
  objective_follow: ObjectiveFollowTable;
  chat_thread: ChatThreadTable;
  chat_message: ChatMessageTable;
  chat_thread_read: ChatThreadReadTable;
  trainer_audit: TrainerAuditTable;
  submission: SubmissionTable;
  session_rating: SessionRatingTable;
  lab_environment: LabEnvironmentTable;
  lab_capacity: LabCapacityTable;
  lab_console_ticket: LabConsoleTicketTable;
  lab_vpn_gateway: LabVpnGatewayTable;
  lab_vpn_profile: LabVpnProfileTable;
  lab_session_start: LabSessionStartTable;
  display_link: DisplayLinkTable;
}

/** A projector view's pass (0026-display-links): live while not revoked nor expired. */
export interface DisplayLinkTable {
  uuid: string;
  session_uuid: string;
  token_hash: string;
  created_by: string | null;
  created_at: Generated<Date>;
  revoked_at: Date | null;
  revoked_by: string | null;
}

/** One environment given to a team (0013-labs); live while `released_at` is null. */
export interface LabEnvironmentTable {
  id: string;
  session_uuid: string;
  team_uuid: string;
  mission_uuid: string;
  template: Json<LabTemplate>;
  provider: string;
  provider_ref: string | null;
  phase: EnvironmentPhase;
  created_at: Date;
  expires_at: Date;
  renew_count: Generated<number>;
  last_error: string | null;
  released_at: Date | null;
}

/** Live environments per scope: `global`, or `session:<uuid>`. */
export interface LabCapacityTable {
  scope: string;
  in_use: Generated<number>;
}

/** A console ticket not yet redeemed (0014-lab-console-tickets); only its hash is kept. */
export interface LabConsoleTicketTable {
  hash: string;
  account_id: string;
  session_uuid: string;
  team_uuid: string;
  environment_id: string;
  machine: string;
  origin: string;
  expires_at: Date;
}

/** A team's gateway keys in a session (0015-lab-vpn). */
export interface LabVpnGatewayTable {
  session_uuid: string;
  team_uuid: string;
  private_key: string;
  public_key: string;
  created_at: Date;
}

/** A player's WireGuard profile in a session (0015-lab-vpn); the private key is never logged. */
export interface LabVpnProfileTable {
  session_uuid: string;
  account_id: string;
  team_uuid: string;
  private_key: string;
  public_key: string;
  address_index: number;
  lab_cidr: string | null;
  endpoint_port: number | null;
  peer_environment_id: string | null;
  created_at: Date;
}

/** How the labs module handled a session's start (0016-lab-session-starts). */
export interface LabSessionStartTable {
  session_uuid: string;
  claimed_at: Date;
  finished_at: Date | null;
  allocated: Generated<number>;
  no_capacity: Generated<number>;
  failed: Generated<number>;
}

export type { Generated };
