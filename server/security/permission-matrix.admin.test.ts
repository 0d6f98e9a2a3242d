import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ObjectRole } from '../../shared/domain/roles';
import { notifications, tasks } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { createContainer, createGroup, createUser, grant } from '../test/factories';
import type { Agent } from '../test/harness';
import {
  ACTORS,
  makePnp,
  row,
  UNKNOWN_ID,
  type ActorKey,
  type MatrixRow,
  type Response,
  type World,
} from './permission-matrix';
import { describeMatrix, without } from './permission-matrix.rows';

/**
 * Permission matrix (product-rules.md) through the API, part 4: "Users, groups, bulk upload, bulk
 * reassign, reports: OA (reports: OA and BO, scoped to what they may see)" and "Own preferences,
 * notifications, tasks: every user".
 */

const o = (orgId: number) => `/api/o/${orgId}`;
const hex = () => randomBytes(3).toString('hex');
const IN_ORG: readonly ActorKey[] = ACTORS.filter((a) => a !== 'OtherOrg');

interface Thing {
  id: number;
  secrets: string[];
  /** Other ids the call names (a target user, an item), when it has them. */
  other?: number;
  item?: number;
}

const REPORT_ROUTES = [
  'dash/content_authoring_status',
  'dash/all_pnp_status',
  'dash/upcoming_reviews',
  'dash/published_docs',
  'pnp_documents',
  'retired_pnps',
  'pending_action',
  'user_assignments',
  'missing_assignments',
  'read_acknowledgements',
  'pnp_document_views',
  'linked_pnps',
  'approval_turnaround',
];

/**
 * Reports: the matrix gives them to OA and BO. The server gives them to anyone who is an effective
 * Owner somewhere, the Owner of a P&P with participants of its own included (reporting.scope.ts says
 * so on purpose). Reported as a disagreement; the reporting module is not ours to change here.
 */
