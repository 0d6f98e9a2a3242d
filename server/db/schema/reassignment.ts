import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, orgId, tstz } from './columns';
import { organizations } from './platform';
import { orgUsers } from './people';

/**
 * Bulk assignment runs (issue 13, product rules 'Bulk reassignment'): what an org admin asked for
 * (type, source, targets, roles, items), and how far it got. Small runs are done in the request;
 * large ones wait here as 'queued' until the background job takes them ('running', then 'done' or
 * 'failed'), and the admin is e-mailed at the end either way.
 */
export const reassignmentJobs = pgTable(
  'reassignment_jobs',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'reassign' | 'clone' | 'remove'. */
    reassignmentType: varchar('reassignment_type', { length: 16 }).notNull(),
    /** 'User' | 'Group'. */
    sourceType: varchar('source_type', { length: 8 }).notNull(),
    sourceId: integer('source_id').notNull(),
    sourceName: varchar('source_name', { length: 255 }).notNull(),
    /** [{type, id, name}] */
    targets: jsonb('targets').notNull().default([]),
    roles: smallint('roles').array().notNull(),
    /** [{item_type, id}] */
    items: jsonb('items').notNull().default([]),
    itemCount: integer('item_count').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    changedCount: integer('changed_count').notNull().default(0),
    error: text('error'),
    createdBy: integer('created_by').notNull(),
    sudoerName: varchar('sudoer_name', { length: 255 }),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    unique('reassignment_jobs_org_id_id_key').on(t.orgId, t.id),
    foreignKey({ columns: [t.orgId, t.createdBy], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    index('reassignment_jobs_pending_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('reassignment_jobs_type_check', sql`${t.reassignmentType} in ('reassign', 'clone', 'remove')`),
    check('reassignment_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
