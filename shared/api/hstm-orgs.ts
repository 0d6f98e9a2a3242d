import { z } from 'zod';
import { LOCATIONS } from '../domain/locations';
import { IDP_PROVIDER_LABELS, IdpProvider, ORG_STATUS_LABELS, OrgStatus } from '../domain/statuses';
import { ValidationPatterns } from '../domain/validation';
import { noAngleBrackets } from '../domain/validation-messages';
import { id, queryId, text } from './primitives';

/**
 * Organisations in the provider-staff area (spec §7 'Provider staff'), staff permission 3 (org
 * management):
 *
 * - GET  /api/hstm/organizations ?search&status&idp&sort&dir&page&per_page   one page of organisations
 * - POST /api/hstm/organizations { org }                                     create (with its system group)
 * - GET  /api/hstm/organizations/{id}                                        one organisation and its templates
 * - PUT  /api/hstm/organizations/{id} { org, template_ids? }                 change it and, if sent, its templates
 * - GET  /api/hstm/pnp_templates                                             the provider template library
 */

export const ORG_MAX_PAGE_SIZE = 100;
export const ORG_TOKEN_TIMEOUT_MIN = 5;
export const ORG_TOKEN_TIMEOUT_MAX = 1440;
export const ORG_TOKEN_TIMEOUT_DEFAULT = 30;
export const ORG_TENANT_MAX = 64;
/** The system group every organisation starts with; every user created in it joins it. */
export const ORG_SYSTEM_GROUP = 'All Staff';

export const ORG_STATUS_OPTIONS = [OrgStatus.Disabled, OrgStatus.Enabled, OrgStatus.Locked].map((value) => ({
  value,
  label: ORG_STATUS_LABELS[value],
}));
export const IDP_OPTIONS = Object.values(IdpProvider).map((value) => ({ value, label: IDP_PROVIDER_LABELS[value] }));
const LOCATION_CODES = new Set(LOCATIONS.map((l) => l.code));

export const OrgMessages = {
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 255 characters.',
  nameBrackets: noAngleBrackets('Name'),
  tenantRequired: 'Tenant key is required.',
  tenantTooLong: `Tenant key must be at most ${ORG_TENANT_MAX} characters.`,
  tenantPattern: 'Tenant key may contain only letters, digits and dashes, and must not start or end with a dash.',
  locationInvalid: 'Location must be the two-letter code of a US state, DC, a US territory or a Canadian province.',
  statusInvalid: 'Status must be 0 (Disabled), 1 (Active) or 2 (Locked).',
  timeoutInvalid: `Session timeout must be a whole number of minutes from ${ORG_TOKEN_TIMEOUT_MIN} to ${ORG_TOKEN_TIMEOUT_MAX}.`,
  templateIdsInvalid: 'Templates must be a list of template ids.',
  tenantTaken: (tenant: string) => `The tenant key ${tenant} is already used by another organization.`,
  templatesMissing: (ids: number[]) => `These templates were not found: ${ids.join(', ')}.`,
} as const;

const timeoutNumber = z
  .number({ message: OrgMessages.timeoutInvalid })
  .int({ message: OrgMessages.timeoutInvalid })
  .min(ORG_TOKEN_TIMEOUT_MIN, { message: OrgMessages.timeoutInvalid })
  .max(ORG_TOKEN_TIMEOUT_MAX, { message: OrgMessages.timeoutInvalid });

const orgFields = {
  name: text({ message: OrgMessages.nameRequired })
    .trim()
    .min(1, { message: OrgMessages.nameRequired })
    .max(255, { message: OrgMessages.nameTooLong })
    .regex(ValidationPatterns.name, { message: OrgMessages.nameBrackets }),
  // The tenant key is typed into sign-in addresses (t/{tenant}): stored in lower case so the same
  // key in another case is the same organisation.
  tenant: text({ message: OrgMessages.tenantRequired })
    .trim()
    .min(1, { message: OrgMessages.tenantRequired })
    .max(ORG_TENANT_MAX, { message: OrgMessages.tenantTooLong })
    .regex(ValidationPatterns.allowDash, { message: OrgMessages.tenantPattern })
    .refine((v) => !v.startsWith('-') && !v.endsWith('-'), { message: OrgMessages.tenantPattern })
    .transform((v) => v.toLowerCase()),
  location: z
    .union([text({ message: OrgMessages.locationInvalid }), z.null()], { message: OrgMessages.locationInvalid })
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim().toUpperCase()))
    .refine((v) => v === null || LOCATION_CODES.has(v), { message: OrgMessages.locationInvalid }),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: OrgMessages.statusInvalid }),
  token_timeout: timeoutNumber,
};

export const NewOrgInput = z
  .object({
    ...orgFields,
    location: orgFields.location.optional(),
    status: orgFields.status.default(OrgStatus.Enabled),
    token_timeout: orgFields.token_timeout.default(ORG_TOKEN_TIMEOUT_DEFAULT),
  })
  .strict();
