import { and, eq, sql } from 'drizzle-orm';
import type { IdpProviderKey } from '../../../shared/api/hstm-idp';
import { OrgStatus, UserCreatedFrom, UserStatus } from '../../../shared/domain/statuses';
import type { Tx } from '../../db/client';
import { idpUserLinks, orgUsers, type organizations } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import type { SignedIn } from '../auth/auth.service';
import { openOrgSession } from '../auth/open-session';
import { SsoRefusal } from './oidc-client';
import { createsUnknownUsers, LINK_SOURCE } from './sso-config';
import { sha256 } from './sso.repo';

/** Who the identity provider says signed in, already verified. */
export interface SsoIdentity {
  provider: IdpProviderKey;
  /** Azure: the object id (oid) within the org's directory; others: the subject (sub / NameID). */
  externalId: string;
  email: string;
  firstName: string;
  lastName: string;
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
  deps.log.info(
    { orgId: org.id, userId: created!.id, provider: identity.provider },
    'sso: user created at first sign-in',
  );
  return created!;
}

/** Finds (or creates) the org user of a verified identity and opens their session, in `tx`. */
export async function signInIdentity(
  deps: Deps,
  tx: Tx,
  org: OrgRow,
  identity: SsoIdentity,
  meta: { ip: string; userAgent: string | null },
): Promise<SignedIn & { userId: number }> {
  if (org.status === OrgStatus.Disabled) throw new SsoRefusal('org_disabled', 'the organization is disabled');
  if (org.status === OrgStatus.Locked) throw new SsoRefusal('org_locked', 'the organization is locked');
  if (!identity.externalId) throw new SsoRefusal('refused', 'the identity has no subject');
  const user = (await linkedUser(tx, org, identity)) ?? (await provision(deps, tx, org, identity));
  if (user.status !== UserStatus.Active) {
    throw new SsoRefusal('inactive', `user ${user.id} is not active (status ${user.status})`);
  }
  const signed = await openOrgSession(
    deps,
    tx,
    { orgId: org.id, userId: user.id, idleTimeoutMinutes: org.tokenTimeout },
    meta,
  );
  return { ...signed, userId: user.id };
}
