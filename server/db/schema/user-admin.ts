import { foreignKey, index, integer, pgTable, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, orgId, tstz } from './columns';
import { organizations } from './platform';
import { orgUsers } from './people';

/**
 * Set-password links of welcome e-mails (issue 13): only the SHA-256 of the random token is kept,
 * with its expiry; a link works once (used_at), and a newer invitation retires the older ones.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('password_tokens_org_id_id_key').on(t.orgId, t.id),
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    uniqueIndex('password_tokens_hash_key').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.orgId, t.userId),
  ],
);
