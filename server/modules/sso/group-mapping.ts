import { DEFAULT_OIDC_GROUP_CLAIM, DEFAULT_SAML_GROUP_ATTRIBUTES } from '../../../shared/api/hstm-idp';
import type { UserGroupMember } from '../../../shared/api/user-groups';
import { IDP_PROVIDER_LABELS } from '../../../shared/domain/statuses';
import type { Tx } from '../../db/client';
import type { orgUsers, organizations } from '../../db/schema/index';
import type { OrgActor } from '../../http/actor';
import { noWorkWhenCommitted, type OrgCtx, type PublicCtx } from '../../http/routes';
import { logGroupChange } from '../user-groups/group-change-logs';
import { followMembershipChanges } from '../user-groups/membership-effects';
import { addMembers, removeMembers } from '../user-groups/user-groups.repo';
import { listItemsStrandedWithout } from '../user-groups/group-assignments.repo';
import { findGroupClaim, listMappings, listMemberOf } from './group-mapping.repo';
import type { SsoIdentity, SsoProtocol } from './sso-users';

/**
 * IdP groups mapped to user groups (issue 16). At every single sign-on the person joins each mapped
 * group whose IdP value their claims carry and leaves each mapped group whose value they do not;
 * groups no mapping names are never touched, so memberships made by hand stay. The changes go
 * through the user-group repository and its follow-ups (read-acknowledgement triggers, draft tasks,
 * change logs on the group and the user), as an administrator's change would.
 */

/** The most group values read from one sign-in (Azure puts at most 200 in a token). */
const MAX_VALUES = 5000;
/** How many stranded items a kept membership names in the log. */
const STRANDED_LOGGED = 5;

/** What the IdP said about the person's groups: their values, or why they cannot be read. */
export type GroupClaim = { values: string[] } | { unreadable: string };

