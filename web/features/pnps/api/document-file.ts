import type { PreviewResponse } from '../../../../shared/api/pnp-documents';
import { buildUrl, http } from '../../../lib/api-client';
import { IN_PLACE } from '../components/section-refusal';

/** GET o/{org}/pnp_documents/{id}/file?pnp_id&action_name=view|edit: an address for the browser itself. */
export const documentFileUrl = (
  orgId: string,
  pnpId: string | number,
  documentId: string | number,
  action: 'view' | 'edit',
): string => buildUrl(`o/${orgId}/pnp_documents/${documentId}/file`, { pnp_id: pnpId, action_name: action });

/** GET o/{org}/pnp_documents/{id}/preview?pnp_id: how the preview shows the file. */
export function getPreview(
  orgId: string,
  pnpId: string | number,
  documentId: string | number,
): Promise<PreviewResponse> {
  return http.get<PreviewResponse>(`o/${orgId}/pnp_documents/${documentId}/preview`, {
    query: { pnp_id: pnpId },
    passThrough: IN_PLACE,
  });
}
