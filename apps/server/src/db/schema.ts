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

export interface Database {
  instance_setting: InstanceSettingTable;
  account: AccountTable;
  auth_session: AuthSessionTable;
  magic_link: MagicLinkTable;
  rate_limit_bucket: RateLimitBucketTable;
  event_stream: EventStreamTable;
  event_log: EventLogTable;
}

export type { Generated };
