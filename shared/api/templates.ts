import { z } from 'zod';
import { text } from './primitives';
import { TEMPLATE_SOURCES } from '../domain/statuses';
import { SEARCH_PHRASE_MAX_LENGTH, SnippetPart } from './library';

/** GET o/{org}/pnp_templates: the templates the organisation has, optionally of one source. */
export const TemplateListQuery = z
  .object({
    source: z
      .enum(TEMPLATE_SOURCES, { message: `The source must be one of: ${TEMPLATE_SOURCES.join(', ')}.` })
      .optional(),
  })
  .strict();
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

/** Template of spec §3: binders and folders are where this organisation's P&Ps made from it live. */
export const Template = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  source: z.enum(TEMPLATE_SOURCES),
  binders: z.array(z.string()),
  folders: z.array(z.string()),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  updated_at: z.string(),
  matched_in: z.array(z.enum(['name', 'description', 'document'])).optional(),
  snippet: z.array(SnippetPart).nullable().optional(),
});
export type Template = z.infer<typeof Template>;

export const TemplateList = z.object({ templates: z.array(Template), total: z.number().int() });
export type TemplateList = z.infer<typeof TemplateList>;

/** POST o/{org}/content_navigator_library/search_pnp_template {phrase, offset}; source is our filter. */
export const TemplateSearchBody = z
  .object({
    phrase: text({ message: 'The search phrase must be text.' })
      .trim()
      .min(1, { message: 'Enter words to search for.' })
      .max(SEARCH_PHRASE_MAX_LENGTH, {
        message: `The search phrase must be at most ${SEARCH_PHRASE_MAX_LENGTH} characters.`,
      }),
    offset: z.coerce
      .number({ message: 'The offset must be a whole number, 0 or more.' })
      .int({ message: 'The offset must be a whole number, 0 or more.' })
      .min(0, { message: 'The offset must be a whole number, 0 or more.' })
      .max(1_000_000, { message: 'The offset is too large.' })
      .default(0),
    source: z
      .enum(TEMPLATE_SOURCES, { message: `The source must be one of: ${TEMPLATE_SOURCES.join(', ')}.` })
      .optional(),
  })
  .strict();
export type TemplateSearchBody = z.infer<typeof TemplateSearchBody>;

export const TemplateSearchPage = z.object({
  templates: z.array(Template),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type TemplateSearchPage = z.infer<typeof TemplateSearchPage>;
