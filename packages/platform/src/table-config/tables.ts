// The users' column configurations of tables (catalogue §7.2 "table configuration"): one row
// per user and table name, the columns as JSON.
import { bigint, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TableColumnSetting } from '@srm/kernel';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const userTableConfig = pgTable(
  'base_user_table_config',
  {
    configId: bigint('config_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tableName: varchar('table_name', { length: 200 }).notNull(),
    columns: jsonb('columns').$type<TableColumnSetting[]>().notNull(),
    creationDate: moment('creation_date').notNull(),
    lastUpdateDate: moment('last_update_date').notNull(),
  },
  (t) => [uniqueIndex('base_user_table_config_user_table_uq').on(t.userId, t.tableName)],
);

export const tableConfigTables = { userTableConfig };
