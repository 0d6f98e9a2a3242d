import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
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
import { organizations, templates } from './platform';
import { orgUsers, userGroups } from './people';

/** Binders (type 1) and folders (type 2). A binder has no parent; a folder has one. */
export const containers = pgTable(
  'containers',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    parentId: integer('parent_id'),
    position: integer('position').notNull().default(0),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    /** False once the node has its own participants (overrides). */
    inheritsAccess: boolean('inherits_access').notNull().default(true),
    /**
     * The container whose participants apply here (itself when it overrides, else its parent's),
     * null when nothing up to the binder overrides. Kept by a trigger (migration 0005): never set it.
     */
    accessSourceId: integer('access_source_id'),
    /** 'Binder / Folder / Sub-folder', kept by a trigger (migration 0011): never set it. */
    location: text('location').notNull().default(''),
    /** The ids from the binder down to this node, kept by a trigger (migration 0011): never set it. */
    ancestorIds: integer('ancestor_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Optimistic concurrency: two people moving one node at once. */
    lockVersion: integer('lock_version').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('containers_org_id_id_key').on(t.orgId, t.id),
    foreignKey({ columns: [t.orgId, t.parentId], foreignColumns: [t.orgId, t.id] }).onDelete('cascade'),
    index('containers_parent_idx').on(t.orgId, t.parentId, t.position),
    index('containers_access_source_idx').on(t.orgId, t.accessSourceId),
    check('containers_type_check', sql`${t.type} in (1, 2)`),
    check('containers_binder_root_check', sql`(${t.type} = 1) = (${t.parentId} is null)`),
  ],
);

/** Stored files: bytes live in the file store under `storage_key`; text extracted at upload. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 128 }).notNull(),
    extension: varchar('extension', { length: 8 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    extractedText: text('extracted_text').notNull().default(''),
    /** Only the first 150,000 characters are in the full-text index (migration 0004, issue 9). */
    searchTextTruncated: boolean('search_text_truncated').generatedAlwaysAs(
      sql`length(coalesce(extracted_text, '')) > 150000`,
    ),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [unique('stored_files_org_id_id_key').on(t.orgId, t.id), uniqueIndex('stored_files_key').on(t.storageKey)],
);

/** P&Ps: status Draft 1 / Published 2 / Retired 3. */
export const pnps = pgTable(
  'pnps',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    containerId: integer('container_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    inheritsAccess: boolean('inherits_access').notNull().default(true),
    /**
     * The container whose participants apply to this P&P when it inherits; null when it has its own.
     * Kept by a trigger (migration 0005): never set it.
     */
    accessSourceId: integer('access_source_id'),
    /** published_at of the Active version (null without one), kept by a trigger (migration 0014). */
    activePublishedAt: tstz('active_published_at'),
    position: integer('position').notNull().default(0),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    retiredAt: tstz('retired_at'),
    retireReason: text('retire_reason'),
    lockVersion: integer('lock_version').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pnps_org_id_id_key').on(t.orgId, t.id),
    foreignKey({ columns: [t.orgId, t.containerId], foreignColumns: [containers.orgId, containers.id] }),
    index('pnps_container_idx').on(t.orgId, t.containerId),
    index('pnps_status_idx').on(t.orgId, t.status),
    index('pnps_access_source_idx').on(t.orgId, t.accessSourceId),
    /** Reports list P&Ps by name (migration 0029). */
    index('pnps_name_order_idx').on(t.orgId, t.name),
    check('pnps_status_check', sql`${t.status} in (1, 2, 3)`),
  ],
);

/** Document versions: status Draft 1 / Active 2 / Archived 3; draft stage 2..5; approval step 1..10. */
export const pnpDocuments = pgTable(
  'pnp_documents',
  {
    id: id(),
    orgId: orgId(),
    pnpId: integer('pnp_id').notNull(),
    versionNumber: integer('version_number'),
    status: smallint('status').notNull().default(1),
    draftStage: smallint('draft_stage'),
    approvalStep: smallint('approval_step'),
    fileId: integer('file_id'),
    notes: text('notes'),
    effectiveDt: date('effective_dt', { mode: 'string' }),
    originationDt: date('origination_dt', { mode: 'string' }),
    reviewDt: date('review_dt', { mode: 'string' }),
    reminderDt: date('reminder_dt', { mode: 'string' }),
    reviewCycleYears: smallint('review_cycle_years'),
    reminderDays: smallint('reminder_days'),
    publishedAt: tstz('published_at'),
    /** Set by the daily review job once review_dt has passed; cleared by a trigger (migration 0010). */
    reviewOverdueAt: tstz('review_overdue_at'),
    archivedAt: tstz('archived_at'),
    lockVersion: integer('lock_version').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pnp_documents_org_id_id_key').on(t.orgId, t.id),
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.fileId], foreignColumns: [storedFiles.orgId, storedFiles.id] }),
    uniqueIndex('pnp_documents_one_draft')
      .on(t.pnpId)
      .where(sql`${t.status} = 1`),
    uniqueIndex('pnp_documents_one_active')
      .on(t.pnpId)
      .where(sql`${t.status} = 2`),
    index('pnp_documents_pnp_idx').on(t.orgId, t.pnpId),
    /** Versions Pending Action: drafts in the order they started (migration 0029). */
    // The dashboard's date figures (migration 0029; both INCLUDE (pnp_id), which drizzle cannot say).
    index('pnp_documents_active_review_idx')
      .on(t.orgId, t.reviewDt)
      .where(sql`${t.status} = 2`),
    index('pnp_documents_published_at_idx')
      .on(t.orgId, t.publishedAt)
      .where(sql`${t.publishedAt} is not null`),
    index('pnp_documents_draft_started_idx')
      .on(t.orgId, t.createdAt, t.id)
      .where(sql`${t.status} = 1`),
    check('pnp_documents_status_check', sql`${t.status} in (1, 2, 3)`),
    check('pnp_documents_stage_check', sql`${t.draftStage} is null or ${t.draftStage} between 2 and 5`),
    check('pnp_documents_step_check', sql`${t.approvalStep} is null or ${t.approvalStep} between 1 and 10`),
    check(
      'pnp_documents_reminder_check',
      sql`${t.reminderDt} is null or ${t.reviewDt} is null or ${t.reminderDt} <= ${t.reviewDt}`,
    ),
  ],
);

