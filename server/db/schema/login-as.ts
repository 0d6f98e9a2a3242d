/** Tables of login-as (issue 14). */
import { foreignKey, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, orgId, tstz } from './columns';
import { orgUsers } from './people';
import { hstmUsers, organizations } from './platform';

/** One-time login-as links: the SHA-256 of the token, its target user and the staff user who asked. */
export const loginAsTokens = pgTable(
  'login_as_tokens',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => hstmUsers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('login_as_tokens_org_id_id_key').on(t.orgId, t.id),
    unique('login_as_tokens_token_hash_key').on(t.tokenHash),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
  ],
);
