import type { TemplateList } from '../../../../shared/api/templates';
import type { TemplateSource } from '../../../../shared/domain/statuses';
import { http } from '../../../lib/api-client';

/** GET o/{org}/pnp_templates (optionally of one source). */
export function fetchTemplates(orgId: string, source: TemplateSource | null): Promise<TemplateList> {
  return http.get<TemplateList>(`o/${orgId}/pnp_templates`, { query: { source } });
}
