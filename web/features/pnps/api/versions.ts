import type { CompareResponse, HistoryList, VersionList } from '../../../../shared/api/pnp-documents';
import { http } from '../../../lib/api-client';
import { IN_PLACE } from '../components/section-refusal';

/** GET o/{org}/pnp_documents/versions?pnp_id (spec §7). */
export function listVersions(orgId: string, pnpId: string | number): Promise<VersionList> {
  return http.get<VersionList>(`o/${orgId}/pnp_documents/versions`, {
    query: { pnp_id: pnpId },
    passThrough: IN_PLACE,
  });
}

/** GET o/{org}/pnp_documents/workflow_history?pnp_id (spec §7). */
export function listWorkflowHistory(orgId: string, pnpId: string | number): Promise<HistoryList> {
  return http.get<HistoryList>(`o/${orgId}/pnp_documents/workflow_history`, {
    query: { pnp_id: pnpId },
    passThrough: IN_PLACE,
  });
}

/** GET o/{org}/pnp_documents/compare?pnp_id&from&to: the text differences of two versions. */
export function compareVersions(
  orgId: string,
  pnpId: string | number,
  from: number,
  to: number,
): Promise<CompareResponse> {
  return http.get<CompareResponse>(`o/${orgId}/pnp_documents/compare`, {
    query: { pnp_id: pnpId, from, to },
    passThrough: [422],
  });
}