describeMatrix('Users, groups, reports, own things', (w) => {
  const adminOnly = (spec: {
    capability: string;
    name: string;
    make: () => Promise<Thing>;
    mutates: boolean;
    objectless?: boolean;
    call: (a: Agent, org: number, x: Thing) => Promise<Response>;
    unknown?: (x: Thing) => Thing;
  }): MatrixRow =>
    row<Thing>({
      capability: spec.capability,
      name: spec.name,
      allowed: ['OA'],
      // The route itself is for org admins: everyone else in the organisation gets 403 before anything is read.
      forbidden: without(IN_ORG, ['OA']),
      make: spec.make,
      mutates: spec.mutates,
      ...(spec.objectless ? { objectless: true } : {}),
      unknown: spec.unknown ?? ((x) => ({ ...x, id: UNKNOWN_ID })),
      call: spec.call,
      secrets: (x) => x.secrets,
    });
  const nothing = (): Promise<Thing> => Promise.resolve({ id: 0, secrets: [w().marker] });
  const throwawayUser = async (): Promise<Thing> => {
    const u = await createUser(w().t.deps, w().org.id, { firstName: 'Tom', lastName: `Temp ${w().marker}` });
    return { id: u.id, secrets: [u.username, w().marker] };
  };
  const throwawayGroup = async (): Promise<Thing> => {
    const g = await createGroup(w().t.deps, w().org.id, [], `Group ${w().marker} ${hex()}`);
    return { id: g.id, secrets: [g.name] };
  };
  const users = 'users, groups, bulk upload, bulk reassign';

  /** Data for the reports, made once: P&Ps in BO's binders P and C, and in binder X, which is not BO's. */
  let reportData: Promise<{ inC: string; inX: string; retiredInC: number; pnpInC: number; pnpInX: number }> | null =
    null;
  const ensureReportData = () =>
    (reportData ??= (async () => {
      const world: World = w();
      await makePnp(world, 'active'); // in binder P, with its own Owner
      const c = await makePnp(world, 'active', world.folderC.id, { inherits: true });
      const x = await makePnp(world, 'active', world.folderX.id, { inherits: true });
      const retired = await makePnp(world, 'retired', world.folderC.id, { inherits: true });
      return { inC: c.name, inX: x.name, retiredInC: retired.id, pnpInC: c.id, pnpInX: x.id };
    })());
  const reportRow = (route: string): MatrixRow =>
    row<Thing>({
      capability: 'reports (OA; BO scoped to what they may see)',
      name: `GET reporting/${route}`,
      allowed: ['OA', 'BO'],
      // The Owner of a single P&P is not a binder or folder owner: 403, like the reader.
      forbidden: without(IN_ORG, ['OA', 'BO']),
      objectless: true,
      make: async () => {
        const data = await ensureReportData();
        return { id: 0, secrets: [data.inX, data.inC, w().marker] };
      },
      mutates: false,
      unknown: (x) => x,
      call: (a, org) => a.get(`${o(org)}/reporting/${route}`),
      secrets: (x) => x.secrets,
      ...(route === 'pnp_documents'
        ? {
            // Scoped: the BO's report holds the P&P of their binder C, not the one of binder X.
            check: async (res: Response, _x: Thing, actor: ActorKey) => {
              const data = await ensureReportData();
              const hasC = res.body.includes(data.inC);
              const hasX = res.body.includes(data.inX);
              if (actor === 'OA') return hasC && hasX ? null : 'the admin does not see every P&P';
              return hasC && !hasX ? null : `BO sees C: ${hasC}, X: ${hasX}`;
            },
          }
        : {}),
    });
  const evidenceRow = (where: 'C' | 'X'): MatrixRow =>
    row<Thing>({
      capability: 'reports (OA; BO scoped to what they may see)',
      name: `GET reporting/evidence/pnps/{id} of a P&P in binder ${where}${where === 'X' ? ' (not BO’s)' : ''}`,
      allowed: where === 'C' ? ['OA', 'BO'] : ['OA'],
      // Out of BO's scope, binder X's P&P is answered like an unknown one (404).
      forbidden: without(IN_ORG, ['OA', 'BO']),
      make: async () => {
        const data = await ensureReportData();
        return { id: where === 'C' ? data.pnpInC : data.pnpInX, secrets: [where === 'C' ? data.inC : data.inX] };
      },
      mutates: false,
      unknown: (x) => ({ ...x, id: UNKNOWN_ID }),
      call: (a, org, x) => a.get(`${o(org)}/reporting/evidence/pnps/${x.id}`),
      secrets: (x) => x.secrets,
    });

  /** A notification or task of the Audience: theirs alone, answered to everyone else like one that does not exist. */
  const ownRow = (spec: {
    name: string;
    make: () => Promise<Thing>;
    mutates: boolean;
    call: (a: Agent, org: number, x: Thing) => Promise<Response>;
  }): MatrixRow =>
    row<Thing>({
      capability: 'own preferences, notifications, tasks',
      name: spec.name,
      allowed: ['Audience'],
      forbidden: [],
      make: spec.make,
      mutates: spec.mutates,
      unknown: (x) => ({ ...x, id: UNKNOWN_ID }),
      call: spec.call,
      secrets: (x) => x.secrets,
    });
  const everyone = (name: string, call: (a: Agent, org: number) => Promise<Response>): MatrixRow =>
    row<Thing>({
      capability: 'own preferences, notifications, tasks',
      name,
      allowed: IN_ORG,
      forbidden: [],
      objectless: true,
      make: nothing,
      mutates: false,
      unknown: (x) => x,
      call: (a, org) => call(a, org),
      secrets: (x) => x.secrets,
    });
  const audienceNotification = async (): Promise<Thing> => {
    const world = w();
    const message = `Note ${world.marker} ${hex()}`;
    const [row] = await withSystem(world.t.deps.database.db, (tx) =>
      tx.insert(notifications).values({ orgId: world.org.id, userId: world.users.Audience.id, message }).returning(),
    );
    return { id: row!.id, secrets: [message] };
  };
  /** An Acknowledge task of the Audience, given by a read acknowledgement the org admin made through the API. */
  const audienceTask = async (): Promise<Thing> => {
    const world = w();
    const pnp = await makePnp(world, 'active');
    const res = await world.agents.OA.post(`${o(world.org.id)}/pnps/${pnp.id}/read_acknowledgements`, {
      read_acknowledgement: {
        name: `Read ${world.marker} ${hex()}`,
        due_date: new Date(world.t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
        user_ids: [world.users.Audience.id],
      },
    });
    if (res.statusCode !== 201) throw new Error(`read acknowledgement not made: ${res.statusCode} ${res.body}`);
    const [task] = await withSystem(world.t.deps.database.db, (tx) =>
      tx
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.userId, world.users.Audience.id), eq(tasks.pnpId, pnp.id))),
    );
    return { id: task!.id, secrets: [pnp.name] };
  };

  return [
    adminOnly({
      capability: users,
      name: 'list users (GET users)',
      make: nothing,
      mutates: false,
      objectless: true,
      call: (a, org) => a.get(`${o(org)}/users`),
    }),
    adminOnly({
      capability: users,
      name: 'one user (GET users/{id})',
      make: throwawayUser,
      mutates: false,
      call: (a, org, x) => a.get(`${o(org)}/users/${x.id}`),
    }),
    adminOnly({
      capability: users,
      name: 'create a user (POST users)',
      make: nothing,
      mutates: false,
      objectless: true,
      call: (a, org) => {
        const name = `new.${hex()}`;
        return a.post(`${o(org)}/users`, {
          user: { first_name: 'New', last_name: 'Person', email: `${name}@example.com`, username: name },
        });
      },
    }),
    adminOnly({
      capability: users,
      name: 'change a user (PUT users/{id})',
      make: throwawayUser,
      mutates: true,
      call: (a, org, x) => a.put(`${o(org)}/users/${x.id}`, { user: { title: 'Charge Nurse' } }),
    }),
    adminOnly({
      capability: users,
      name: 'delete a user (DELETE users/{id})',
      make: throwawayUser,
      mutates: true,
      call: (a, org, x) => a.delete(`${o(org)}/users/${x.id}`),
    }),
    adminOnly({
      capability: users,
      name: 'list groups (GET user_groups)',
      make: nothing,
      mutates: false,
      objectless: true,
      call: (a, org) => a.get(`${o(org)}/user_groups`),
    }),
    adminOnly({
      capability: users,
      name: 'create a group (POST user_groups)',
      make: nothing,
      mutates: false,
      objectless: true,
      call: (a, org) => a.post(`${o(org)}/user_groups`, { group: { name: `Group ${hex()}`, member_ids: [] } }),
    }),
    adminOnly({
      capability: users,
      name: 'change a group (PUT user_groups/{id})',
      make: throwawayGroup,
      mutates: true,
      call: (a, org, x) =>
        a.put(`${o(org)}/user_groups/${x.id}`, { group: { name: `Renamed ${hex()}`, member_ids: [] } }),
    }),
    adminOnly({
      capability: users,
      name: 'delete a group (DELETE user_groups/{id})',
      make: throwawayGroup,
      mutates: true,
      call: (a, org, x) => a.delete(`${o(org)}/user_groups/${x.id}`),
    }),
    adminOnly({
      capability: users,
      name: 'bulk upload users from a CSV (POST user_bulk_uploads)',
      make: nothing,
      mutates: false,
      objectless: true,
      call: (a, org) => {
        const name = `bulk.${hex()}`;
        const csv = `First Name,Last Name,Email,Username,Title,Admin,Policy Owner,Groups\nBea,Bulk,${name}@example.com,${name},Nurse,No,No,`;
        return a.post(`${o(org)}/user_bulk_uploads?file_name=users.csv`, Buffer.from(csv), {
          'content-type': 'text/csv',
        });
      },
    }),
    adminOnly({
      capability: users,
      name: 'list bulk uploads (GET user_bulk_uploads)',
      make: nothing,
      mutates: false,
      objectless: true,
      call: (a, org) => a.get(`${o(org)}/user_bulk_uploads`),
    }),
    adminOnly({
      capability: users,
      name: 'who holds what, for bulk reassignment (GET user_bulk_assign)',
      make: nothing,
      mutates: false,
      objectless: true,
      call: (a, org) => a.get(`${o(org)}/user_bulk_assign`),
    }),
    adminOnly({
      capability: users,
      name: 'bulk reassign a user’s ownership of a binder to another (POST user_bulk_assign/update)',
      make: async () => {
        const world = w();
        const from = await throwawayUser();
        const to = await throwawayUser();
        const binder = await createContainer(world.t.deps, world.org.id, { name: `Binder ${world.marker} ${hex()}` });
        await grant(world.t.deps, world.org.id, { containerId: binder.id }, { userId: from.id }, ObjectRole.Owner);
        return { id: from.id, other: to.id, item: binder.id, secrets: [...from.secrets, binder.name] };
      },
      mutates: true,
      unknown: (x) => ({ ...x, id: UNKNOWN_ID }),
      call: (a, org, x) =>
        a.post(`${o(org)}/user_bulk_assign/update`, {
          reassignment_type: 'reassign',
          source: { type: 'User', id: x.id },
          targets: [{ type: 'User', id: x.other }],
          selected_roles: [ObjectRole.Owner],
          selectedContainers: [{ item_type: 1, id: x.item }],
        }),
    }),

    ...REPORT_ROUTES.map(reportRow),
    evidenceRow('C'),
    evidenceRow('X'),

    everyone('own preferences (GET self/settings)', (a) => a.get('/api/self/settings')),
    everyone('change own preferences (PUT self/settings)', (a) =>
      a.put('/api/self/settings', { settings: { ntfy_email_summary: 'daily' } }),
    ),
    everyone('own notifications (GET self/notifications)', (a) => a.get('/api/self/notifications')),
    everyone('mark all own notifications read (PUT self/notifications/update_all)', (a) =>
      a.put('/api/self/notifications/update_all', { status: 2 }),
    ),
    everyone('own tasks (GET tasks)', (a, org) => a.get(`${o(org)}/tasks`)),
    ownRow({
      name: 'mark one’s own notification read (PUT self/notifications/{id}); nobody else’s',
      make: audienceNotification,
      mutates: true,
      call: (a, _org, x) => a.put(`/api/self/notifications/${x.id}`, { status: 2 }),
    }),
    ownRow({
      name: 'delete one’s own notification (DELETE self/notifications/{id}); nobody else’s',
      make: audienceNotification,
      mutates: true,
      call: (a, _org, x) => a.delete(`/api/self/notifications/${x.id}`),
    }),
    ownRow({
      name: 'one’s own task (GET tasks/{id}); nobody else’s',
      make: audienceTask,
      mutates: false,
      call: (a, org, x) => a.get(`${o(org)}/tasks/${x.id}`),
    }),
  ];
});
