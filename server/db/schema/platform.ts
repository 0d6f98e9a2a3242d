import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, tstz, updatedAt } from './columns';

/** Organisations are the tenants; their own row is guarded by RLS on `id`. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    tenant: varchar('tenant', { length: 64 }).notNull(),
    /** Two-letter code of spec §3's locations (shared/domain/locations.ts); checked by the API. */
    location: varchar('location', { length: 2 }),
    status: smallint('status').notNull().default(1),
    idpProvider: varchar('idp_provider', { length: 32 }),
    tokenTimeout: integer('token_timeout').notNull().default(30),
    hlcIntegrationEnabled: boolean('hlc_integration_enabled').notNull().default(false),
    hlcIntegrationAvailable: boolean('hlc_integration_available').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_tenant_key').on(sql`lower(${t.tenant})`),
    index('organizations_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** Provider staff: outside every organisation; `permissions` is the space-separated hstm string. */
export const hstmUsers = pgTable(
  'hstm_users',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    username: varchar('username', { length: 255 }).notNull(),
    passwordHash: text('password_hash'),
    permissions: varchar('permissions', { length: 64 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('hstm_users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('hstm_users_email_key').on(sql`lower(${t.email})`),
  ],
);

/** Server-side sessions: the cookie holds a random token, this table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(),
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    hstmUserId: integer('hstm_user_id').references(() => hstmUsers.id, { onDelete: 'cascade' }),
    sudoerId: integer('sudoer_id').references(() => hstmUsers.id, { onDelete: 'cascade' }),
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    idleTimeoutMinutes: integer('idle_timeout_minutes').notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.orgId, t.userId)],
);

/** Banners shown on the login screen or in the application (spec §3, §4). */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: id(),
    message: text('message').notNull(),
    startDatetime: tstz('start_datetime').notNull(),
    endDatetime: tstz('end_datetime').notNull(),
    location: varchar('location', { length: 16 }).notNull(),
    createdBy: integer('created_by').references(() => hstmUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('system_messages_window_idx').on(t.startDatetime, t.endDatetime)],
);

/**
 * Every e-mail the product sends (ADR 4), and its delivery queue (ADR 10): status pending ->
 * sending (claimed by one process) -> sent, or back to pending with next_attempt_at moved on by
 * exponential back-off, or failed after the last attempt. Without SMTP_URL rows stay pending.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    toAddress: varchar('to_address', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    claimedAt: tstz('claimed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/** Provider template library (global) and its sources ('HealthStream Library', 'Joint Commission'). */
export const templateSources = pgTable('template_sources', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull().unique(),
});

export const templates = pgTable('templates', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description'),
  sourceId: integer('source_id')
    .notNull()
    .references(() => templateSources.id),
  storageKey: varchar('storage_key', { length: 255 }).notNull(),
  originalName: varchar('original_name', { length: 255 }).notNull(),
  mimeType: varchar('mime_type', { length: 128 }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  extractedText: text('extracted_text').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
