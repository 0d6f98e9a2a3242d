import type { FilePreview } from '../../../../shared/api/library';
import { buildUrl, http } from '../../../lib/api-client';

/** GET o/{org}/pnp_templates/{id}/file?action_name=view|download (for the browser itself). */
export const templateFileUrl = (orgId: string, id: string | number, action: 'view' | 'download'): string =>
  buildUrl(`o/${orgId}/pnp_templates/${id}/file`, { action_name: action });

/** GET o/{org}/pnp_templates/{id}/file?action_name=preview: the template as HTML. */
export function fetchTemplatePreview(orgId: string, id: string): Promise<FilePreview> {
  return http.get<FilePreview>(`o/${orgId}/pnp_templates/${id}/file`, { query: { action_name: 'preview' } });
}
