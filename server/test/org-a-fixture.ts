import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  additionalInfos,
  attachments,
  bulkUploads,
  changeLogs,
  libraryFavorites,
  libraryViews,
  notifications,
  orgTemplates,
  pnpDocuments,
  pnpLinks,
  pnps,
  readAckReaders,
  readAcknowledgements,
  storedFiles,
  tasks,
  templateSources,
  templates,
  userSettings,
} from '../db/schema/index';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';
import { createContainer, createGroup, createUser, grant, type TestOrg } from './factories';

/** One of every kind of org-owned row, all named with a marker that must never reach another org. */
export interface OrgAObjects {
  marker: string;
  binderId: number;
  folderId: number;
  pnpId: number;
  otherPnpId: number;
  draftDocId: number;
  activeDocId: number;
  fileId: number;
  groupId: number;
  userId: number;
  notificationId: number;
  taskId: number;
  readAckId: number;
  attachmentId: number;
  additionalInfoId: number;
  templateId: number;
  bulkUploadId: number;
  changeLogId: number;
}

export async function createOrgAObjects(deps: Deps, org: TestOrg): Promise<OrgAObjects> {
  const marker = `ORGA-SECRET-${randomBytes(4).toString('hex')}`;
  const user = await createUser(deps, org.id, { firstName: marker, isAdmin: true });
  const group = await createGroup(deps, org.id, [user.id], `${marker} group`);
  const binder = await createContainer(deps, org.id, { name: `${marker} binder` });
  const folder = await createContainer(deps, org.id, { parentId: binder.id, name: `${marker} folder` });
  await grant(deps, org.id, { containerId: binder.id }, { userId: user.id }, 1);
  const orgId = org.id;
  return withSystem(deps.database.db, async (tx) => {
    const [file] = await tx
      .insert(storedFiles)
      .values({
        orgId,
        storageKey: `aa/${marker.toLowerCase()}.txt`,
        originalName: `${marker}.txt`,
        mimeType: 'text/plain',
        extension: 'txt',
        sizeBytes: 10,
        sha256: '0'.repeat(64),
        extractedText: marker,
      })
      .returning();
    const [pnp] = await tx
      .insert(pnps)
      .values({ orgId, containerId: folder.id, name: `${marker} policy`, status: 2 })
      .returning();
    const [other] = await tx
      .insert(pnps)
      .values({ orgId, containerId: folder.id, name: `${marker} other` })
      .returning();
    const [active] = await tx
      .insert(pnpDocuments)
      .values({
        orgId,
        pnpId: pnp!.id,
        versionNumber: 1,
        status: 2,
        fileId: file!.id,
        effectiveDt: '2026-01-01',
        reviewDt: '2027-01-01',
        reminderDt: '2026-12-01',
        publishedAt: new Date(),
      })
      .returning();
    const [draft] = await tx
      .insert(pnpDocuments)
      .values({ orgId, pnpId: pnp!.id, status: 1, draftStage: 2, fileId: file!.id })
      .returning();
    await tx.insert(pnpDocuments).values({ orgId, pnpId: other!.id, status: 1, draftStage: 2, fileId: file!.id });
    const [notification] = await tx
      .insert(notifications)
      .values({ orgId, userId: user.id, message: marker })
      .returning();
    const [task] = await tx
      .insert(tasks)
      .values({ orgId, userId: user.id, kind: 'Author', pnpId: pnp!.id, documentId: draft!.id })
      .returning();
    const [readAck] = await tx
      .insert(readAcknowledgements)
      .values({ orgId, pnpId: pnp!.id, documentId: active!.id, name: `${marker} read ack` })
      .returning();
    await tx.insert(readAckReaders).values({ orgId, readAckId: readAck!.id, userId: user.id });
    const [attachment] = await tx
      .insert(attachments)
      .values({ orgId, pnpId: pnp!.id, fileId: file!.id, name: marker })
      .returning();
    const [info] = await tx
      .insert(additionalInfos)
      .values({ orgId, pnpId: pnp!.id, title: marker, content: marker })
      .returning();
    await tx.insert(pnpLinks).values({ orgId, pnpId: pnp!.id, linkedPnpId: other!.id });
    // A real source (the API answers only the sources of TEMPLATE_SOURCES); the marker is in the template's name.
    await tx.insert(templateSources).values({ name: 'Joint Commission' }).onConflictDoNothing();
    const [source] = await tx.select().from(templateSources).where(eq(templateSources.name, 'Joint Commission'));
    const [template] = await tx
      .insert(templates)
      .values({
        name: `${marker} template`,
        sourceId: source!.id,
        storageKey: `aa/${marker.toLowerCase()}-t.txt`,
        originalName: 't.txt',
        mimeType: 'text/plain',
        sizeBytes: 1,
      })
      .returning();
    await tx.insert(orgTemplates).values({ orgId, templateId: template!.id });
    await tx.insert(libraryFavorites).values({ orgId, userId: user.id, pnpId: pnp!.id });
    await tx.insert(libraryViews).values({ orgId, userId: user.id, pnpId: pnp!.id, documentId: active!.id });
    const [bulk] = await tx
      .insert(bulkUploads)
      .values({ orgId, kind: 'pnp', containerId: folder.id, fileName: marker })
      .returning();
    await tx.insert(userSettings).values({ orgId, userId: user.id, settings: { marker } });
    const [log] = await tx
      .insert(changeLogs)
      .values({
        orgId,
        objectType: 'Pnp',
        objectId: pnp!.id,
        objectName: marker,
        actionName: 'Create',
        createdByUser: marker,
      })
      .returning();
    return {
      marker,
      binderId: binder.id,
      folderId: folder.id,
      pnpId: pnp!.id,
      otherPnpId: other!.id,
      draftDocId: draft!.id,
      activeDocId: active!.id,
      fileId: file!.id,
      groupId: group.id,
      userId: user.id,
      notificationId: notification!.id,
      taskId: task!.id,
      readAckId: readAck!.id,
      attachmentId: attachment!.id,
      additionalInfoId: info!.id,
      templateId: template!.id,
      bulkUploadId: bulk!.id,
      changeLogId: log!.id,
    };
  });
}
