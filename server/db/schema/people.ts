import {
  boolean,
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
import { hstmUsers, organizations } from './platform';

/** Org users ("Pm users"): status 1 active, 2 inactive, -1 deleted; created_from 0 Policy Manager, 1 Azure. */
export const orgUsers = pgTable(
  'org_users',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    username: varchar('username', { length: 255 }).notNull(),
    passwordHash: text('password_hash'),
    status: smallint('status').notNull().default(1),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPolicyOwner: boolean('is_policy_owner').notNull().default(false),
    createdFrom: smallint('created_from').notNull().default(0),
    hstreamId: varchar('hstream_id', { length: 64 }),
    title: varchar('title', { length: 255 }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('org_users_org_id_id_key').on(t.orgId, t.id),
    uniqueIndex('org_users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('org_users_org_email_key').on(t.orgId, sql`lower(${t.email})`),
  ],
);

export const userSettings = pgTable(
  'user_settings',
  {
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    settings: jsonb('settings').notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
  ],
);

export const userLogs = pgTable(
  'user_logs',
  {
    id: id(),
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    index('user_logs_user_idx').on(t.orgId, t.userId, t.createdAt),
  ],
);

export const visitorLogs = pgTable(
  'visitor_logs',
  {
    id: id(),
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    sudoerId: integer('sudoer_id').references(() => hstmUsers.id, { onDelete: 'set null' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    signedInAt: tstz('signed_in_at').notNull().defaultNow(),
    signedOutAt: tstz('signed_out_at'),
    /** The session this visit opened (`sessions.id`), so signing out closes this log and no other. */
    sessionId: varchar('session_id', { length: 64 }),
  },
  (t) => [
    unique('visitor_logs_org_id_id_key').on(t.orgId, t.id),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    index('visitor_logs_user_idx').on(t.orgId, t.userId, t.signedInAt),
  ],
);

/** User groups; created_by_source 'System' marks system groups. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    createdBySource: varchar('created_by_source', { length: 32 }).notNull().default('User'),
    /** Members not deleted, kept by triggers (migration 0035): never written by the application. */
    membersCount: integer('members_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('user_groups_org_id_id_key').on(t.orgId, t.id),
    uniqueIndex('user_groups_org_name_key').on(t.orgId, sql`lower(${t.name})`),
  ],
);

export const groupMemberships = pgTable(
  'group_memberships',
  {
    orgId: orgId(),
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.groupId, t.userId] }),
    foreignKey({ columns: [t.orgId, t.groupId], foreignColumns: [userGroups.orgId, userGroups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    index('group_memberships_user_idx').on(t.orgId, t.userId),
  ],
);

/** Identity-provider settings of an org (Azure directory, SAML, hStream), one row per provider. */
export const orgIdpSettings = pgTable(
  'org_idp_settings',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    settings: jsonb('settings').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('org_idp_settings_org_provider_key').on(t.orgId, t.provider)],
);

/** Notifications of a user (status: 1 unread, 2 read). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    message: text('message').notNull(),
    link: varchar('link', { length: 512 }),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    /** When the e-mail for it was written to the outbox (or it was settled without one); migration 0009. */
    mailedAt: tstz('mailed_at'),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    index('notifications_user_idx').on(t.orgId, t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.orgId, t.userId)
      .where(sql`${t.status} = 1`),
    index('notifications_unmailed_idx')
      .on(t.createdAt)
      .where(sql`${t.mailedAt} is null`),
  ],
);
