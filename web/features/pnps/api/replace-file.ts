import type { PnpDocumentResponse } from '../../../../shared/api/pnp-documents';
import { uploadForm, type UploadOptions } from './upload-form';

/** POST o/{org}/pnp_documents/replace_file (multipart pnp_id, id, file), spec §7. */
export function replaceFile(
  orgId: string,
  pnpId: number,
  documentId: number,
  file: File,
  options: UploadOptions = {},
): Promise<PnpDocumentResponse> {
  const form = new FormData();
  form.set('pnp_id', String(pnpId));
  form.set('id', String(documentId));
  form.set('file', file, file.name);
  return uploadForm<PnpDocumentResponse>(`o/${orgId}/pnp_documents/replace_file`, form, options);
}
