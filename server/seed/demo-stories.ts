import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ObjectRole } from '../../shared/domain/roles';
import type { WorkflowBody } from '../../shared/api/pnp-documents';
import type { ParticipantInput } from '../../shared/api/pnps';
import type { Tx } from '../db/client';
import type { OrgActor } from '../http/actor';
import type { Deps } from '../http/deps';
import { noWorkWhenCommitted, type OrgCtx } from '../http/routes';
import type { CheckedFile } from '../modules/files/file-validation';
import { retirePnp } from '../modules/pnps/pnp-lifecycle.service';
import { createPnp } from '../modules/pnps/pnps.service';
import { startRevision } from '../modules/pnps/publishing.service';
import { addAttachment, setLinks } from '../modules/pnps/related.service';
import { runWorkflowAction } from '../modules/pnps/workflow.service';
import { utcDate } from '../platform/clock';
import type { DemoPolicy } from './demo-policy-text';

const DAY = 86_400_000;
/** The first P&P's story starts this long ago: published a year and more ago, its review date is past. */
const OVERDUE_STARTED_DAYS_AGO = 420;
/** The first revised P&P's newest revision starts this long ago (it is published ten days later). */
const RECENT_REVISION_DAYS_AGO = 18;
const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/** A rendered document, ready to be handed to the product's services as an upload would be. */
export interface RenderedFile {
  name: string;
  format: 'docx' | 'pdf';
  bytes: Buffer;
  text: string;
}

export function checkedFile(file: RenderedFile): CheckedFile {
  return {
    originalName: `${file.name}.${file.format}`,
    extension: file.format,
    mimeType: MIME[file.format],
    bytes: file.bytes,
    sizeBytes: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    extractedText: file.text,
  };
}

export interface StoryCast {
  orgId: number;
  /** The demo users as the services see a signed-in user, by username. */
  actors: Map<string, OrgActor>;
  allStaffGroupId: number;
  folderIds: Map<string, number>;
}

/**
 * Plays each demo P&P's story through the product's own services (create, submit, review,
 * approve, publish, revise, retire, attach, link), as the demo users, on dates spread over the
 * past months: workflow history, change logs, sign-offs and tasks are exactly what the product
 * writes when people do this in the browser.
 */
