import type {
  ApprovalStepInfo,
  PnpDocument,
  Signoff,
  StoredFileInfo,
  VersionItem,
} from '../../../shared/api/pnp-documents';
import type { ParticipantView, Pnp } from '../../../shared/api/pnps';
import { OBJECT_ROLE_NAMES, ObjectRole, type ObjectRole as Role } from '../../../shared/domain/roles';
import {
  DRAFT_STAGE_LABELS,
  PNP_STATUS_LABELS,
  VERSION_STATUS_COLOURS,
  VERSION_STATUS_LABELS,
  DraftStage,
  VersionStatus,
  type PnpStatus,
} from '../../../shared/domain/statuses';
import { isFutureDate } from '../../../shared/domain/review-dates';
import { progressSteps } from '../../../shared/domain/workflow';
import type { Participant } from '../access/effective-access';
import { routingOf, withRole } from './participants';
import type { DocumentRow, PnpRow } from './pnps.repo';
import type { DocContext, PnpContext } from './workflow.context';
import { canSeeDrafts, documentAbilities, pnpAbilities } from './workflow.policy';

export interface FileRow {
  id: number;
  originalName: string;
  extension: string;
  mimeType: string;
  sizeBytes: number;
  createdAt: Date;
  searchTextTruncated: boolean | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const stageLabel = (stage: number | null): string | null =>
  stage === null ? null : (DRAFT_STAGE_LABELS[stage as DraftStage] ?? null);

export const presentFile = (f: FileRow): StoredFileInfo => ({
  id: f.id,
  name: f.originalName,
  extension: f.extension,
  mime_type: f.mimeType,
  size_bytes: f.sizeBytes,
  uploaded_at: f.createdAt.toISOString(),
  search_truncated: f.searchTextTruncated ?? false,
});

export const pnpStatusLabel = (status: number): string => PNP_STATUS_LABELS[status as PnpStatus] ?? String(status);

export function presentVersionItem(doc: DocumentRow, fileName: string | null): VersionItem {
  return {
    id: doc.id,
    version_number: doc.versionNumber,
    status: doc.status,
    status_label: VERSION_STATUS_LABELS[doc.status as VersionStatus] ?? String(doc.status),
    status_colour: VERSION_STATUS_COLOURS[doc.status as VersionStatus] ?? '',
    draft_stage_label: stageLabel(doc.draftStage),
    effective_dt: doc.effectiveDt,
    published_at: iso(doc.publishedAt),
    archived_at: iso(doc.archivedAt),
    created_at: doc.createdAt.toISOString(),
    file_name: fileName,
  };
}

function signoffsOf(c: DocContext, role: number, step: number | null): Signoff[] {
  const people = withRole(c.assignees, role, role === ObjectRole.Approver ? (step ?? 1) : undefined);
  const unique = [...new Map(people.map((p) => [p.user_id, p])).values()];
  return unique.map((p) => {
    const done = c.signoffs.find(
      (s) =>
        s.userId === p.user_id &&
        (role === ObjectRole.Reviewer
          ? s.stage === DraftStage.Reviewing
          : s.stage === DraftStage.Approving && s.approvalStep === step),
    );
    return {
      user_id: p.user_id,
      name: p.name,
      decision: done ? (done.decision === 'accepted' ? 'accepted' : 'approved') : 'pending',
      comment: done?.comment ?? null,
      at: iso(done?.createdAt ?? null),
    };
  });
}

function approvalSteps(c: DocContext): ApprovalStepInfo[] {
  const steps = [...new Set(withRole(c.assignees, ObjectRole.Approver).map((a) => a.approval_step ?? 1))].sort(
    (a, b) => a - b,
  );
  const here = c.doc.status === VersionStatus.Draft ? c.doc.draftStage : null;
  return steps.map((step) => {
    let state: ApprovalStepInfo['state'] = 'upcoming';
    if (c.doc.status !== VersionStatus.Draft || here === DraftStage.Publishing) state = 'done';
    else if (here === DraftStage.Approving)
      state = step < (c.doc.approvalStep ?? 1) ? 'done' : step === c.doc.approvalStep ? 'current' : 'upcoming';
    return { step, state, approvers: signoffsOf(c, ObjectRole.Approver, step) };
  });
}

/** `draftMoves`: what `draftMovesOf` reads for this version now (the screen sends it back with an action). */
export function presentDocument(
  c: DocContext,
  file: FileRow | null,
  location: string,
  today: string,
  draftMoves: number | null,
): PnpDocument {
  const doc = c.doc;
  const abilities = documentAbilities(c.facts, c.state);
  const onBehalf = abilities.includes('approve_on_behalf')
    ? withRole(c.assignees, ObjectRole.Approver, doc.approvalStep ?? 1)
        .filter((a) => c.state.pendingApprovers.includes(a.user_id))
        .map((a) => ({ user_id: a.user_id, name: a.name }))
    : [];
  const position =
    doc.status === VersionStatus.Draft && doc.draftStage !== null
      ? { stage: doc.draftStage as DraftStage, step: doc.approvalStep }
      : null;
  return {
    id: doc.id,
    pnp_id: doc.pnpId,
    version_number: doc.versionNumber,
    status: doc.status,
    status_label: VERSION_STATUS_LABELS[doc.status as VersionStatus] ?? String(doc.status),
    status_colour: VERSION_STATUS_COLOURS[doc.status as VersionStatus] ?? '',
    draft_stage: doc.draftStage,
    draft_stage_label: stageLabel(doc.draftStage),
    approval_step: doc.approvalStep,
    notes: doc.notes,
    effective_dt: doc.effectiveDt,
    origination_dt: doc.originationDt,
    review_dt: doc.reviewDt,
    reminder_dt: doc.reminderDt,
    review_cycle_years: doc.reviewCycleYears,
    reminder_days: doc.reminderDays,
    published_at: iso(doc.publishedAt),
    archived_at: iso(doc.archivedAt),
    created_at: doc.createdAt.toISOString(),
    updated_at: doc.updatedAt.toISOString(),
    lock_version: doc.lockVersion,
    draft_moves: draftMoves,
    scheduled: doc.status === VersionStatus.Active && isFutureDate(doc.effectiveDt, today),
    file: file ? presentFile(file) : null,
    reviewers: signoffsOf(c, ObjectRole.Reviewer, null),
    approval_steps: approvalSteps(c),
    progress:
      doc.status === VersionStatus.Archived
        ? []
        : progressSteps(position, routingOf(c.assignees), doc.status === VersionStatus.Active),
    abilities,
    approve_on_behalf_of: onBehalf,
    pnp: {
      id: c.pnp.id,
      name: c.pnp.name,
      status: c.pnp.status,
      status_label: pnpStatusLabel(c.pnp.status),
      container_id: c.pnp.containerId,
      location,
      abilities: pnpAbilities(c.facts, c.pnp),
    },
  };
}

export function presentParticipants(participants: Participant[]): ParticipantView[] {
  return participants.map((p) => ({
    role: p.role,
    role_name: OBJECT_ROLE_NAMES[p.role as Role] ?? String(p.role),
    approval_step: p.approval_step,
    user_id: p.user_id,
    group_id: p.group_id,
    name: p.name,
    email: p.email,
    type: p.type,
    inherited: p.inherited,
    source_name: p.source_name,
  }));
}

const versionRef = (d: DocumentRow | null) =>
  d ? { id: d.id, version_number: d.versionNumber, status: d.status, draft_stage: d.draftStage } : null;

export function presentPnp(
  c: PnpContext,
  docs: { active: DocumentRow | null; draft: DocumentRow | null },
  place: { containerName: string; location: string },
  today: string,
): Pnp {
  const seesDrafts = canSeeDrafts(c.facts);
  const draft = seesDrafts ? docs.draft : null;
  const pnp: PnpRow = c.pnp;
  return {
    id: pnp.id,
    name: pnp.name,
    description: pnp.description,
    status: pnp.status,
    status_label: pnpStatusLabel(pnp.status),
    container_id: pnp.containerId,
    container_name: place.containerName,
    location: place.location,
    inherits_access: pnp.inheritsAccess,
    template_id: pnp.templateId,
    retired_at: iso(pnp.retiredAt),
    retire_reason: pnp.retireReason,
    created_at: pnp.createdAt.toISOString(),
    updated_at: pnp.updatedAt.toISOString(),
    lock_version: pnp.lockVersion,
    draft_status: draft?.draftStage ?? null,
    draft_status_label: stageLabel(draft?.draftStage ?? null),
    effective_dt: docs.active?.effectiveDt ?? null,
    review_dt: docs.active?.reviewDt ?? null,
    reminder_dt: docs.active?.reminderDt ?? null,
    scheduled: !!docs.active && isFutureDate(docs.active.effectiveDt, today),
    active_document: versionRef(docs.active),
    draft_document: versionRef(draft),
    current_document_id: (draft ?? docs.active)?.id ?? null,
    assignments: { roles: seesDrafts ? presentParticipants(c.participants) : [] },
    abilities: pnpAbilities(c.facts, c.pnp),
  };
}
