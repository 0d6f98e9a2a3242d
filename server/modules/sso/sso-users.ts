import { and, eq, sql } from 'drizzle-orm';
import type { IdpProviderKey } from '../../../shared/api/hstm-idp';
import { OrgStatus, UserCreatedFrom, UserStatus } from '../../../shared/domain/statuses';
import type { Tx } from '../../db/client';
import { idpUserLinks, orgUsers, type organizations } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import type { SignedIn } from '../auth/auth.service';
import { openOrgSession } from '../auth/open-session';
import { hashToken } from '../auth/sessions.repo';
import { followIdpGroups, type SignInBase } from './group-mapping';
import { describe, SsoRefusal } from './oidc-client';
import { rememberSamlSession } from './saml-sessions.repo';
import { createsUnknownUsers, LINK_SOURCE } from './sso-config';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { insertUserLog } from '../users/users.repo';
import { sha256 } from './sso.repo';

export type SsoProtocol = 'oidc' | 'saml';

/** The SAML subject of a sign-in, kept with its session for single logout. */
export interface SamlSubject {
  nameId: string;
  nameIdFormat: string | null;
  nameQualifier: string | null;
  spNameQualifier: string | null;
  sessionIndex: string | null;
}

/** Who the identity provider says signed in, already verified. */
export interface SsoIdentity {
  provider: IdpProviderKey;
  protocol: SsoProtocol;
  /** Azure: the object id (oid) within the org's directory; others: the subject (sub / NameID). */
  externalId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The verified claims (OpenID Connect) or assertion attributes (SAML): groups are read here. */
  attributes: Record<string, unknown>;
  /** Why the groups could not be read, when they could not: memberships then stay as they are. */
  groupsUnknown?: string;
  /** SAML only. */
  saml?: SamlSubject;
}

type OrgRow = typeof organizations.$inferSelect;
type UserRow = typeof orgUsers.$inferSelect;

const clip = (value: string, max: number): string => value.slice(0, max);

async function linkedUser(tx: Tx, org: OrgRow, identity: SsoIdentity): Promise<UserRow | null> {
  const [row] = await tx
    .select({ user: orgUsers })
    .from(idpUserLinks)
    .innerJoin(orgUsers, and(eq(orgUsers.orgId, idpUserLinks.orgId), eq(orgUsers.id, idpUserLinks.userId)))
    .where(
      and(
        eq(idpUserLinks.orgId, org.id),
        eq(idpUserLinks.source, LINK_SOURCE[identity.provider]),
        eq(idpUserLinks.externalId, identity.externalId),
      ),
    )
    .limit(1);
  return row?.user ?? null;
}

async function usernameFor(tx: Tx, identity: SsoIdentity): Promise<string> {
  const taken = async (name: string) =>
    (
      await tx
        .select({ id: orgUsers.id })
        .from(orgUsers)
        .where(eq(sql`lower(${orgUsers.username})`, name.toLowerCase()))
        .limit(1)
    ).length > 0;
  const preferred = clip(identity.email, 255);
  if (!(await taken(preferred))) return preferred;
  // Usernames are unique across organisations: the same address elsewhere gets a stable suffix.
  return clip(`${identity.email}.${sha256(`${identity.provider}:${identity.externalId}`).slice(0, 8)}`, 255);
}

/**
 * The person a first sign-in introduces: created (per the org's setting) and linked, or refused.
 * Never matched to an existing account by e-mail: an address is not proof of who someone is.
 */
