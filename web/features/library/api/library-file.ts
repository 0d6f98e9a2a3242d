import type { FilePreview } from '../../../../shared/api/library';
import { buildUrl, http } from '../../../lib/api-client';

/** GET o/{org}/library/{pnpId}/file?action_name=view|download: addresses for the browser itself. */
export const libraryFileUrl = (orgId: string, pnpId: number | string, action: 'view' | 'download'): string =>
  buildUrl(`o/${orgId}/library/${pnpId}/file`, { action_name: action });

/**
 * GET o/{org}/library/{pnpId}/file?action_name=preview: the document as HTML (DOCX) for the reading
 * view. A document that cannot be converted (422) or a server busy reading other files (503) is said
 * in place of the document, beside its Download, rather than by leaving the page.
 */
export function fetchLibraryPreview(orgId: string, pnpId: number | string): Promise<FilePreview> {
  return http.get<FilePreview>(`o/${orgId}/library/${pnpId}/file`, {
    query: { action_name: 'preview' },
    passThrough: [422, 503],
  });
}
