import { z } from 'zod';
import { ID_MAX, id, queryId, text } from './primitives';
import { NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '../domain/limits';
import { ValidationPatterns } from '../domain/validation';
import { noAngleBrackets } from '../domain/validation-messages';

/**
 * Containers (spec §7 "Containers and access"): binders (item type 1), folders (2) and, in the
 * tree, P&Ps (3). Paths sit under /api:
 *
 * - GET    o/{org}/containers[?bypass_val=true]  the tree (ContainerTree). Without bypass_val every
 *   caller, admins included, gets the nodes they hold an effective role on plus the ancestors
 *   needed to reach them. bypass_val=true bypasses that permission filter and answers the whole
 *   tree of the organisation; only org admins may ask (403 for others).
 * - GET    o/{org}/containers?depth=N[&parent_id=ID][&open_to=ID]  part of that same tree, for a
 *   screen that opens nodes on demand (ContainerLevels): the N levels below parent_id (below the
 *   top when it is left out), plus, with open_to, the children of every binder and folder from
 *   the top down to open_to (the tree opened at a node named by a search or a link). Each node
 *   says whether it has children the caller may see. A parent_id or open_to the caller may not see
 *   is a 404, like one that does not exist.
 * - POST   o/{org}/containers                   create or, with copy_of, copy (CreateContainerBody)
 * - PUT    o/{org}/containers/{id}              rename / move (UpdateContainerBody); item_type 3 moves a P&P
 * - DELETE o/{org}/containers/{id}?confirm=true delete; a non-empty container needs confirm=true
 * - GET    o/{org}/containers/{id}/summary      what a container holds (for the delete confirmation)
 * - GET    o/{org}/containers/{id}/change_logs  its change-log entries
 * - GET    o/{org}/pnps/{pnpId}/containers      the containers from the binder down to a P&P
 */

export const ItemTypeValue = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  message: 'Item type must be 1 (binder), 2 (folder) or 3 (P&P).',
});
export const ContainerTypeValue = z.union([z.literal(1), z.literal(2)], {
  message: 'Item type must be 1 (binder) or 2 (folder).',
});

/** Spec §5 'name': no angle brackets; our bound of 255 characters; never blank. */
export const ContainerName = text({ message: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters.`)
  .regex(ValidationPatterns.name, noAngleBrackets('Name'));

const Description = text()
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters.`)
  .regex(ValidationPatterns.generic, noAngleBrackets('Description'))
  .nullable();

const Id = id();

const ParentId = Id.nullable();
const Position = z
  .number({ message: 'Position must be a whole number from 0.' })
  .int({ message: 'Position must be a whole number from 0.' })
  .min(0, { message: 'Position must be a whole number from 0.' })
  .max(1_000_000, { message: 'Position must be a whole number from 0.' });
const LockVersion = z
  .number({ message: 'Lock version is required: refresh and try again.' })
  .int({ message: 'Lock version must be a whole number.' })
  .min(0, { message: 'Lock version must be a whole number.' })
  .max(ID_MAX, { message: 'Lock version must be a whole number.' });

const CopyOf = z.object({ item_type: ItemTypeValue, id: Id }).strict();

/**
 * POST: a new binder (item_type 1, no parent) or folder (item_type 2, with a parent), position
 * defaulting to the end; or, with copy_of, a copy of a binder, folder (with its subtree and
 * overrides) or P&P placed under parent_id (name defaults to the source's).
 */
export const CreateContainerBody = z
  .object({
    item: z
      .object({
        item_type: ContainerTypeValue.optional(),
        name: ContainerName.optional(),
        description: Description.optional(),
        parent_id: ParentId.optional(),
        position: Position.optional(),
        copy_of: CopyOf.optional(),
      })
      .strict()
      .superRefine((item, ctx) => {
        if (item.copy_of) {
          if (item.item_type !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: ['item_type'],
              message: 'A copy takes the item type of its source: leave item type out.',
            });
          }
          if (item.parent_id === undefined) {
            ctx.addIssue({
              code: 'custom',
              path: ['parent_id'],
              message: 'Parent id is required for a copy (null for a binder).',
            });
          }
          return;
        }
        if (item.item_type === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['item_type'],
            message: 'Item type is required: 1 (binder) or 2 (folder).',
          });
        }
        if (item.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name is required.' });
      }),
  })
  .strict();
