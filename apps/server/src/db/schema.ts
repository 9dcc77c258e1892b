import type { ColumnType, Generated } from 'kysely';

/** Row types of every table, kept in step with the migrations. */
export interface InstanceSettingTable {
  key: string;
  value: string;
  created_at: ColumnType<Date, never, never>;
}

export interface Database {
  instance_setting: InstanceSettingTable;
}

export type { Generated };
