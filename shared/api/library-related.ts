import { z } from 'zod';

/**
 * What a reader sees beside a published P&P (issue 10): its attachments (downloadable through the
 * library), its additional information and the P&Ps linked to it that the reader may open.
 *
 * - GET o/{org}/library/{pnpId}/related                          LibraryRelated
 * - GET o/{org}/library/{pnpId}/attachments/{attachmentId}/file  the attachment, as a download
 */

export const LibraryAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string(),
  size_bytes: z.number().int(),
});
export type LibraryAttachment = z.infer<typeof LibraryAttachment>;

export const LibraryAdditionalInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
});
export type LibraryAdditionalInfo = z.infer<typeof LibraryAdditionalInfo>;

/** A linked P&P the reader may open in the library (links either way; others are left out). */
export const LibraryLinkedPnp = z.object({
  pnp_id: z.number().int(),
  version_id: z.number().int(),
  name: z.string(),
  location: z.string(),
});
export type LibraryLinkedPnp = z.infer<typeof LibraryLinkedPnp>;

export const LibraryRelated = z.object({
  attachments: z.array(LibraryAttachment),
  additional_infos: z.array(LibraryAdditionalInfo),
  linked_pnps: z.array(LibraryLinkedPnp),
});
export type LibraryRelated = z.infer<typeof LibraryRelated>;
