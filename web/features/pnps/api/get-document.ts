import type { PnpDocumentResponse } from '../../../../shared/api/pnp-documents';
import { http } from '../../../lib/api-client';
import { IN_PLACE } from '../components/section-refusal';

/** GET o/{org}/pnp_documents/{id}?pnp_id (spec §7). */
export function getDocument(
  orgId: string,
  pnpId: string | number,
  documentId: string | number,
): Promise<PnpDocumentResponse> {
  return http.get<PnpDocumentResponse>(`o/${orgId}/pnp_documents/${documentId}`, {
    query: { pnp_id: pnpId },
    passThrough: IN_PLACE,
  });
}
