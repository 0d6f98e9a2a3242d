import type { ParticipantKey, SetParticipantsBody, SubjectRef } from '../../shared/api/access';
import { ItemType } from '../../shared/domain/statuses';
import type { OrgCtx } from '../http/routes';
import { fetchParticipants, setParticipants } from '../modules/containers/access.service';
import { createContainer } from '../modules/containers/containers.service';
import { actingAs, demoUserId, type DemoScene } from './demo-context';

export const DEMO_BINDERS: Array<{ name: string; folders: string[] }> = [
  {
    name: 'Clinical Policies',
    folders: ['Infection Prevention', 'Medication Management', 'Patient Safety', 'Nursing Practice'],
  },
  { name: 'Human Resources', folders: ['Onboarding', 'Employee Health', 'Workforce Management'] },
  { name: 'Environment of Care', folders: ['Emergency Management', 'Safety and Security'] },
  { name: 'Administration and Compliance', folders: ['Privacy and Confidentiality', 'Quality Improvement'] },
];

/**
 * Who works on every binder when it is set up (usernames; the audience is the 'All Staff' group): the
 * binder owner owns them, the policy owner writes, one reviewer and one approver sign off.
 */
export const DEMO_BINDER_PEOPLE = {
  owner: 'bea.binder',
  author: 'paul.owner',
  reviewer: 'rita.reviewer',
  approver: 'alan.approver',
} as const;

/** The binders and folders were set up this long ago: after the users' import (730 days), before the first P&P (700). */
const SET_UP_DAYS_AGO = 725;
/**
 * The binder that changed hands, its new owner (the compliance officer), and how long ago the org
 * admin handed it over: after its binder owner's last act in it (its P&Ps were last published months
 * ago), before the demo's read acknowledgements and review reminders, which its owners manage.
 */
const HANDED_OVER = { binder: 'Administration and Compliance', to: 'cora.compliance', daysAgo: 5 } as const;
/** The folder still being set up: made by its binder's owner, its approver and audience not chosen yet. */
const FOLDER_BEING_SET_UP = { binder: 'Clinical Policies', name: 'Telehealth', daysAgo: 6 } as const;

export interface DemoContainers {
  binderIds: Map<string, number>;
  folderIds: Map<string, number>;
}

/**
 * The binders and folders, made as the org admin makes them on the Manage screen: each binder
 * created and given its participants (DEMO_BINDER_PEOPLE), each folder created inside it to inherit
 * them. Their change logs hold the 'Create' and 'Update Access' entries the product writes.
 */
export async function seedDemoContainers(scene: DemoScene, allStaffGroupId: number): Promise<DemoContainers> {
  const admin = actingAs(scene, 'ada.admin', SET_UP_DAYS_AGO);
  const binderIds = new Map<string, number>();
  const folderIds = new Map<string, number>();
  for (const binder of DEMO_BINDERS) {
    const made = await createContainer(admin, { item_type: ItemType.Binder, name: binder.name });
    binderIds.set(binder.name, made.id);
    await setOwnParticipants(
      admin,
      ItemType.Binder,
      made.id,
      binderParticipants(scene, DEMO_BINDER_PEOPLE.owner, allStaffGroupId),
    );
    for (const folder of binder.folders) {
      const child = await createContainer(admin, { item_type: ItemType.Folder, name: folder, parent_id: made.id });
      folderIds.set(folder, child.id);
    }
  }
  return { binderIds, folderIds };
}

/**
 * What changed in the tree after the P&Ps' stories (dated after their last act in those binders),
 * through the same services:
 *
 * - the org admin handed one binder to the compliance officer (binders are not all the binder owner's);
 * - the binder owner started a folder and chose its owner, author and reviewer, but no approver and
 *   no audience yet: it is what the Unassigned Items report finds.
 */
export async function seedDemoContainerChanges(
  scene: DemoScene,
  containers: DemoContainers,
  allStaffGroupId: number,
): Promise<void> {
  const handedOver = containers.binderIds.get(HANDED_OVER.binder);
  if (handedOver !== undefined) {
    await setOwnParticipants(
      actingAs(scene, 'ada.admin', HANDED_OVER.daysAgo),
      ItemType.Binder,
      handedOver,
      binderParticipants(scene, HANDED_OVER.to, allStaffGroupId),
    );
  }
  const parentId = containers.binderIds.get(FOLDER_BEING_SET_UP.binder);
  if (parentId === undefined) return;
  const owner = actingAs(scene, DEMO_BINDER_PEOPLE.owner, FOLDER_BEING_SET_UP.daysAgo);
  const folder = await createContainer(owner, {
    item_type: ItemType.Folder,
    name: FOLDER_BEING_SET_UP.name,
    parent_id: parentId,
  });
  const user = (username: string): SubjectRef[] => [{ type: 'User', id: demoUserId(scene, username) }];
  await setOwnParticipants(owner, ItemType.Folder, folder.id, {
    owners: user(DEMO_BINDER_PEOPLE.owner),
    authors: user(DEMO_BINDER_PEOPLE.author),
    reviewers: user(DEMO_BINDER_PEOPLE.reviewer),
  });
}

/**
 * Gives a binder or folder its own participants as the Manage screen does: from the participants it
 * has just read, whose participants_version the change sends back.
 */
async function setOwnParticipants(
  ctx: OrgCtx,
  objectType: typeof ItemType.Binder | typeof ItemType.Folder,
  id: number,
  participants: SetParticipantsBody['participants'],
): Promise<void> {
  const { participants_version } = await fetchParticipants(ctx, objectType, id);
  await setParticipants(ctx, id, { object_type: objectType, participants, participants_version });
}

/** A binder's participants as set up: DEMO_BINDER_PEOPLE with `owner` as its owner. */
function binderParticipants(
  scene: DemoScene,
  owner: string,
  allStaffGroupId: number,
): SetParticipantsBody['participants'] {
  const user = (username: string): SubjectRef[] => [{ type: 'User', id: demoUserId(scene, username) }];
  const lists: Partial<Record<ParticipantKey, SubjectRef[]>> = {
    owners: user(owner),
    authors: user(DEMO_BINDER_PEOPLE.author),
    reviewers: user(DEMO_BINDER_PEOPLE.reviewer),
    approvers: user(DEMO_BINDER_PEOPLE.approver),
    audience: [{ type: 'Group', id: allStaffGroupId }],
  };
  return lists;
}
