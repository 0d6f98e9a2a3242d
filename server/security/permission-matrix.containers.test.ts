import { randomBytes } from 'node:crypto';
import { ObjectRole } from '../../shared/domain/roles';
import { createContainer, grant } from '../test/factories';
import type { Agent } from '../test/harness';
import { makePnp, row, UNKNOWN_ID, type ActorKey, type Response, type World } from './permission-matrix';
import { describeMatrix, EVERYONE, without } from './permission-matrix.rows';
import { putAccess, resetAccess } from '../test/access-calls';

/**
 * Permission matrix (product-rules.md) through the API, part 3: "Create, move, copy, delete
 * containers; set access; reset_to_parent: OA; BO inside their own subtree". Binder C is BO's (Author,
 * Audience and PolicyOwner hold roles on it too, so they see it and get 403); binder X is not BO's
 * (Author holds a role on it); everyone else holds no role on either and must learn nothing.
 */

const o = (orgId: number) => `/api/o/${orgId}`;
const hex = () => randomBytes(3).toString('hex');

/** A binder, folder or P&P of the tree, and the names nobody who may not see it may read. */
interface Node {
  id: number;
  secrets: string[];
  /** Where a copy goes (copies name their destination in the body, checked first). */
  destId?: number;
}

/** Who sees binder C and its subtree, and binder X and its subtree, besides the org admin. */
const SEE_C: readonly ActorKey[] = ['BO', 'Author', 'Audience', 'PolicyOwner'];
const SEE_X: readonly ActorKey[] = ['Author'];

