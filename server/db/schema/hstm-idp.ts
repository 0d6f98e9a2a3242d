import { index, integer, pgTable, primaryKey, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, orgId, tstz } from './columns';
import { organizations } from './platform';

/** Tables of directory and HLC sync (issue 14); migration 0020. */

/** One directory (Azure) or HLC sync of an org: queued by staff, done by the idp-sync job. */
export const idpSyncRuns = pgTable(
  'idp_sync_runs',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    startedBy: integer('started_by'),
    startedByEmail: varchar('started_by_email', { length: 255 }).notNull(),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    deactivatedCount: integer('deactivated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    error: text('error'),
    deltaLink: text('delta_link'),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    unique('idp_sync_runs_org_id_id_key').on(t.orgId, t.id),
    index('idp_sync_runs_org_idx').on(t.orgId, t.kind, t.id),
  ],
);

/** The org user a directory or HLC account became (source 'azure' or 'hlc'). */
export const idpUserLinks = pgTable(
  'idp_user_links',
  {
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 16 }).notNull(),
    externalId: varchar('external_id', { length: 255 }).notNull(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.source, t.externalId] }),
    index('idp_user_links_user_idx').on(t.orgId, t.userId),
  ],
);
