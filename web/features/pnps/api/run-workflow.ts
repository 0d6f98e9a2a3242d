import type { PnpDocument, WorkflowBody } from '../../../../shared/api/pnp-documents';
import { http } from '../../../lib/api-client';

export interface WorkflowResult {
  readonly pnp_document: PnpDocument | null;
  readonly active_document_id: number | null;
}

/** POST o/{org}/pnp_documents/{id}/workflow?pnp_id: one step of the draft workflow. */
export function runWorkflow(
  orgId: string,
  pnpId: number,
  documentId: number,
  body: WorkflowBody,
): Promise<WorkflowResult> {
  return http.post<WorkflowResult>(`o/${orgId}/pnp_documents/${documentId}/workflow`, body, {
    query: { pnp_id: pnpId },
    passThrough: [422],
  });
}