async function provision(deps: Deps, tx: Tx, org: OrgRow, identity: SsoIdentity): Promise<UserRow> {
  if (!(await createsUnknownUsers(tx, org.id))) {
    throw new SsoRefusal('unknown_user', `no user is linked to ${identity.provider} identity ${identity.externalId}`);
  }
  if (!identity.email) {
    throw new SsoRefusal(
      'unknown_user',
      `the ${identity.provider} identity ${identity.externalId} has no e-mail address`,
    );
  }
  const [sameEmail] = await tx
    .select({ id: orgUsers.id })
    .from(orgUsers)
    .where(and(eq(orgUsers.orgId, org.id), eq(sql`lower(${orgUsers.email})`, identity.email.toLowerCase())))
    .limit(1);
  if (sameEmail) {
    throw new SsoRefusal('not_linked', `user ${sameEmail.id} has the e-mail address of an unlinked identity`);
  }
  const now = deps.clock.now();
  const [created] = await tx
    .insert(orgUsers)
    .values({
      orgId: org.id,
      firstName: clip(identity.firstName || identity.email.split('@')[0] || identity.email, 100),
      lastName: clip(identity.lastName, 100),
      email: clip(identity.email, 255),
      username: await usernameFor(tx, identity),
      status: UserStatus.Active,
      createdFrom: identity.provider === 'AD' ? UserCreatedFrom.Azure : UserCreatedFrom.PolicyManager,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(idpUserLinks).values({
    orgId: org.id,
    source: LINK_SOURCE[identity.provider],
    externalId: identity.externalId,
    userId: created!.id,
    createdAt: now,
  });
  // Recorded as an admin's creation would be (product rules: every create writes an entry): made by
  // the person's own first sign-in, through the provider.
  const via = `Single Sign-On (${identity.provider})`;
  const name = `${created!.firstName} ${created!.lastName}`.trim();
  await insertChangeLog(tx, { orgId: org.id, userId: created!.id, name, email: created!.email, sudoer: null }, now, {
    objectType: 'User',
    objectId: created!.id,
    objectName: name,
    actionName: 'Create',
    sourceName: via,
  });
  await insertUserLog(tx, org.id, created!.id, 'Created', { by: name, via }, now);
  deps.log.info(
    { orgId: org.id, userId: created!.id, provider: identity.provider },
    'sso: user created at first sign-in',
  );
  return created!;
}

/**
 * Finds (or creates) the org user of a verified identity, makes their mapped groups follow the
 * IdP's, and opens their session (remembering a SAML subject for single logout), all in `tx`.
 */
export async function signInIdentity(
  base: SignInBase,
  tx: Tx,
  org: OrgRow,
  identity: SsoIdentity,
): Promise<SignedIn & { userId: number }> {
  const { deps } = base;
  if (org.status === OrgStatus.Disabled) throw new SsoRefusal('org_disabled', 'the organization is disabled');
  if (org.status === OrgStatus.Locked) throw new SsoRefusal('org_locked', 'the organization is locked');
  if (!identity.externalId) throw new SsoRefusal('refused', 'the identity has no subject');
  const user = (await linkedUser(tx, org, identity)) ?? (await provision(deps, tx, org, identity));
  if (user.status !== UserStatus.Active) {
    throw new SsoRefusal('inactive', `user ${user.id} is not active (status ${user.status})`);
  }
  try {
    // A savepoint: memberships that cannot follow (an unexpected failure) never cost the sign-in.
    await tx.transaction((inner) => followIdpGroups(base, inner, org, user, identity));
  } catch (error) {
    deps.log.error(
      { orgId: org.id, userId: user.id, requestId: base.requestId, reason: describe(error) },
      'sso: group memberships could not follow the identity provider',
    );
  }
  const signed = await openOrgSession(
    deps,
    tx,
    { orgId: org.id, userId: user.id, idleTimeoutMinutes: org.tokenTimeout },
    { ip: base.ip, userAgent: base.req.headers['user-agent'] ?? null },
  );
  if (identity.saml) {
    await rememberSamlSession(tx, {
      sessionId: hashToken(signed.token),
      orgId: org.id,
      userId: user.id,
      subject: identity.saml,
      now: deps.clock.now(),
      oldest: new Date(deps.clock.now().getTime() - deps.config.sessionAbsoluteHours * 3_600_000),
    });
  }
  return { ...signed, userId: user.id };
}
