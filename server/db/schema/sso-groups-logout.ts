/** Tables of IdP group mapping and SAML single logout (issue 16); migration 0028. */
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, orgId, updatedAt } from './columns';
import { orgUsers, userGroups } from './people';
import { organizations } from './platform';

/** The claim (OpenID Connect) or attribute (SAML) listing a person's groups; '' means the default. */
export const ssoGroupClaims = pgTable('sso_group_claims', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  claim: varchar('claim', { length: 255 }).notNull().default(''),
  updatedAt: updatedAt(),
});

/** An IdP group value and the user group it stands for; deleting the group deletes the mapping. */
export const ssoGroupMappings = pgTable(
  'sso_group_mappings',
  {
    id: id(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    idpGroup: varchar('idp_group', { length: 255 }).notNull(),
    groupId: integer('group_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sso_group_mappings_org_id_id_key').on(t.orgId, t.id),
    foreignKey({ columns: [t.orgId, t.groupId], foreignColumns: [userGroups.orgId, userGroups.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('sso_group_mappings_value_key').on(t.orgId, sql`lower(${t.idpGroup})`),
    index('sso_group_mappings_group_idx').on(t.orgId, t.groupId),
  ],
);

/** The NameID and SessionIndex of the SAML sign-in that opened a session (single logout). */
export const ssoSamlSessions = pgTable(
  'sso_saml_sessions',
  {
    sessionId: varchar('session_id', { length: 64 }).primaryKey(),
    orgId: orgId().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    nameId: varchar('name_id', { length: 1024 }).notNull(),
    nameIdFormat: varchar('name_id_format', { length: 255 }),
    nameQualifier: varchar('name_qualifier', { length: 1024 }),
    spNameQualifier: varchar('sp_name_qualifier', { length: 1024 }),
    sessionIndex: varchar('session_index', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.orgId, t.userId], foreignColumns: [orgUsers.orgId, orgUsers.id] }).onDelete('cascade'),
    index('sso_saml_sessions_name_idx').on(t.orgId, t.nameId),
    index('sso_saml_sessions_created_idx').on(t.createdAt),
  ],
);
