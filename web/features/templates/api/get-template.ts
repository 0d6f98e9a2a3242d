import type { Template } from '../../../../shared/api/templates';
import { http } from '../../../lib/api-client';

/** GET o/{org}/pnp_templates/{id}. */
export function fetchTemplate(orgId: string, id: string): Promise<Template> {
  return http.get<Template>(`o/${orgId}/pnp_templates/${id}`);
}