export async function playStories(
  tx: Tx,
  deps: Deps,
  cast: StoryCast,
  policies: DemoPolicy[],
  files: Map<string, RenderedFile>,
): Promise<void> {
  const today = deps.clock.now();
  // The services run outside any request here; they use the request only as the key under which
  // an upload's stored bytes are cleaned up if the request fails, and never touch the reply.
  const detached = {} as unknown as FastifyRequest;
  const as = (username: string, daysAgo: number): OrgCtx => ({
    deps,
    requestId: 'demo-seed',
    ip: '127.0.0.1',
    now: new Date(today.getTime() - daysAgo * DAY),
    req: detached,
    reply: {} as unknown as FastifyReply,
    tx,
    orgId: cast.orgId,
    actor: cast.actors.get(username)!,
    whenCommitted: noWorkWhenCommitted,
  });
  const userId = (username: string): number => cast.actors.get(username)!.userId;
  const act = (ctx: OrgCtx, pnpId: number, docId: number, body: WorkflowBody) =>
    runWorkflowAction(ctx, pnpId, docId, body);
  // P&Ps whose drafts wait for publishing name their policy owner as an Owner, so the
  // publishing task is his; the others inherit their binder's participants.
  const ownedByPaul: ParticipantInput[] = [
    { user_id: userId('paul.owner'), role: ObjectRole.Owner },
    { user_id: userId('bea.binder'), role: ObjectRole.Owner },
    { user_id: userId('paul.owner'), role: ObjectRole.Author },
    { user_id: userId('rita.reviewer'), role: ObjectRole.Reviewer },
    { user_id: userId('alan.approver'), role: ObjectRole.Approver, approval_step: 1 },
    { group_id: cast.allStaffGroupId, role: ObjectRole.Audience },
  ];

  /** Moves a draft from Authoring as far as `until`, one person and a few days at a time. */
  async function advance(
    pnpId: number,
    docId: number,
    from: number,
    until: 'Reviewing' | 'Approving' | 'Publishing' | 'Published',
  ) {
    await act(as('paul.owner', from - 2), pnpId, docId, { action: 'submit', comment: 'Ready for review.' });
    if (until === 'Reviewing') return;
    await act(as('rita.reviewer', from - 5), pnpId, docId, {
      action: 'accept_review',
      comment: 'Reviewed; no changes needed.',
    });
    if (until === 'Approving') return;
    await act(as('alan.approver', from - 8), pnpId, docId, { action: 'approve' });
    if (until === 'Publishing') return;
    await act(as('bea.binder', from - 10), pnpId, docId, {
      action: 'publish',
      effective_dt: utcDate(new Date(today.getTime() - (from - 10) * DAY)),
      review_cycle_years: 1,
      reminder_days: 30,
    });
  }

  const pnpIds = new Map<string, number>();
  let recentlyRevised = false;
  for (const [index, policy] of policies.entries()) {
    const story = policy.story;
    // Published P&Ps are spread over the past year; drafts were started in the last weeks, early
    // enough that their furthest step (`advance`: approved 8 days after the start, attachments 12)
    // is behind us: nothing of the demo is dated in the future.
    // The first P&P was published more than a year ago and never reviewed since: it is overdue for
    // review, and it is what sets Recently Published (the last year) apart from All Files.
    const startedDaysAgo =
      story.kind === 'draft'
        ? 12 + (index % 5) * 3
        : story.kind === 'revised'
          ? 700
          : index === 0
            ? OVERDUE_STARTED_DAYS_AGO
            : 330 - index * 5;
    const { pnp, doc } = await createPnp(
      as('paul.owner', startedDaysAgo),
      {
        pnp: {
          name: policy.title,
          description: policy.description,
          container_id: cast.folderIds.get(policy.folder)!,
          ...(story.kind === 'draft' && story.stage === 'Publishing' ? { participants: ownedByPaul } : {}),
        },
        document: { origination_dt: utcDate(new Date(today.getTime() - startedDaysAgo * DAY)) },
      },
      checkedFile(files.get(policy.title)!),
    );
    pnpIds.set(policy.title, pnp.id);

    if (story.kind === 'draft') {
      if (story.stage !== 'Authoring') await advance(pnp.id, doc.id, startedDaysAgo, story.stage);
      continue;
    }
    await advance(pnp.id, doc.id, startedDaysAgo, 'Published');
    if (story.kind === 'revised') {
      // Each later version: the annual review starts a revision that goes through the workflow again.
      let activeId = doc.id;
      for (let version = 2; version <= story.versions; version += 1) {
        // The first revised P&P's newest version came out a week ago: news for Recently Published.
        const latestDaysAgo = recentlyRevised ? 120 : RECENT_REVISION_DAYS_AGO;
        const daysAgo = version === story.versions ? latestDaysAgo : 400;
        const draft = await startRevision(as('paul.owner', daysAgo), pnp.id, activeId, { comment: 'Annual review.' });
        await advance(pnp.id, draft.id, daysAgo - 1, 'Published');
        activeId = draft.id;
      }
      recentlyRevised = true;
    }
    if (story.kind === 'revision') {
      const draft = await startRevision(as('paul.owner', 9), pnp.id, doc.id, { comment: 'Annual review.' });
      await advance(pnp.id, draft.id, 8, 'Reviewing');
    }
    if (story.kind === 'retired') await retirePnp(as('bea.binder', 20), pnp.id, story.reason);
    for (const attachment of policy.attachments ?? []) {
      await addAttachment(as('bea.binder', startedDaysAgo - 12), pnp.id, checkedFile(files.get(attachment)!));
    }
  }
  for (const policy of policies) {
    if (!policy.links) continue;
    const ids = policy.links.map((title) => pnpIds.get(title)!);
    await setLinks(as('bea.binder', 30), pnpIds.get(policy.title)!, ids);
  }
}