/**
 * Participants: a role (1..5, approvers with a step 1..10) for a user or a group on a container or a P&P.
 * A node's grants are its overrides; a node with none inherits its parent's (product rules).
 */
export const accessGrants = pgTable(
  'access_grants',
  {
    id: id(),
    orgId: orgId(),
    containerId: integer('container_id'),
    pnpId: integer('pnp_id'),
    userId: integer('user_id'),
    groupId: integer('group_id'),
    role: smallint('role').notNull(),
    approvalStep: smallint('approval_step'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.containerId], foreignColumns: [containers.orgId, containers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.groupId], foreignColumns: [userGroups.orgId, userGroups.id] }).onDelete(
      'cascade',
    ),
    index('access_grants_container_idx').on(t.orgId, t.containerId),
    index('access_grants_pnp_idx').on(t.orgId, t.pnpId),
    index('access_grants_user_idx').on(t.orgId, t.userId),
    index('access_grants_group_idx').on(t.orgId, t.groupId),
    uniqueIndex('access_grants_unique').on(
      t.orgId,
      sql`coalesce(${t.containerId}, 0)`,
      sql`coalesce(${t.pnpId}, 0)`,
      sql`coalesce(${t.userId}, 0)`,
      sql`coalesce(${t.groupId}, 0)`,
      t.role,
      sql`coalesce(${t.approvalStep}, 0)`,
    ),
    check('access_grants_object_check', sql`(${t.containerId} is null) <> (${t.pnpId} is null)`),
    check('access_grants_subject_check', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
    check('access_grants_role_check', sql`${t.role} between 1 and 5`),
    check(
      'access_grants_step_check',
      sql`(${t.role} = 4 and ${t.approvalStep} between 1 and 10) or (${t.role} <> 4 and ${t.approvalStep} is null)`,
    ),
  ],
);

/** Sign-offs of reviewers and approvers on a draft (cleared when it returns to Authoring). */
export const documentSignoffs = pgTable(
  'document_signoffs',
  {
    id: id(),
    orgId: orgId(),
    documentId: integer('document_id').notNull(),
    userId: integer('user_id').notNull(),
    stage: smallint('stage').notNull(),
    approvalStep: smallint('approval_step'),
    decision: varchar('decision', { length: 16 }).notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.documentId], foreignColumns: [pnpDocuments.orgId, pnpDocuments.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    index('document_signoffs_doc_idx').on(t.orgId, t.documentId),
  ],
);

/** Every workflow transition: who, when, from, to, comment. */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: id(),
    orgId: orgId(),
    pnpId: integer('pnp_id').notNull(),
    documentId: integer('document_id'),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 255 }).notNull(),
    sudoerName: varchar('sudoer_name', { length: 255 }),
    /** The away user a delegate acted for (migration 0013), with their name as it was then. */
    onBehalfOfId: integer('on_behalf_of_id'),
    onBehalfOfName: varchar('on_behalf_of_name', { length: 255 }),
    action: varchar('action', { length: 64 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    fromStage: smallint('from_stage'),
    toStage: smallint('to_stage'),
    fromStep: smallint('from_step'),
    toStep: smallint('to_step'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    index('workflow_history_pnp_idx').on(t.orgId, t.pnpId, t.createdAt),
    /** A version's history in order: the turnaround's stays are rebuilt from it (migration 0029). */
    index('workflow_history_document_idx').on(t.orgId, t.documentId, t.createdAt, t.id),
  ],
);

export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    orgId: orgId(),
    pnpId: integer('pnp_id').notNull(),
    fileId: integer('file_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.fileId], foreignColumns: [storedFiles.orgId, storedFiles.id] }),
    index('attachments_pnp_idx').on(t.orgId, t.pnpId),
  ],
);

export const additionalInfos = pgTable(
  'additional_infos',
  {
    id: id(),
    orgId: orgId(),
    pnpId: integer('pnp_id').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    index('additional_infos_pnp_idx').on(t.orgId, t.pnpId),
  ],
);

export const pnpLinks = pgTable(
  'pnp_links',
  {
    orgId: orgId(),
    pnpId: integer('pnp_id').notNull(),
    linkedPnpId: integer('linked_pnp_id').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.pnpId, t.linkedPnpId] }),
    foreignKey({ columns: [t.orgId, t.pnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.linkedPnpId], foreignColumns: [pnps.orgId, pnps.id] }).onDelete('cascade'),
    index('pnp_links_reverse_idx').on(t.orgId, t.linkedPnpId),
    check('pnp_links_not_self', sql`${t.pnpId} <> ${t.linkedPnpId}`),
  ],
);

/** Templates made available to an organisation by provider staff. */
export const orgTemplates = pgTable(
  'org_templates',
  {
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.templateId] })],
);
