import type { Attachment, AttachmentList } from '../../../../shared/api/pnps';
import { buildUrl, http } from '../../../lib/api-client';
import { IN_PLACE } from '../components/section-refusal';
import { uploadForm, type UploadOptions } from './upload-form';

/** o/{org}/pnps/{id}/attachments: list, add (multipart), remove, and each file's address. */
export function listAttachments(orgId: string, pnpId: string | number): Promise<AttachmentList> {
  return http.get<AttachmentList>(`o/${orgId}/pnps/${pnpId}/attachments`, { passThrough: IN_PLACE });
}

export function addAttachment(
  orgId: string,
  pnpId: string | number,
  file: File,
  options: UploadOptions = {},
): Promise<{ attachment: Attachment }> {
  const form = new FormData();
  form.set('file', file, file.name);
  return uploadForm<{ attachment: Attachment }>(`o/${orgId}/pnps/${pnpId}/attachments`, form, options);
}

export function removeAttachment(orgId: string, pnpId: string | number, id: number): Promise<void> {
  return http.delete<void>(`o/${orgId}/pnps/${pnpId}/attachments/${id}`);
}

export const attachmentFileUrl = (orgId: string, pnpId: string | number, id: number, action: 'view' | 'edit'): string =>
  buildUrl(`o/${orgId}/pnps/${pnpId}/attachments/${id}/file`, { action_name: action });
