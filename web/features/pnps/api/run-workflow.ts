import type { PnpDocument, WorkflowBody, WorkflowExpected } from '../../../../shared/api/pnp-documents';
import { http } from '../../../lib/api-client';

export interface WorkflowResult {
  readonly pnp_document: PnpDocument | null;
  readonly active_document_id: number | null;
}

/**
 * The draft as the screen shows it: sent with each workflow action, so one taken on a page opened
 * before the file was replaced or the draft moved stage is refused (409) instead of applied unseen.
 * `draft_moves` catches a draft that went back to Authoring and came round to the same stage, step
 * and file meanwhile.
 */
export const asSeen = (document: PnpDocument): WorkflowExpected => ({
  draft_stage: document.draft_stage,
  approval_step: document.approval_step,
  file_id: document.file?.id ?? null,
  draft_moves: document.draft_moves,
});

/**
 * POST o/{org}/pnp_documents/{id}/workflow?pnp_id: one step of the draft workflow. A 409 (the draft
 * changed since the screen showed it) reaches the caller, which offers to reload.
 */
export function runWorkflow(
  orgId: string,
  pnpId: number,
  documentId: number,
  body: WorkflowBody,
): Promise<WorkflowResult> {
  return http.post<WorkflowResult>(`o/${orgId}/pnp_documents/${documentId}/workflow`, body, {
    query: { pnp_id: pnpId },
    passThrough: [409, 422],
  });
}
