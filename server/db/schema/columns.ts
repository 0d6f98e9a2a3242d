import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Shared column builders: one identity id per table, UTC timestamps. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const orgId = () => integer('org_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
