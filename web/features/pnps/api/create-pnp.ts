import type { CreatePnpBody, CreatePnpResponse } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';
import { uploadForm, type UploadOptions } from './upload-form';

/** POST o/{org}/pnps {pnp, document} with the file (multipart), spec §7. */
export function createPnpFromFile(
  orgId: string,
  body: CreatePnpBody,
  file: File,
  options: UploadOptions = {},
): Promise<CreatePnpResponse> {
  const form = new FormData();
  form.set('pnp', JSON.stringify(body.pnp));
  form.set('document', JSON.stringify(body.document));
  form.set('file', file, file.name);
  return uploadForm<CreatePnpResponse>(`o/${orgId}/pnps`, form, options);
}

/** POST o/{org}/pnps {pnp: {template_id, ...}, document}: the template's file is copied (spec §7). */
export function createPnpFromTemplate(orgId: string, body: CreatePnpBody): Promise<CreatePnpResponse> {
  return http.post<CreatePnpResponse>(`o/${orgId}/pnps`, body, { passThrough: [422, 403, 404] });
}
