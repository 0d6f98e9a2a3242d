import { index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { hstmUsers } from './platform';

/**
 * What provider staff changed (migration 0023): the route, the ids of what it acted on (in its path,
 * query and body, and the row it created), and the names of the fields sent, never their values
 * (they may hold passwords or client secrets).
 */
export const staffActionLogs = pgTable(
  'staff_action_logs',
  {
    id: id(),
    hstmUserId: integer('hstm_user_id').references(() => hstmUsers.id, { onDelete: 'set null' }),
    staffName: varchar('staff_name', { length: 255 }).notNull(),
    staffEmail: varchar('staff_email', { length: 255 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    route: varchar('route', { length: 255 }).notNull(),
    path: varchar('path', { length: 1024 }).notNull(),
    target: jsonb('target').$type<Record<string, string>>().notNull().default({}),
    fields: text('fields').array().notNull().default([]),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_action_logs_created_idx').on(t.createdAt, t.id)],
);