export type CreateContainerBody = z.infer<typeof CreateContainerBody>;

/**
 * PUT {id}: rename (name, description) and/or move (parent_id and/or position). lock_version is
 * the version the caller last saw: a stale one is a 409. item_type 3 means {id} is a P&P (moves only).
 */
export const UpdateContainerBody = z
  .object({
    item: z
      .object({
        item_type: ItemTypeValue.optional(),
        name: ContainerName.optional(),
        description: Description.optional(),
        parent_id: ParentId.optional(),
        position: Position.optional(),
        lock_version: LockVersion,
      })
      .strict(),
  })
  .strict();
export type UpdateContainerBody = z.infer<typeof UpdateContainerBody>;

const BoolText = z.enum(['true', 'false'], { message: 'Use true or false.' }).transform((v) => v === 'true');

/** The most levels one on-demand request may ask for (the screen asks for 2 at first, then 1). */
export const MAX_TREE_DEPTH = 3;
const depthMessage = { message: `Depth must be a whole number from 1 to ${MAX_TREE_DEPTH}.` };

export const ContainerListQuery = z.object({
  bypass_val: BoolText.optional(),
  /** On-demand: how many levels below parent_id (or the top) to answer. */
  depth: z.coerce
    .number(depthMessage)
    .int(depthMessage)
    .min(1, depthMessage)
    .max(MAX_TREE_DEPTH, depthMessage)
    .optional(),
  /** On-demand: the binder or folder whose children to answer (needs depth). */
  parent_id: queryId('Parent id').optional(),
  /** On-demand: also the children of every container on the path from the top down to this one (needs depth). */
  open_to: queryId('Open to').optional(),
});
export type ContainerListQuery = z.infer<typeof ContainerListQuery>;
export const DeleteContainerQuery = z.object({
  confirm: BoolText.optional(),
  lock_version: z.coerce
    .number({ message: 'Lock version must be a whole number.' })
    .int({ message: 'Lock version must be a whole number.' })
    .min(0, { message: 'Lock version must be a whole number.' })
    .max(ID_MAX, { message: 'Lock version must be a whole number.' })
    .optional(),
});

/** What the actor may do with a node; the server re-checks every time. */
export const NodeAbilities = z.object({
  /** Create inside, rename, move, copy, delete, set participants, reset to parent. */
  manage: z.boolean(),
});

/** One node of the tree: a binder, a folder or a P&P (P&P ids and container ids are separate spaces). */
export const ContainerTreeItem = z.object({
  id: z.number().int(),
  item_type: ItemTypeValue,
  /** A container's parent container, a P&P's container; null for binders. */
  parent_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  lock_version: z.number().int(),
  inherits_access: z.boolean(),
  /** P&Ps only: 1 Draft, 2 Published, 3 Retired (labels in shared/domain/statuses). */
  status: z.number().int().nullable(),
  /** P&Ps only: the Active version's publication time. */
  published_at: z.string().nullable(),
  favorite: z.boolean(),
  recently_viewed: z.boolean(),
  recently_published: z.boolean(),
  /** False for an ancestor shown only to reach something below it. */
  has_role: z.boolean(),
  abilities: NodeAbilities,
});
export type ContainerTreeItem = z.infer<typeof ContainerTreeItem>;

/** GET containers: every node in one flat list, siblings in position order. */
export const ContainerTree = z.object({
  items: z.array(ContainerTreeItem),
  abilities: z.object({ create_binder: z.boolean() }),
});
export type ContainerTree = z.infer<typeof ContainerTree>;

/**
 * One node of an on-demand answer: only what the manage tree shows (its row, the details panel and
 * the writes' lock version), and whether it has children the caller may see (the expander).
 */
export const ContainerNodeItem = z.object({
  id: z.number().int(),
  item_type: ItemTypeValue,
  parent_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  lock_version: z.number().int(),
  inherits_access: z.boolean(),
  status: z.number().int().nullable(),
  has_role: z.boolean(),
  /** Binders and folders: whether anything the caller may see sits inside. Always false for P&Ps. */
  has_children: z.boolean(),
  abilities: NodeAbilities,
});
export type ContainerNodeItem = z.infer<typeof ContainerNodeItem>;

