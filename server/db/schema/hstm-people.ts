import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns';
import { hstmUsers } from './platform';

/**
 * Set-password links of provider staff users (issue 14): only the token's SHA-256 is stored; a
 * link works once (used_at) until expires_at, and a newer invitation spends the older ones.
 */
export const staffPasswordTokens = pgTable(
  'staff_password_tokens',
  {
    id: id(),
    hstmUserId: integer('hstm_user_id')
      .notNull()
      .references(() => hstmUsers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdBy: integer('created_by').references(() => hstmUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_password_tokens_hash_key').on(t.tokenHash),
    index('staff_password_tokens_user_idx').on(t.hstmUserId),
  ],
);