describeMatrix('Containers and access', (w) => {
  const inC = (name: string) => [name, w().binderC.name];
  /** A folder of binder C (or X) that inherits its participants: made fresh for every allowed call. */
  const folderIn = async (binder: 'C' | 'X', ownParticipants = false): Promise<Node> => {
    const world: World = w();
    const parent = binder === 'C' ? world.binderC : world.binderX;
    const folder = await createContainer(world.t.deps, world.org.id, {
      parentId: parent.id,
      name: `Folder ${world.marker} ${hex()}`,
    });
    if (ownParticipants) {
      // The same people as binder C, but its own: reset_to_parent has something to drop.
      const u = world.users;
      const target = { containerId: folder.id };
      await grant(world.t.deps, world.org.id, target, { userId: u.BO.id }, ObjectRole.Owner);
      await grant(world.t.deps, world.org.id, target, { userId: u.Author.id }, ObjectRole.Author);
      await grant(world.t.deps, world.org.id, target, { userId: u.Audience.id }, ObjectRole.Audience);
      await grant(world.t.deps, world.org.id, target, { userId: u.PolicyOwner.id }, ObjectRole.Audience);
    }
    return { id: folder.id, secrets: [folder.name, parent.name] };
  };
  const unknownNode = (n: Node): Node => ({ ...n, id: UNKNOWN_ID });
  // A copy names two things: both unknown, as the answer to someone who sees neither must be.
  const unknownCopy = (n: Node): Node => ({ ...n, id: UNKNOWN_ID, destId: UNKNOWN_ID });
  const nodeRow = (spec: {
    name: string;
    binder: 'C' | 'X';
    allowed: readonly ActorKey[];
    make: () => Promise<Node>;
    mutates: boolean;
    call: (a: Agent, org: number, n: Node) => Promise<Response>;
    hiddenStatus?: number;
    unknown?: (n: Node) => Node;
  }) =>
    row<Node>({
      capability: 'create, move, copy, delete containers; set access; reset_to_parent',
      name: spec.name,
      allowed: spec.allowed,
      forbidden: without(spec.binder === 'C' ? SEE_C : SEE_X, spec.allowed),
      make: spec.make,
      mutates: spec.mutates,
      unknown: spec.unknown ?? unknownNode,
      call: spec.call,
      secrets: (n) => n.secrets,
      ...(spec.hiddenStatus ? { hiddenStatus: spec.hiddenStatus } : {}),
    });
  const newName = () => `Made ${hex()}`;
  const binderOf = (binder: 'C' | 'X'): Node => {
    const b = binder === 'C' ? w().binderC : w().binderX;
    return { id: b.id, secrets: [b.name] };
  };
  const participantsOfC = () => {
    const u = w().users;
    const user = (id: number) => ({ type: 'User', id });
    return {
      owners: [user(u.BO.id)],
      authors: [user(u.Author.id)],
      audience: [user(u.Audience.id), user(u.PolicyOwner.id)],
    };
  };

  return [
    row<Node>({
      capability: 'create, move, copy, delete containers; set access; reset_to_parent',
      name: 'create a binder at the top level: OA only',
      allowed: ['OA'],
      forbidden: without(EVERYONE, ['OA', 'OtherOrg']),
      objectless: true,
      make: () => Promise.resolve(binderOf('C')),
      mutates: false,
      unknown: (n) => n,
      call: (a, org) => a.post(`${o(org)}/containers`, { item: { item_type: 1, name: newName() } }),
      secrets: (n) => n.secrets,
    }),
    // A destination travels in the body: one that may not be seen answers like an unknown one (422).
    nodeRow({
      name: 'create a folder in binder C (BO owns it)',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: () => Promise.resolve(binderOf('C')),
      mutates: false,
      call: (a, org, n) => a.post(`${o(org)}/containers`, { item: { item_type: 2, name: newName(), parent_id: n.id } }),
      hiddenStatus: 422,
    }),
    nodeRow({
      name: 'create a folder in binder X (not BO’s)',
      binder: 'X',
      allowed: ['OA'],
      make: () => Promise.resolve(binderOf('X')),
      mutates: false,
      call: (a, org, n) => a.post(`${o(org)}/containers`, { item: { item_type: 2, name: newName(), parent_id: n.id } }),
      hiddenStatus: 422,
    }),
    nodeRow({
      name: 'rename a folder of binder C',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: () => folderIn('C'),
      mutates: true,
      call: (a, org, n) => a.put(`${o(org)}/containers/${n.id}`, { item: { name: newName(), lock_version: 0 } }),
    }),
    nodeRow({
      name: 'move a folder of binder C into folder CF',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: () => folderIn('C'),
      mutates: true,
      call: (a, org, n) =>
        a.put(`${o(org)}/containers/${n.id}`, { item: { parent_id: w().folderC.id, lock_version: 0 } }),
    }),
    nodeRow({
      name: 'move a folder of binder X into folder XF',
      binder: 'X',
      allowed: ['OA'],
      make: () => folderIn('X'),
      mutates: true,
      call: (a, org, n) =>
        a.put(`${o(org)}/containers/${n.id}`, { item: { parent_id: w().folderX.id, lock_version: 0 } }),
    }),
    // A reorder renumbers the parent's children: it is the parent's owner's, not only the node's.
    nodeRow({
      name: 'reorder a folder of binder C (BO owns C)',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: () => folderIn('C'),
      mutates: true,
      call: (a, org, n) => a.put(`${o(org)}/containers/${n.id}`, { item: { position: 0, lock_version: 0 } }),
    }),
    row<Node>({
      capability: 'create, move, copy, delete containers; set access; reset_to_parent',
      name: 'reorder a folder BO owns inside a binder BO only reads',
      allowed: ['OA'],
      // BO sees the binder (Audience) and owns the folder, not the binder; nobody else holds a role.
      forbidden: ['BO'],
      make: async () => {
        const world = w();
        const binder = await createContainer(world.t.deps, world.org.id, { name: `Binder ${world.marker} ${hex()}` });
        // A sibling first, so that position 0 is a move.
        await createContainer(world.t.deps, world.org.id, {
          parentId: binder.id,
          name: `Folder ${world.marker} ${hex()}`,
        });
        const folder = await createContainer(world.t.deps, world.org.id, {
          parentId: binder.id,
          name: `Folder ${world.marker} ${hex()}`,
        });
        const bo = { userId: world.users.BO.id };
        await grant(world.t.deps, world.org.id, { containerId: binder.id }, bo, ObjectRole.Audience);
        await grant(world.t.deps, world.org.id, { containerId: folder.id }, bo, ObjectRole.Owner);
        return { id: folder.id, secrets: [folder.name, binder.name] };
      },
      mutates: true,
      unknown: unknownNode,
      call: (a, org, n) => a.put(`${o(org)}/containers/${n.id}`, { item: { position: 0, lock_version: 0 } }),
      secrets: (n) => n.secrets,
    }),
    nodeRow({
      name: 'copy a folder of binder C into binder C',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: async () => ({ ...(await folderIn('C')), destId: w().binderC.id }),
      mutates: false,
      unknown: unknownCopy,
      call: (a, org, n) =>
        a.post(`${o(org)}/containers`, {
          item: { copy_of: { item_type: 2, id: n.id }, parent_id: n.destId, name: newName() },
        }),
      hiddenStatus: 422,
    }),
    nodeRow({
      name: 'copy a folder of binder X into binder X',
      binder: 'X',
      allowed: ['OA'],
      make: async () => ({ ...(await folderIn('X')), destId: w().binderX.id }),
      mutates: false,
      unknown: unknownCopy,
      call: (a, org, n) =>
        a.post(`${o(org)}/containers`, {
          item: { copy_of: { item_type: 2, id: n.id }, parent_id: n.destId, name: newName() },
        }),
      hiddenStatus: 422,
    }),
    nodeRow({
      name: 'delete an empty folder of binder C',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: () => folderIn('C'),
      mutates: true,
      call: (a, org, n) => a.delete(`${o(org)}/containers/${n.id}`),
    }),
    nodeRow({
      name: 'delete an empty folder of binder X',
      binder: 'X',
      allowed: ['OA'],
      make: () => folderIn('X'),
      mutates: true,
      call: (a, org, n) => a.delete(`${o(org)}/containers/${n.id}`),
    }),
    nodeRow({
      name: 'delete a binder BO owns: OA only',
      binder: 'C',
      allowed: ['OA'],
      make: async () => {
        const world = w();
        const binder = await createContainer(world.t.deps, world.org.id, { name: `Binder ${world.marker} ${hex()}` });
        const u = world.users;
        const target = { containerId: binder.id };
        await grant(world.t.deps, world.org.id, target, { userId: u.BO.id }, ObjectRole.Owner);
        await grant(world.t.deps, world.org.id, target, { userId: u.Author.id }, ObjectRole.Author);
        await grant(world.t.deps, world.org.id, target, { userId: u.Audience.id }, ObjectRole.Audience);
        await grant(world.t.deps, world.org.id, target, { userId: u.PolicyOwner.id }, ObjectRole.Audience);
        return { id: binder.id, secrets: [binder.name] };
      },
      mutates: true,
      call: (a, org, n) => a.delete(`${o(org)}/containers/${n.id}`),
    }),
    nodeRow({
      name: 'set the participants of a folder of binder C',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: () => folderIn('C'),
      mutates: true,
      call: (a, org, n) =>
        putAccess(a, `${o(org)}/access/${n.id}`, { object_type: 2, participants: participantsOfC() }),
    }),
    nodeRow({
      name: 'set the participants of a folder of binder X',
      binder: 'X',
      allowed: ['OA'],
      make: () => folderIn('X'),
      mutates: true,
      call: (a, org, n) => putAccess(a, `${o(org)}/access/${n.id}`, { object_type: 2, participants: { authors: [] } }),
    }),
    nodeRow({
      name: 'reset_to_parent a folder of binder C with participants of its own',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: () => folderIn('C', true),
      mutates: true,
      call: (a, org, n) => resetAccess(a, `${o(org)}/access/${n.id}/reset_to_parent`, { object_type: 2 }),
    }),
    nodeRow({
      name: 'move a published P&P of folder CF into binder C',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: async () => {
        const p = await makePnp(w(), 'active', w().folderC.id, { inherits: true });
        return { id: p.id, secrets: [p.name, ...inC(w().folderC.name)] };
      },
      mutates: true,
      call: (a, org, n) =>
        a.put(`${o(org)}/containers/${n.id}`, { item: { item_type: 3, parent_id: w().binderC.id, lock_version: 0 } }),
    }),
    nodeRow({
      name: 'copy a published P&P of folder CF into binder C',
      binder: 'C',
      allowed: ['OA', 'BO'],
      make: async () => {
        const p = await makePnp(w(), 'active', w().folderC.id, { inherits: true });
        return { id: p.id, secrets: [p.name, ...inC(w().folderC.name)], destId: w().binderC.id };
      },
      mutates: false,
      unknown: unknownCopy,
      call: (a, org, n) =>
        a.post(`${o(org)}/containers`, { item: { copy_of: { item_type: 3, id: n.id }, parent_id: n.destId } }),
      hiddenStatus: 422,
    }),
  ];
});
