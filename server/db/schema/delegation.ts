import { foreignKey, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, orgId, tstz } from './columns';
import { organizations } from './platform';
import { orgUsers } from './people';

/**
 * Delegation while away (issue 12, ADR 0011): during [starts_at, ends_at) the user's new tasks are
 * copied to the delegate, who may act for them. One window per user (setting it again replaces it).
 */
export const delegations = pgTable(
  'delegations',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    delegateId: integer('delegate_id').notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.delegateId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('delegations_one_per_user').on(t.orgId, t.userId),
    index('delegations_delegate_idx').on(t.orgId, t.delegateId, t.endsAt),
  ],
);