export function groupClaimNames(protocol: SsoProtocol, claim: string): string[] {
  if (claim) return [claim];
  return protocol === 'oidc' ? [DEFAULT_OIDC_GROUP_CLAIM] : [...DEFAULT_SAML_GROUP_ATTRIBUTES];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Azure's sign that the groups were left out of the token or assertion (too many: "overage"). */
function overage(attributes: Record<string, unknown>, protocol: SsoProtocol, names: string[]): boolean {
  if (protocol === 'saml') {
    return Object.keys(attributes).some((k) => k.toLowerCase() === 'http://schemas.microsoft.com/claims/groups.link');
  }
  const pointers = attributes._claim_names;
  return (
    attributes.hasgroups === true ||
    (isRecord(pointers) && Object.keys(pointers).some((k) => names.includes(k.toLowerCase())))
  );
}

/**
 * The group values in verified claims (OpenID Connect) or assertion attributes (SAML), read from
 * the org's claim name or the protocol's defaults; names compare without regard to case. A claim
 * that is absent means no groups (IdPs leave it out for a person in none), except where the IdP
 * says it left them out: then the groups are unknown and memberships stay as they are.
 */
export function readGroupClaim(attributes: Record<string, unknown>, protocol: SsoProtocol, claim: string): GroupClaim {
  const names = groupClaimNames(protocol, claim).map((n) => n.toLowerCase());
  const found = Object.entries(attributes).filter(([key]) => names.includes(key.toLowerCase()));
  if (found.length === 0) {
    if (overage(attributes, protocol, names)) {
      return { unreadable: 'the identity provider left the groups out (too many groups for one token)' };
    }
    return { values: [] };
  }
  const values = found
    .flatMap(([, raw]) => (Array.isArray(raw) ? (raw as unknown[]) : [raw]))
    .flatMap((v) => (typeof v === 'string' ? [v.trim()] : typeof v === 'number' ? [String(v)] : []))
    .filter((v) => v !== '');
  return { values: [...new Set(values)].slice(0, MAX_VALUES) };
}

/** Whether the org maps groups and under which claim: the callback reads userinfo only if needed. */
export async function groupMappingSetup(tx: Tx, orgId: number): Promise<{ mapped: boolean; claim: string }> {
  const mappings = await listMappings(tx, orgId);
  return { mapped: mappings.length > 0, claim: mappings.length > 0 ? await findGroupClaim(tx, orgId) : '' };
}

type OrgRow = typeof organizations.$inferSelect;
type UserRow = typeof orgUsers.$inferSelect;
export type SignInBase = Omit<PublicCtx, 'actor'>;

/** Who the change logs name: the identity provider, not the person (userId 0 is never an id). */
function idpActor(org: OrgRow, identity: SsoIdentity, now: Date): OrgActor {
  return {
    kind: 'org',
    sessionId: '',
    orgId: org.id,
    userId: 0,
    name: `Identity provider (${IDP_PROVIDER_LABELS[identity.provider]})`,
    email: '',
    username: '',
    isAdmin: false,
    isPolicyOwner: false,
    sudoer: null,
    loggedInAt: now,
    tokenTimeout: 0,
  };
}

/** Makes the user's memberships of mapped groups follow their IdP groups, in `tx`; logs what changed. */
export async function followIdpGroups(
  base: SignInBase,
  tx: Tx,
  org: OrgRow,
  user: UserRow,
  identity: SsoIdentity,
): Promise<void> {
  const { deps, now } = base;
  // System groups are the system's to fill: a mapping to one cannot be saved, and is ignored here.
  const mappings = (await listMappings(tx, org.id)).filter((m) => !m.system);
  if (mappings.length === 0) return;
  const where = { orgId: org.id, userId: user.id, provider: identity.provider, requestId: base.requestId };
  const read: GroupClaim = identity.groupsUnknown
    ? { unreadable: identity.groupsUnknown }
    : readGroupClaim(identity.attributes, identity.protocol, await findGroupClaim(tx, org.id));
  if ('unreadable' in read) {
    deps.log.warn(where, `sso: group memberships left as they are: ${read.unreadable}`);
    return;
  }
  const said = new Set(read.values.map((v) => v.toLowerCase()));
  const names = new Map(mappings.map((m) => [m.groupId, m.groupName]));
  const wanted = new Set(mappings.filter((m) => said.has(m.idpGroup.toLowerCase())).map((m) => m.groupId));
  const current = await listMemberOf(tx, org.id, user.id, [...names.keys()]);
  const joining = [...wanted].filter((g) => !current.has(g)).sort((a, b) => a - b);
  const leaving = [...names.keys()].filter((g) => current.has(g) && !wanted.has(g)).sort((a, b) => a - b);
  if (joining.length + leaving.length === 0) return;

  const added: number[] = [];
  const removed: number[] = [];
  const kept: string[] = [];
  for (const groupId of joining) {
    await addMembers(tx, org.id, groupId, [user.id], now);
    added.push(groupId);
  }
  // One at a time, each judged after the previous one left: two mapped groups that both make the
  // person the last approver of a step cannot both let them go.
  for (const groupId of leaving) {
    const stranded = await listItemsStrandedWithout(tx, org.id, groupId, [user.id], STRANDED_LOGGED);
    if (stranded.length > 0) {
      kept.push(names.get(groupId)!);
      deps.log.warn(
        {
          ...where,
          groupId,
          items: stranded.map((s) => ({
            pnpId: s.pnp_id,
            lacks: s.loses_owner ? 'Owner' : `approver at step ${s.loses_step}`,
          })),
        },
        `sso: ${names.get(groupId)} kept although the identity provider no longer lists it: the person is the last Owner or approver there`,
      );
      continue;
    }
    await removeMembers(tx, org.id, groupId, [user.id]);
    removed.push(groupId);
  }

  if (added.length + removed.length > 0) {
    const ctx: OrgCtx = {
      ...base,
      tx,
      orgId: org.id,
      actor: idpActor(org, identity, now),
      whenCommitted: noWorkWhenCommitted,
    };
    const member: UserGroupMember = {
      id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      status: user.status,
    };
    for (const groupId of added) {
      await logGroupChange(ctx, {
        groupId,
        groupName: names.get(groupId)!,
        action: 'Update',
        added: [member],
        removed: [],
      });
    }
    for (const groupId of removed) {
      await logGroupChange(ctx, {
        groupId,
        groupName: names.get(groupId)!,
        action: 'Update',
        added: [],
        removed: [member],
      });
    }
    await followMembershipChanges(ctx, [...added, ...removed]);
  }
  deps.log.info(
    {
      ...where,
      added: added.map((g) => names.get(g)),
      removed: removed.map((g) => names.get(g)),
      kept,
    },
    'sso: group memberships follow the identity provider',
  );
}
