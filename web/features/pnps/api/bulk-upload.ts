import type { BulkUploadResponse } from '../../../../shared/api/pnps';
import { uploadForm, type UploadOptions } from './upload-form';

/** POST o/{org}/pnps/bulk_upload: one file of a batch; the batch's row id joins them (spec §7). */
export function bulkUploadFile(
  orgId: string,
  containerId: number,
  bulkUploadId: number | null,
  file: File,
  options: UploadOptions = {},
): Promise<BulkUploadResponse> {
  const form = new FormData();
  form.set('container_id', String(containerId));
  if (bulkUploadId !== null) form.set('bulk_upload_id', String(bulkUploadId));
  form.append('files', file, file.name);
  return uploadForm<BulkUploadResponse>(`o/${orgId}/pnps/bulk_upload`, form, options);
}
