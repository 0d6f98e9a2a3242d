import type { PnpDocumentResponse, UpdateDocumentBody } from '../../../../shared/api/pnp-documents';
import { http } from '../../../lib/api-client';

/** PUT o/{org}/pnp_documents/{id} {pnp_id, document} (spec §7); a stale lock_version is a 409. */
export function updateDocument(
  orgId: string,
  documentId: number,
  body: UpdateDocumentBody,
): Promise<PnpDocumentResponse> {
  return http.put<PnpDocumentResponse>(`o/${orgId}/pnp_documents/${documentId}`, body, { passThrough: [409, 422] });
}
