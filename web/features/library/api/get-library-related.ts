import type { LibraryRelated } from '../../../../shared/api/library-related';
import { buildUrl, http } from '../../../lib/api-client';

/** GET o/{org}/library/{pnpId}/related: attachments, additional information and linked P&Ps for a reader. */
export function fetchLibraryRelated(orgId: string, pnpId: number | string): Promise<LibraryRelated> {
  return http.get<LibraryRelated>(`o/${orgId}/library/${pnpId}/related`);
}

/** GET o/{org}/library/{pnpId}/attachments/{id}/file: an address for the browser itself (a download). */
export const libraryAttachmentUrl = (orgId: string, pnpId: number | string, attachmentId: number): string =>
  buildUrl(`o/${orgId}/library/${pnpId}/attachments/${attachmentId}/file`);
