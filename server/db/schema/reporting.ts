import {
  bigint,
  customType,
  foreignKey,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orgId, tstz } from './columns';
import { orgUsers } from './people';
import { pnpDocuments, pnps } from './content';
import { organizations } from './platform';

/**
 * Each version's views, unique viewers and last view (Views by Version), kept by triggers on
 * library_views and pnp_documents (migration 0029): every version has its row. Never write it.
 */
export const pnpDocumentViewCounts = pgTable(
  'pnp_document_view_counts',
  {
    orgId: orgId(),
    documentId: integer('document_id').notNull(),
    views: integer('views').notNull().default(0),
    viewers: integer('viewers').notNull().default(0),
    lastViewedAt: tstz('last_viewed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.documentId] }),
    foreignKey({
      name: 'pnp_document_view_counts_document_fk',
      columns: [t.orgId, t.documentId],
      foreignColumns: [pnpDocuments.orgId, pnpDocuments.id],
    }).onDelete('cascade'),
    index('pnp_document_view_counts_order_idx').on(t.orgId, t.views.desc().nullsLast(), t.documentId.desc()),
  ],
);

/** Who has opened each version at least once (for the unique viewers above), kept by the same triggers. */
export const pnpDocumentViewers = pgTable(
  'pnp_document_viewers',
  {
    orgId: orgId(),
    documentId: integer('document_id').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.documentId, t.userId] }),
    foreignKey({
      name: 'pnp_document_viewers_document_fk',
      columns: [t.orgId, t.documentId],
      foreignColumns: [pnpDocuments.orgId, pnpDocuments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pnp_document_viewers_user_fk',
      columns: [t.orgId, t.userId],
      foreignColumns: [orgUsers.orgId, orgUsers.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Each stay of a version in one workflow position (Approval turnaround), derived from
 * workflow_history and kept by triggers on it (migration 0029). Never write it.
 */
export const workflowStays = pgTable(
  'workflow_stays',
  {
    orgId: orgId(),
    documentId: integer('document_id').notNull(),
    seq: integer('seq').notNull(),
    pnpId: integer('pnp_id').notNull(),
    stage: smallint('stage').notNull(),
    step: smallint('step'),
    startedAt: tstz('started_at').notNull(),
    endedAt: tstz('ended_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.documentId, t.seq] }),
    foreignKey({
      name: 'workflow_stays_pnp_fk',
      columns: [t.orgId, t.pnpId],
      foreignColumns: [pnps.orgId, pnps.id],
    }).onDelete('cascade'),
    index('workflow_stays_ended_idx').on(t.orgId, t.endedAt),
    index('workflow_stays_open_idx')
      .on(t.orgId, t.startedAt, t.documentId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** Each person's first sign-off in each stay, with the stay's position and start, kept by the same triggers. */
export const workflowStayActions = pgTable(
  'workflow_stay_actions',
  {
    orgId: orgId(),
    documentId: integer('document_id').notNull(),
    seq: integer('seq').notNull(),
    actorId: integer('actor_id').notNull(),
    pnpId: integer('pnp_id').notNull(),
    stage: smallint('stage').notNull(),
    step: smallint('step'),
    startedAt: tstz('started_at').notNull(),
    actedAt: tstz('acted_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.documentId, t.seq, t.actorId] }),
    foreignKey({
      name: 'workflow_stay_actions_pnp_fk',
      columns: [t.orgId, t.pnpId],
      foreignColumns: [pnps.orgId, pnps.id],
    }).onDelete('cascade'),
    index('workflow_stay_actions_acted_idx').on(t.orgId, t.actedAt),
  ],
);

/** A transaction id (PostgreSQL's xid8), read as its decimal text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Which transactions wrote what approval turnaround's figures read, one row per transaction and
 * organisation, numbered in the order they took their number (migration 0037's triggers). Only the
 * highest number matters; never write it.
 */
export const reportWrites = pgTable(
  'report_writes',
  {
    orgId: orgId(),
    xid: xid8('xid').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.xid] }), index('report_writes_seq_idx').on(t.orgId, t.seq)],
);

/**
 * Approval turnaround's figures by stage, binder and person as computed for one scope (owner 0: the
 * whole organisation) and period, valid while `writes_seq` is the organisation's highest in
 * report_writes (reporting.turnaround.ts).
 */
export const turnaroundFigures = pgTable(
  'turnaround_figures',
  {
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').notNull(),
    periodStart: tstz('period_start').notNull(),
    periodEnd: tstz('period_end').notNull(),
    writesSeq: bigint('writes_seq', { mode: 'number' }).notNull(),
    stages: json('stages').notNull(),
    binders: json('binders').notNull(),
    persons: json('persons').notNull(),
    computedAt: tstz('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.ownerId, t.periodStart, t.periodEnd] })],
);
