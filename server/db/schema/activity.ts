import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, orgId, tstz, updatedAt } from './columns';
import { organizations } from './platform';
import { orgUsers, userGroups } from './people';
import { containers, pnpDocuments, pnps } from './content';

/** Read acknowledgements: status Active 1 / Closed 2 / Canceled 3. */
export const readAcknowledgements = pgTable(
  'read_acknowledgements',
  {
    id: id(),
    orgId: orgId(),
    pnpId: integer('pnp_id').notNull(),
    documentId: integer('document_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    dueDt: date('due_dt', { mode: 'string' }),
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    unique('read_acknowledgements_org_id_id_key').on(t.orgId, t.id),
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.documentId], foreignColumns: [pnpDocuments.orgId, pnpDocuments.id] }),
    index('read_acknowledgements_pnp_idx').on(t.orgId, t.pnpId, t.status),
  ],
);

export const readAckGroups = pgTable(
  'read_ack_groups',
  {
    orgId: orgId(),
    readAckId: integer('read_ack_id').notNull(),
    groupId: integer('group_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.readAckId, t.groupId] }),
    foreignKey({
      columns: [t.orgId, t.readAckId],
      foreignColumns: [readAcknowledgements.orgId, readAcknowledgements.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.groupId], foreignColumns: [userGroups.orgId, userGroups.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** One row per reader; completion 0 incomplete / 1 complete; the acknowledged version is kept. */
export const readAckReaders = pgTable(
  'read_ack_readers',
  {
    id: id(),
    orgId: orgId(),
    readAckId: integer('read_ack_id').notNull(),
    userId: integer('user_id').notNull(),
    viaGroupId: integer('via_group_id'),
    completion: smallint('completion').notNull().default(0),
    openedAt: tstz('opened_at'),
    acknowledgedAt: tstz('acknowledged_at'),
    acknowledgedDocumentId: integer('acknowledged_document_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.orgId, t.readAckId],
      foreignColumns: [readAcknowledgements.orgId, readAcknowledgements.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    uniqueIndex('read_ack_readers_unique').on(t.orgId, t.readAckId, t.userId),
  ],
);

/** Tasks: one open task per (user, version, kind). Status 1 open, 2 completed, 3 closed. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    status: smallint('status').notNull().default(1),
    pnpId: integer('pnp_id').notNull(),
    documentId: integer('document_id'),
    /**
     * An Acknowledge task's: of the Active read acknowledgements of its version asking the reader, the
     * one due first (ADR 0032).
     */
    readAckId: integer('read_ack_id'),
    approvalStep: smallint('approval_step'),
    dueDt: date('due_dt', { mode: 'string' }),
    completedAt: tstz('completed_at'),
    completedBy: integer('completed_by'),
    /** Last acknowledgement reminder e-mailed for it (at most one a day; migration 0010). */
    remindedAt: tstz('reminded_at'),
    /** A delegate's copy of this away user's task (migration 0013); null for one's own task. */
    delegatedFrom: integer('delegated_from'),
    /**
     * A Review or Approve task one of the P&P's Owners holds in place of reviewers or approvers who
     * have all left (migration 0058): set and kept right by the draft's task resync, copied to a
     * delegate's copy. The tasks list offers such a task Send to Authors (and Decline) from it.
     */
    ownerStandIn: boolean('owner_stand_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    foreignKey({
      name: 'tasks_delegated_from_fk',
      columns: [t.orgId, t.delegatedFrom],
      foreignColumns: [orgUsers.orgId, orgUsers.id],
    }).onDelete('cascade'),
    // One open task per (user, version, kind), and for whom (a delegate's copy): an Acknowledge task
    // answers every read acknowledgement of its version asking that reader (migration 0056, ADR 0032).
    uniqueIndex('tasks_one_open')
      .on(t.orgId, t.userId, sql`coalesce(${t.documentId}, 0)`, t.kind, sql`coalesce(${t.delegatedFrom}, 0)`)
      .where(sql`${t.status} = 1`),
    index('tasks_user_idx').on(t.orgId, t.userId, t.status),
    index('tasks_delegated_open_idx')
      .on(t.orgId, t.delegatedFrom)
      .where(sql`${t.delegatedFrom} is not null and ${t.status} = 1`),
    // The open copies a delegate holds: the session lookup of the tasks list asks whether any lapsed.
    index('tasks_held_copies_idx')
      .on(t.orgId, t.userId)
      .where(sql`${t.delegatedFrom} is not null and ${t.status} = 1`),
  ],
);

/** Change logs: never updated or deleted by the application. Deltas as JSON in the spec's shapes. */
export const changeLogs = pgTable(
  'change_logs',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    objectType: varchar('object_type', { length: 32 }).notNull(),
    objectId: integer('object_id').notNull(),
    objectName: varchar('object_name', { length: 255 }).notNull(),
    actionName: varchar('action_name', { length: 64 }).notNull(),
    deltas: jsonb('deltas').notNull().default({}),
    createdByUserId: integer('created_by_user_id'),
    createdByUser: varchar('created_by_user', { length: 255 }).notNull(),
    createdByEmail: varchar('created_by_email', { length: 255 }),
    sudoerName: varchar('sudoer_name', { length: 255 }),
    sourceName: varchar('source_name', { length: 255 }),
    targetNames: jsonb('target_names'),
    createdAt: createdAt(),
  },
  (t) => [index('change_logs_object_idx').on(t.orgId, t.objectType, t.objectId, t.createdAt)],
);

/** Library favourites and views (recently viewed, views by version). */
export const libraryFavorites = pgTable(
  'library_favorites',
  {
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    pnpId: integer('pnp_id').notNull(),
    favorite: boolean('favorite').notNull().default(true),
    favoriteUpdatedAt: tstz('favorite_updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId, t.pnpId] }),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
  ],
);

export const libraryViews = pgTable(
  'library_views',
  {
    id: id(),
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    pnpId: integer('pnp_id').notNull(),
    documentId: integer('document_id'),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    index('library_views_user_idx').on(t.orgId, t.userId, t.viewedAt),
    index('library_views_doc_idx').on(t.orgId, t.documentId),
  ],
);

/** Each user's last opening of each P&P (the recently viewed view), kept by a trigger on library_views. */
export const libraryLastViews = pgTable(
  'library_last_views',
  {
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    pnpId: integer('pnp_id').notNull(),
    viewedAt: tstz('viewed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId, t.pnpId] }),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    index('library_last_views_order_idx').on(t.orgId, t.userId, t.viewedAt.desc().nullsLast()),
  ],
);

/** Bulk uploads of P&Ps (into a container) or users: progress and per-row errors. */
export const bulkUploads = pgTable(
  'bulk_uploads',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    containerId: integer('container_id'),
    status: varchar('status', { length: 16 }).notNull().default('processing'),
    total: integer('total').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').notNull().default([]),
    fileName: varchar('file_name', { length: 255 }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.containerId], foreignColumns: [containers.orgId, containers.id] }).onDelete(
      'cascade',
    ),
  ],
);
