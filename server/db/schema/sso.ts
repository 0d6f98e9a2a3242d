/** Tables of single sign-on (issue 16); migration 0025. */
import { index, pgTable, primaryKey, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, orgId, tstz } from './columns';
import { organizations } from './platform';

/**
 * A sign-in started at t/{tenant}: hashes of its state (or SAML request id) and of the starting
 * browser's cookie, the PKCE verifier and the nonce. Used once, then deleted; short-lived.
 */
export const ssoLoginRequests = pgTable(
  'sso_login_requests',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    stateHash: varchar('state_hash', { length: 64 }).notNull(),
    browserHash: varchar('browser_hash', { length: 64 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull().default(''),
    nonce: varchar('nonce', { length: 128 }).notNull().default(''),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sso_login_requests_org_id_id_key').on(t.orgId, t.id),
    unique('sso_login_requests_state_hash_key').on(t.stateHash),
    index('sso_login_requests_expires_idx').on(t.expiresAt),
  ],
);

/** SAML assertion ids already accepted, until they would have expired: replays are refused. */
export const ssoUsedAssertions = pgTable(
  'sso_used_assertions',
  {
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    assertionId: varchar('assertion_id', { length: 255 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.assertionId] }), index('sso_used_assertions_expires_idx').on(t.expiresAt)],
);
