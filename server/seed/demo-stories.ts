import { createHash } from 'node:crypto';
import { ObjectRole } from '../../shared/domain/roles';
import type { WorkflowBody } from '../../shared/api/pnp-documents';
import type { ParticipantInput } from '../../shared/api/pnps';
import type { OrgCtx } from '../http/routes';
import type { CheckedFile } from '../modules/files/file-validation';
import { listAssignees } from '../modules/pnps/participants';
import { retirePnp } from '../modules/pnps/pnp-lifecycle.service';
import { createPnp } from '../modules/pnps/pnps.service';
import { startRevision } from '../modules/pnps/publishing.service';
import { addAttachment, setLinks } from '../modules/pnps/related.service';
import { runWorkflowAction } from '../modules/pnps/workflow.service';
import { utcDate } from '../platform/clock';
import { DEMO_BINDER_PEOPLE } from './demo-containers';
import { actingAs, DAY_MS, demoUserId, type DemoScene } from './demo-context';
import type { DemoPolicy, DemoSubject } from './demo-policy-text';

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
  allStaffGroupId: number;
  /** The demo's user groups, by name. */
  groupIds: Map<string, number>;
  folderIds: Map<string, number>;
}

/** Where a draft's story stops: the stage it waits in (Published: it went all the way). */
type Until = 'Reviewing' | 'Approving' | 'Publishing' | 'Published';

/**
 * Plays each demo P&P's story through the product's own services (create, submit, review,
 * approve, publish, revise, retire, attach, link), as the demo users, on dates spread over the
 * past months: workflow history, change logs, sign-offs and tasks are exactly what the product
 * writes when people do this in the browser.
 */
export async function playStories(
  scene: DemoScene,
  cast: StoryCast,
  policies: DemoPolicy[],
  files: Map<string, RenderedFile>,
): Promise<void> {
  const { today, tx, orgId } = scene;
  const as = (username: string, daysAgo: number): OrgCtx => actingAs(scene, username, daysAgo);
  const userId = (username: string): number => demoUserId(scene, username);
  const usernameOf = new Map([...scene.actors.values()].map((actor) => [actor.userId, actor.username]));
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
  const subject = (s: DemoSubject): Pick<ParticipantInput, 'user_id' | 'group_id'> =>
    'user' in s ? { user_id: userId(s.user) } : { group_id: cast.groupIds.get(s.group)! };
  /** A P&P's own participants: its binder's people with the changes the catalogue gives it. */
  const ownParticipants = (own: NonNullable<DemoPolicy['participants']>): ParticipantInput[] => [
    { user_id: userId(DEMO_BINDER_PEOPLE.owner), role: ObjectRole.Owner },
    { user_id: userId(DEMO_BINDER_PEOPLE.author), role: ObjectRole.Author },
    ...(own.reviewers ?? [{ user: DEMO_BINDER_PEOPLE.reviewer }]).map((s) => ({
      ...subject(s),
      role: ObjectRole.Reviewer,
    })),
    ...(own.approvalSteps ?? [[{ user: DEMO_BINDER_PEOPLE.approver }]]).flatMap((step, index) =>
      step.map((s) => ({ ...subject(s), role: ObjectRole.Approver, approval_step: index + 1 })),
    ),
    { group_id: cast.allStaffGroupId, role: ObjectRole.Audience },
  ];

  /**
   * Moves a draft from Authoring as far as `until`, one person and a few days at a time: every
   * reviewer accepts, then the approvers of each step approve (in Approving, up to the step it waits
   * at, `atStep`), as the P&P's participants are at that moment.
   */
  async function advance(pnpId: number, docId: number, from: number, until: Until, atStep = 1) {
    await act(as('paul.owner', from - 2), pnpId, docId, { action: 'submit', comment: 'Ready for review.' });
    if (until === 'Reviewing') return;
    const { assignees } = await listAssignees(tx, orgId, pnpId);
    const holders = (role: number, step?: number): string[] => [
      ...new Set(
        assignees
          .filter((a) => a.role === role && (step === undefined || (a.approval_step ?? 1) === step))
          .map((a) => usernameOf.get(a.user_id)!),
      ),
    ];
    for (const reviewer of holders(ObjectRole.Reviewer)) {
      await act(as(reviewer, from - 5), pnpId, docId, {
        action: 'accept_review',
        comment: 'Reviewed; no changes needed.',
      });
    }
    const steps = [
      ...new Set(assignees.filter((a) => a.role === ObjectRole.Approver).map((a) => a.approval_step ?? 1)),
    ].sort((x, y) => x - y);
    for (const step of steps) {
      if (until === 'Approving' && step >= atStep) return;
      for (const approver of holders(ObjectRole.Approver, step)) {
        await act(as(approver, from - 7 - step), pnpId, docId, { action: 'approve' });
      }
    }
    if (until !== 'Published') return;
    await act(as('bea.binder', from - 10), pnpId, docId, {
      action: 'publish',
      effective_dt: utcDate(new Date(today.getTime() - (from - 10) * DAY_MS)),
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
          ...(story.kind === 'draft' && story.stage === 'Publishing'
            ? { participants: ownedByPaul }
            : policy.participants
              ? { participants: ownParticipants(policy.participants) }
              : {}),
        },
        document: { origination_dt: utcDate(new Date(today.getTime() - startedDaysAgo * DAY_MS)) },
      },
      checkedFile(files.get(policy.title)!),
    );
    pnpIds.set(policy.title, pnp.id);

    if (story.kind === 'draft') {
      if (story.stage !== 'Authoring') await advance(pnp.id, doc.id, startedDaysAgo, story.stage, story.atStep);
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