/** GET containers?depth=N: the levels asked for, flat, each parent before its children, siblings in position order. */
export const ContainerLevels = z.object({
  items: z.array(ContainerNodeItem),
  abilities: z.object({ create_binder: z.boolean() }),
});
export type ContainerLevels = z.infer<typeof ContainerLevels>;

export const ContainerItemResponse = z.object({ item: ContainerTreeItem });
export type ContainerItemResponse = z.infer<typeof ContainerItemResponse>;

/** GET {id}/summary: what deleting it would remove, and what blocks it. */
export const ContainerSummary = z.object({
  id: z.number().int(),
  item_type: ContainerTypeValue,
  name: z.string(),
  folders: z.number().int(),
  pnps: z.number().int(),
  /** Published or retired P&Ps inside: a container holding any cannot be deleted. */
  /** The first 50 published or retired P&Ps inside, by name: they block a delete. */
  blocking_pnps: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.number().int() })),
  /** How many published or retired P&Ps are inside in all (`blocking_pnps` lists the first 50). */
  blocking_total: z.number().int(),
});
export type ContainerSummary = z.infer<typeof ContainerSummary>;

/** GET pnps/{pnpId}/containers: the path from the binder down to the P&P's container. */
export const PnpContainerPath = z.object({
  containers: z.array(
    z.object({
      id: z.number().int(),
      item_type: ContainerTypeValue,
      name: z.string(),
      parent_id: z.number().int().nullable(),
    }),
  ),
});
export type PnpContainerPath = z.infer<typeof PnpContainerPath>;

/** The custom_error of a DELETE that needs confirm=true (the UI shows the confirmation modal). */
export const CONFIRMATION_REQUIRED = 'confirmation_required';

/** The conflict message of a stale lock_version (two people changing one node at once). */
export const CONCURRENT_CHANGE_MESSAGE = 'This item was changed by someone else. Refresh and try again.';

/** The key of a tree node: container and P&P ids live in separate spaces. */
export const treeNodeKey = (itemType: number, id: number): string => `${itemType === 3 ? 'p' : 'c'}${id}`;

/** How many destinations one answer names at most, and by default. */
export const DESTINATIONS_MAX = 50;
export const DESTINATIONS_DEFAULT = 20;
const limitMessage = { message: `Limit must be a whole number from 1 to ${DESTINATIONS_MAX}.` };

/**
 * GET o/{org}/containers/destinations?object_type&object_id[&q][&limit]: the binders and folders a node may
 * be moved or copied into, found by part of their name, for the manage screen's Move and Copy
 * dialogs (the tree is loaded on demand, so the screen cannot search it). Only those the caller may
 * place things in (org admins: all; others: those they own), never the node itself or one of its
 * own folders.
 */
export const DestinationsQuery = z.object({
  /** The node to move or copy: a binder (1), folder (2) or P&P (3), named as the access calls name it. */
  object_type: z.enum(['1', '2', '3'], { message: 'Object type must be 1 (binder), 2 (folder) or 3 (P&P).' }),
  object_id: queryId('Object id'),
  q: text().max(100, 'Search text must be at most 100 characters.').optional(),
  limit: z.coerce
    .number(limitMessage)
    .int(limitMessage)
    .min(1, limitMessage)
    .max(DESTINATIONS_MAX, limitMessage)
    .optional(),
});
export type DestinationsQuery = z.infer<typeof DestinationsQuery>;

export const Destination = z.object({
  id: id(),
  item_type: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  /** Where it sits: the names of the binder and folders above it, top down ('' for a binder). */
  path: z.string(),
  /** Their ids, top down (a screen opens them to show the node where it went). */
  ancestor_ids: z.array(z.number().int()),
});
export type Destination = z.infer<typeof Destination>;
export const DestinationList = z.object({
  destinations: z.array(Destination),
  /** More binders or folders match than were named: the caller should type more of the name. */
  more: z.boolean(),
});
export type DestinationList = z.infer<typeof DestinationList>;
