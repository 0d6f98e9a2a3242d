import type { NewPnpResponse, NewWithTemplateResponse } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';

/** GET o/{org}/pnps/new?container_id: where the create-from-file wizard puts the P&P. */
export function getNewPnp(orgId: string, containerId: string | number): Promise<NewPnpResponse> {
  return http.get<NewPnpResponse>(`o/${orgId}/pnps/new`, { query: { container_id: containerId } });
}

/** GET o/{org}/pnps/new_with_template?template_id: the template the wizard starts from (spec §7). */
export function getNewWithTemplate(orgId: string, templateId: string | number): Promise<NewWithTemplateResponse> {
  return http.get<NewWithTemplateResponse>(`o/${orgId}/pnps/new_with_template`, { query: { template_id: templateId } });
}
