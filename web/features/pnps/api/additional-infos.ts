import type { AdditionalInfo, AdditionalInfoBody, AdditionalInfoList } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';
import { IN_PLACE } from '../components/section-refusal';

/** o/{org}/pnps/{id}/additional_infos: list, add, change, remove. */
export function listAdditionalInfos(orgId: string, pnpId: string | number): Promise<AdditionalInfoList> {
  return http.get<AdditionalInfoList>(`o/${orgId}/pnps/${pnpId}/additional_infos`, { passThrough: IN_PLACE });
}

export function saveAdditionalInfo(
  orgId: string,
  pnpId: string | number,
  id: number | null,
  body: AdditionalInfoBody,
): Promise<{ additional_info: AdditionalInfo }> {
  return id === null
    ? http.post<{ additional_info: AdditionalInfo }>(`o/${orgId}/pnps/${pnpId}/additional_infos`, body, {
        passThrough: [422],
      })
    : http.put<{ additional_info: AdditionalInfo }>(`o/${orgId}/pnps/${pnpId}/additional_infos/${id}`, body, {
        passThrough: [422],
      });
}

export function removeAdditionalInfo(orgId: string, pnpId: string | number, id: number): Promise<void> {
  return http.delete<void>(`o/${orgId}/pnps/${pnpId}/additional_infos/${id}`);
}
