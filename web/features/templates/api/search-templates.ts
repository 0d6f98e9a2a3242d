import type { TemplateSearchPage } from '../../../../shared/api/templates';
import type { TemplateSource } from '../../../../shared/domain/statuses';
import { http } from '../../../lib/api-client';

/** POST o/{org}/content_navigator_library/search_pnp_template {phrase, offset} (and our source filter). */
export function searchTemplates(
  orgId: string,
  phrase: string,
  offset: number,
  source: TemplateSource | null,
): Promise<TemplateSearchPage> {
  return http.post<TemplateSearchPage>(`o/${orgId}/content_navigator_library/search_pnp_template`, {
    phrase,
    offset,
    ...(source ? { source } : {}),
  });
}
