import { sql } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { UserStatus } from '../../../shared/domain/statuses';
import type { Routing } from '../../../shared/domain/workflow';
import { queryRows, type Executor } from '../../db/client';
import {
  listEffectiveParticipants,
  listUserRolesOnContainer,
  listUserRolesOnPnp,
  type Participant,
  type RoleGrant,
} from '../access/effective-access';
import type { OrgActor } from '../../http/actor';
import type { ActorFacts } from './workflow.policy';

/** One person in one role on a P&P: groups expanded to their active members. */
export interface Assignee {
  user_id: number;
  name: string;
  email: string;
  role: number;
  approval_step: number | null;
}

/**
 * Who takes part in a P&P: its effective grants (`participants`: users and groups, whether or not
 * anyone active is left in them) and the active people those grants reach (`assignees`).
 */
export interface PnpPeople {
  assignees: Assignee[];
  participants: Participant[];
}

/**
 * The people who hold each role on a P&P (product rules: reviewers, approvers, owners and
 * authors come from the effective participants, groups counted by their members).
 */
export async function listAssignees(db: Executor, orgId: number, pnpId: number): Promise<PnpPeople> {
  const participants = await listEffectiveParticipants(db, orgId, { pnpId });
  const groupIds = [...new Set(participants.filter((p) => p.group_id !== null).map((p) => p.group_id!))];
  const userIds = [...new Set(participants.filter((p) => p.user_id !== null).map((p) => p.user_id!))];
  const people =
    groupIds.length + userIds.length === 0
      ? []
      : await queryRows<{ user_id: number; group_id: number | null; name: string; email: string }>(
          db,
          sql`select u.id as user_id, m.group_id, u.first_name || ' ' || u.last_name as name, u.email
                from org_users u
                left join group_memberships m on m.org_id = u.org_id and m.user_id = u.id
                     and m.group_id in (${
                       groupIds.length
                         ? sql.join(
                             groupIds.map((id) => sql`${id}`),
                             sql`, `,
                           )
                         : sql`null`
                     })
               where u.org_id = ${orgId} and u.status = ${UserStatus.Active}
                 and (u.id in (${
                   userIds.length
                     ? sql.join(
                         userIds.map((id) => sql`${id}`),
                         sql`, `,
                       )
                     : sql`null`
                 }) or m.group_id is not null)`,
        );
  const seen = new Set<string>();
  const assignees: Assignee[] = [];
  const add = (person: { user_id: number; name: string; email: string }, p: Participant): void => {
    const key = `${person.user_id}:${p.role}:${p.approval_step ?? 0}`;
    if (seen.has(key)) return;
    seen.add(key);
    assignees.push({
      user_id: person.user_id,
      name: person.name,
      email: person.email,
      role: p.role,
      approval_step: p.approval_step,
    });
  };
  for (const p of participants) {
    if (p.user_id !== null) {
      const person = people.find((x) => x.user_id === p.user_id);
      if (person) add(person, p);
    } else {
      for (const person of people.filter((x) => x.group_id === p.group_id)) add(person, p);
    }
  }
  return { assignees, participants };
}

export const withRole = (assignees: Assignee[], role: number, step?: number): Assignee[] =>
  assignees.filter((a) => a.role === role && (step === undefined || a.approval_step === step));

/** Which stages have someone to act: decides what the workflow skips. */
export function routingOf(assignees: Assignee[]): Routing {
  return {
    hasReviewers: withRole(assignees, ObjectRole.Reviewer).length > 0,
    approverSteps: [...new Set(withRole(assignees, ObjectRole.Approver).map((a) => a.approval_step ?? 1))],
  };
}

/** What the policy needs to know about the caller on this P&P. */
export async function loadActorFacts(
  db: Executor,
  actor: OrgActor,
  pnp: { id: number; containerId: number },
): Promise<ActorFacts> {
  // One after the other: both run on the request's single transaction connection.
  const roles: RoleGrant[] = await listUserRolesOnPnp(db, actor.orgId, actor.userId, pnp.id);
  const containerRoles: RoleGrant[] = await listUserRolesOnContainer(db, actor.orgId, actor.userId, pnp.containerId);
  return {
    userId: actor.userId,
    isAdmin: actor.isAdmin,
    isBinderOwner: containerRoles.some((r) => r.role === ObjectRole.Owner),
    roles,
  };
}