export type NewOrgInput = z.infer<typeof NewOrgInput>;
export const OrgUpdateInput = z.object(orgFields).partial().strict();
export type OrgUpdateInput = z.infer<typeof OrgUpdateInput>;

const TemplateIds = z.array(id('Each template id'), { message: OrgMessages.templateIdsInvalid }).max(1000, {
  message: 'At most 1000 templates can be chosen at once.',
});

export const CreateOrgBody = z.object({ org: NewOrgInput, template_ids: TemplateIds.optional() }).strict();
export type CreateOrgBody = z.input<typeof CreateOrgBody>;
export const UpdateOrgBody = z
  .object({ org: OrgUpdateInput.default({}), template_ids: TemplateIds.optional() })
  .strict();
export type UpdateOrgBody = z.input<typeof UpdateOrgBody>;

export const ORG_SORT_KEYS = ['name', 'tenant', 'location', 'status', 'idp_provider', 'created_at'] as const;
export type OrgSortKey = (typeof ORG_SORT_KEYS)[number];

export const OrgListQuery = z.object({
  search: text().trim().max(200, { message: 'Search must be at most 200 characters.' }).optional(),
  status: z
    .enum(['0', '1', '2'], { message: 'status must be 0 (Disabled), 1 (Active) or 2 (Locked).' })
    .transform(Number)
    .optional(),
  idp: z
    .enum(Object.values(IdpProvider) as [IdpProvider, ...IdpProvider[]], {
      message: `idp must be one of ${Object.values(IdpProvider).join(', ')}.`,
    })
    .optional(),
  sort: z.enum(ORG_SORT_KEYS, { message: `sort must be one of ${ORG_SORT_KEYS.join(', ')}.` }).default('name'),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).default('asc'),
  page: z.coerce
    .number({ message: 'page must be a whole number.' })
    .int({ message: 'page must be a whole number.' })
    .min(1, { message: 'page must be at least 1.' })
    .max(100_000, { message: 'page must be at most 100000.' })
    .default(1),
  per_page: z.coerce
    .number({ message: 'per_page must be a whole number.' })
    .int({ message: 'per_page must be a whole number.' })
    .min(1, { message: 'per_page must be at least 1.' })
    .max(ORG_MAX_PAGE_SIZE, { message: `per_page must be at most ${ORG_MAX_PAGE_SIZE}.` })
    .default(10),
});
export type OrgListQuery = z.input<typeof OrgListQuery>;

export const OrgIdParams = z.object({ id: queryId('The organization id') });

export const Org = z.object({
  id: z.number().int(),
  name: z.string(),
  tenant: z.string(),
  location: z.string().nullable(),
  location_name: z.string().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  idp_provider: z.string().nullable(),
  idp_label: z.string().nullable(),
  token_timeout: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Org = z.infer<typeof Org>;

export const OrgDetail = Org.extend({ template_ids: z.array(z.number().int()) });
export type OrgDetail = z.infer<typeof OrgDetail>;

export const OrgList = z.object({
  organizations: z.array(Org),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type OrgList = z.infer<typeof OrgList>;
export const OrgResponse = z.object({ org: OrgDetail });
export type OrgResponse = z.infer<typeof OrgResponse>;

export const ProviderTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  source: z.string(),
});
export type ProviderTemplate = z.infer<typeof ProviderTemplate>;
export const ProviderTemplateList = z.object({ pnp_templates: z.array(ProviderTemplate) });
export type ProviderTemplateList = z.infer<typeof ProviderTemplateList>;

export const ORG_SUCCESS = {
  created: 'Record created successfully!',
  updated: 'Record updated successfully!',
} as const;

export const locationName = (code: string | null): string | null =>
  code === null ? null : (LOCATIONS.find((l) => l.code === code)?.name ?? null);

/**
 * GET /api/hstm/organizations/{id}/health (issue 14, beyond the spec): an organisation's health at a
 * glance on its staff page. Counts are over the whole organisation, whatever any user may see.
 */
export const ORG_HEALTH_WINDOW_DAYS = 30;
export const OrgHealthSync = z.object({
  kind: z.string(),
  status: z.string(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  deactivated_count: z.number().int(),
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export const OrgHealth = z.object({
  /** Active users who signed in within the window, and all active users. */
  users_active_recently: z.number().int(),
  users_active: z.number().int(),
  /** Published versions whose review date has passed. */
  pnps_overdue_for_review: z.number().int(),
  /** Open tasks created before the window began. */
  tasks_open_older: z.number().int(),
  /** Readers of open read acknowledgements, and how many of them have acknowledged. */
  acks_assigned: z.number().int(),
  acks_completed: z.number().int(),
  last_sync: OrgHealthSync.nullable(),
});
export type OrgHealth = z.infer<typeof OrgHealth>;
