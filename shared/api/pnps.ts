import { z } from 'zod';
import { ID_MAX, id, queryId, text } from './primitives';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../domain/limits';
import { MAX_APPROVAL_STEPS } from '../domain/roles';
import { ValidationPatterns } from '../domain/validation';
import { noAngleBrackets } from '../domain/validation-messages';
import { PnpDocument, ReminderDays, ReviewCycleYears, StoredFileInfo } from './pnp-documents';

/** P&Ps, spec §7 'P&Ps': create (from a file, a template, in bulk), read, update, retire, restore, delete. */

const Id = id();
const DateText = text().trim().max(32, { message: 'A date must be written as yyyy-mm-dd.' });

export const PnpName = text({ message: 'Name is required.' })
  .trim()
  .min(1, { message: 'Name is required.' })
  .max(NAME_MAX_LENGTH, { message: `Name must be at most ${NAME_MAX_LENGTH} characters.` })
  .regex(ValidationPatterns.name, { message: noAngleBrackets('Name') });
const Description = text()
  .max(DESCRIPTION_MAX_LENGTH, { message: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters.` })
  .regex(ValidationPatterns.generic, { message: noAngleBrackets('Description') })
  .nullable();

/** One participant of a P&P that does not inherit its container's: a user or a group in a role. */
export const ParticipantInput = z
  .object({
    user_id: Id.optional(),
    group_id: Id.optional(),
    role: z.number().int().min(1).max(5, { message: 'Role must be 1 (Owner) to 5 (Audience).' }),
    approval_step: z
      .number()
      .int()
      .min(1)
      .max(MAX_APPROVAL_STEPS, { message: 'Approval step must be 1 to 10.' })
      .nullable()
      .optional(),
  })
  .strict()
  .refine((p) => (p.user_id === undefined) !== (p.group_id === undefined), {
    message: 'Each participant is either a user or a group.',
  })
  .refine((p) => (p.role === 4) === (p.approval_step !== undefined && p.approval_step !== null), {
    message: 'Approvers need an approval step (1 to 10); other roles take none.',
  });
export type ParticipantInput = z.infer<typeof ParticipantInput>;

export const DocumentDetailsInput = z
  .object({
    notes: text().max(4000, { message: 'Notes must be at most 4000 characters.' }).nullable().optional(),
    origination_dt: DateText.nullable().optional(),
    effective_dt: DateText.nullable().optional(),
    review_cycle_years: ReviewCycleYears.nullable().optional(),
    reminder_days: ReminderDays.nullable().optional(),
  })
  .strict();
export type DocumentDetailsInput = z.infer<typeof DocumentDetailsInput>;

/**
 * POST pnps {pnp, document}: as multipart form fields `pnp` and `document` (JSON) with the `file`,
 * or as JSON with `pnp.template_id` (the template's file is copied).
 */
export const CreatePnpBody = z
  .object({
    pnp: z
      .object({
        name: PnpName,
        description: Description.optional(),
        container_id: Id,
        template_id: Id.optional(),
        /** Omitted: the P&P inherits its container's participants. */
        participants: z.array(ParticipantInput).max(500).optional(),
      })
      .strict(),
    document: DocumentDetailsInput.default({}),
  })
  .strict();
export type CreatePnpBody = z.infer<typeof CreatePnpBody>;

export const UpdatePnpBody = z
  .object({
    pnp: z
      .object({
        name: PnpName.optional(),
        description: Description.optional(),
        /** A list: the P&P's own participants; null: inherit the container's again. */
        participants: z.array(ParticipantInput).max(500).nullable().optional(),
        /**
         * The P&P's lock_version as the editor read it: a stale one is a 409, so a save never undoes
         * someone else's newer change unseen. Optional for API clients; General Info always sends it.
         */
        lock_version: z
          .number({ message: 'Lock version must be a whole number.' })
          .int({ message: 'Lock version must be a whole number.' })
          .min(0, { message: 'Lock version must be a whole number.' })
          .max(ID_MAX, { message: 'Lock version must be a whole number.' })
          .optional(),
      })
      .strict(),
  })
  .strict();
export type UpdatePnpBody = z.infer<typeof UpdatePnpBody>;

export const RetireBody = z
  .object({
    id: Id,
    retire_reason: text({ message: 'A reason is required to retire a P&P.' })
      .trim()
      .min(1, { message: 'A reason is required to retire a P&P.' })
      .max(4000, { message: 'The reason must be at most 4000 characters.' }),
  })
  .strict();
export const RestoreBody = z.object({ id: Id }).strict();

export const ParticipantView = z.object({
  role: z.number().int(),
  role_name: z.string(),
  approval_step: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  type: z.enum(['User', 'Group']),
  inherited: z.boolean(),
  source_name: z.string(),
});
export type ParticipantView = z.infer<typeof ParticipantView>;

export const VersionRef = z.object({
  id: z.number().int(),
  version_number: z.number().int().nullable(),
  status: z.number().int(),
  draft_stage: z.number().int().nullable(),
});

export const Pnp = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  container_id: z.number().int(),
  container_name: z.string(),
  location: z.string(),
  inherits_access: z.boolean(),
  template_id: z.number().int().nullable(),
  retired_at: z.string().nullable(),
  retire_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Bumped by every change of the P&P: an edit sends back the one it read (UpdatePnpBody). */
  lock_version: z.number().int(),
  /** The stage of the draft in progress (spec 'draftStatus'), null when there is none. */
  draft_status: z.number().int().nullable(),
  draft_status_label: z.string().nullable(),
  effective_dt: z.string().nullable(),
  review_dt: z.string().nullable(),
  reminder_dt: z.string().nullable(),
  scheduled: z.boolean(),
  active_document: VersionRef.nullable(),
  draft_document: VersionRef.nullable(),
  /** The version the document screen opens by default: the draft for those who see drafts, else the Active one. */
  current_document_id: z.number().int().nullable(),
  assignments: z.object({ roles: z.array(ParticipantView) }),
  abilities: z.array(z.string()),
});
export type Pnp = z.infer<typeof Pnp>;
export const PnpResponse = z.object({ pnp: Pnp });
export type PnpResponse = z.infer<typeof PnpResponse>;

export const CreatePnpResponse = z.object({ pnp: Pnp, pnp_document: PnpDocument });
export type CreatePnpResponse = z.infer<typeof CreatePnpResponse>;

export const PnpListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  container_id: z.number().int(),
  location: z.string(),
  draft_status: z.number().int().nullable(),
  draft_status_label: z.string().nullable(),
  version_number: z.number().int().nullable(),
  effective_dt: z.string().nullable(),
  review_dt: z.string().nullable(),
  current_document_id: z.number().int().nullable(),
  updated_at: z.string(),
});
export type PnpListItem = z.infer<typeof PnpListItem>;
export const PnpList = z.object({
  pnps: z.array(PnpListItem),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type PnpList = z.infer<typeof PnpList>;
export const PnpListQuery = z.object({
  container_id: queryId('container_id').optional(),
  status: z.coerce
    .number()
    .int()
    .min(1)
    .max(3, { message: 'status must be 1 (Draft), 2 (Published) or 3 (Retired).' })
    .optional(),
  search: text().trim().max(255).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

/** GET pnps/new?container_id: where the create wizard puts the P&P, and whether the caller may. */
export const NewPnpQuery = z.object({ container_id: queryId('container_id') });
export const NewPnpResponse = z.object({
  container: z.object({ id: z.number().int(), name: z.string(), type: z.number().int(), location: z.string() }),
  can_create: z.boolean(),
});
export type NewPnpResponse = z.infer<typeof NewPnpResponse>;

export const NewWithTemplateQuery = z.object({ template_id: queryId('template_id') });
export const NewWithTemplateResponse = z.object({
  template: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    source: z.string(),
    file_name: z.string(),
    size_bytes: z.number().int(),
  }),
  pnp: z.object({ name: z.string(), description: z.string().nullable() }),
});
export type NewWithTemplateResponse = z.infer<typeof NewWithTemplateResponse>;

export const BulkUploadError = z.object({ file_name: z.string(), errors: z.array(z.string()) });
export const BulkUploadResponse = z.object({
  bulk_upload: z.object({
    id: z.number().int(),
    container_id: z.number().int().nullable(),
    status: z.string(),
    total: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    errors: z.array(BulkUploadError),
  }),
  created: z.array(z.object({ pnp_id: z.number().int(), document_id: z.number().int(), name: z.string() })),
  failed: z.array(BulkUploadError),
});
export type BulkUploadResponse = z.infer<typeof BulkUploadResponse>;

/** Related information under the P&P: attachments, additional information, linked P&Ps. */
export const Attachment = z.object({
  id: z.number().int(),
  name: z.string(),
  file: StoredFileInfo,
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type Attachment = z.infer<typeof Attachment>;
export const AttachmentList = z.object({ attachments: z.array(Attachment), can_edit: z.boolean() });
export type AttachmentList = z.infer<typeof AttachmentList>;

export const AdditionalInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdditionalInfo = z.infer<typeof AdditionalInfo>;
export const AdditionalInfoList = z.object({ additional_infos: z.array(AdditionalInfo), can_edit: z.boolean() });
export type AdditionalInfoList = z.infer<typeof AdditionalInfoList>;
export const AdditionalInfoBody = z
  .object({
    additional_info: z
      .object({
        title: text({ message: 'Title is required.' })
          .trim()
          .min(1, { message: 'Title is required.' })
          .max(255, { message: 'Title must be at most 255 characters.' }),
        content: text({ message: 'Content is required.' })
          .trim()
          .min(1, { message: 'Content is required.' })
          .max(20_000, { message: 'Content must be at most 20000 characters.' }),
      })
      .strict(),
  })
  .strict();
export type AdditionalInfoBody = z.infer<typeof AdditionalInfoBody>;

export const LinkedPnp = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  location: z.string(),
  current_document_id: z.number().int().nullable(),
});
export type LinkedPnp = z.infer<typeof LinkedPnp>;
export const PnpLinks = z.object({
  linked_pnps: z.array(LinkedPnp),
  reverse_linked_pnps: z.array(LinkedPnp),
  can_edit: z.boolean(),
});
export type PnpLinks = z.infer<typeof PnpLinks>;
export const PnpLinksBody = z.object({ linked_pnp_ids: z.array(Id).max(500) }).strict();
export type PnpLinksBody = z.infer<typeof PnpLinksBody>;

/** The refusal of a stale save (someone else saved the P&P after the editor opened it). */
export const PNP_CHANGED_MESSAGE =
  'This P&P was changed by someone else since you opened it. Reload to see their changes, then make yours again.';
