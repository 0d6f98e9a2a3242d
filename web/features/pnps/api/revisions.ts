import type { PnpDocumentResponse, WorkflowExpected } from '../../../../shared/api/pnp-documents';
import { http } from '../../../lib/api-client';

/** POST o/{org}/pnp_documents/{id}/start_revision?pnp_id: 'Start Review' on the Active version. */
export function startRevision(orgId: string, pnpId: number, documentId: number): Promise<PnpDocumentResponse> {
  return http.post<PnpDocumentResponse>(
    `o/${orgId}/pnp_documents/${documentId}/start_revision`,
    {},
    { query: { pnp_id: pnpId }, passThrough: [422] },
  );
}

/** POST o/{org}/pnp_documents/{id}/extend_review?pnp_id: 'Extend' the review dates by the cycle. */
export function extendReview(orgId: string, pnpId: number, documentId: number): Promise<PnpDocumentResponse> {
  return http.post<PnpDocumentResponse>(
    `o/${orgId}/pnp_documents/${documentId}/extend_review`,
    {},
    { query: { pnp_id: pnpId }, passThrough: [422] },
  );
}

/**
 * POST o/{org}/pnp_documents/{id}/adhoc_send_to_authors?pnp_id {effective_date} (spec §7): a draft
 * back to its authors, with the target effective date of the version they are to write, if any.
 * `expected` is the draft as the screen showed it: a 409 says it changed since, for the caller to show.
 */
export function adhocSendToAuthors(
  orgId: string,
  pnpId: number,
  documentId: number,
  send: { readonly effectiveDate: string | null; readonly comment: string; readonly expected: WorkflowExpected },
): Promise<PnpDocumentResponse> {
  return http.post<PnpDocumentResponse>(
    `o/${orgId}/pnp_documents/${documentId}/adhoc_send_to_authors`,
    {
      ...(send.effectiveDate ? { effective_date: send.effectiveDate } : {}),
      ...(send.comment ? { comment: send.comment } : {}),
      expected: send.expected,
    },
    { query: { pnp_id: pnpId }, passThrough: [409, 422] },
  );
}
