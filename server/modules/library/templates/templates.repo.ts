import { sql, type SQL } from 'drizzle-orm';
import type { TemplateSource } from '../../../../shared/domain/statuses';
import { PnpStatus } from '../../../../shared/domain/statuses';
import { queryRows, type Executor } from '../../../db/client';
import { visiblePnpIdsSql } from '../../access/effective-access';
import { NAME_SIMILARITY_THRESHOLD } from '../search-match';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, type LibraryScope } from '../search.repo';

/** Templates are global (provider staff keep them); an organisation sees those given to it in org_templates. */

export interface TemplateRow {
  id: number;
  name: string;
  description: string | null;
  source: TemplateSource;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  updated_at: string;
  binders: string[];
  folders: string[];
  in_name: boolean | null;
  in_description: boolean | null;
  in_document: boolean | null;
  headline: string | null;
  total: number;
}

export interface TemplateCriteria {
  source?: TemplateSource;
  id?: number;
  phrase?: string;
}

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** The organisation's templates, with where its own (visible, not retired) P&Ps made from each live. */
export async function listTemplateRows(
  db: Executor,
  scope: LibraryScope,
  criteria: TemplateCriteria,
  page: { offset: number; limit: number | null },
): Promise<TemplateRow[]> {
  const where: SQL[] = [sql`ot.org_id = ${scope.orgId}`];
  if (criteria.source) where.push(sql`ts.name = ${criteria.source}::text`);
  if (criteria.id) where.push(sql`t.id = ${criteria.id}`);
  const phrase = criteria.phrase ?? null;
  const q = sql`websearch_to_tsquery('english', ${phrase}::text)`;
  const lowered = sql`lower(${phrase}::text)`;
  const inName = sql`(to_tsvector('english', t.name) @@ ${q} or strpos(lower(t.name), ${lowered}) > 0
                      or word_similarity(${lowered}, lower(t.name)) >= ${NAME_SIMILARITY_THRESHOLD})`;
  const inDescription = sql`(to_tsvector('english', coalesce(t.description, '')) @@ ${q} or strpos(lower(coalesce(t.description, '')), ${lowered}) > 0)`;
  const inDocument = sql`(to_tsvector('english', t.extracted_text) @@ ${q})`;
  if (phrase) where.push(sql`(${inName} or ${inDescription} or ${inDocument})`);
  const visible = scope.isAdmin ? sql`` : sql`and p.id in (${visiblePnpIdsSql(scope.orgId, scope.userId)})`;
  const order = phrase
    ? sql`(4 * ts_rank(to_tsvector('english', t.name), ${q}) + 2 * word_similarity(${lowered}, lower(t.name))
           + ts_rank(to_tsvector('english', t.extracted_text), ${q})) desc, lower(t.name), t.id`
    : sql`lower(t.name), t.id`;
  return queryRows<TemplateRow>(
    db,
    sql`with used as (
          select p.template_id, cp.ancestor_ids[1] as binder_id, case when cp.type = 2 then cp.id end as folder_id
            from pnps p join containers cp on cp.org_id = p.org_id and cp.id = p.container_id
           where p.org_id = ${scope.orgId} and p.template_id is not null and p.status <> ${PnpStatus.Retired} ${visible}
        )
        select t.id, t.name, t.description, ts.name as source, t.original_name, t.mime_type, t.size_bytes, t.storage_key,
               t.updated_at,
               coalesce((select array_agg(distinct c.name order by c.name) from used u join containers c on c.org_id = ${scope.orgId} and c.id = u.binder_id where u.template_id = t.id), '{}') as binders,
               coalesce((select array_agg(distinct c.name order by c.name) from used u join containers c on c.org_id = ${scope.orgId} and c.id = u.folder_id where u.template_id = t.id), '{}') as folders,
               ${phrase ? sql`${inName}` : sql`null::boolean`} as in_name,
               ${phrase ? sql`${inDescription}` : sql`null::boolean`} as in_description,
               ${phrase ? sql`${inDocument}` : sql`null::boolean`} as in_document,
               ${phrase ? sql`case when ${inDocument} then ts_headline('english', search_excerpt(t.extracted_text, ${phrase}::text), ${q}, ${HEADLINE_OPTIONS}) end` : sql`null::text`} as headline,
               (count(*) over ())::int as total
          from org_templates ot
          join templates t on t.id = ot.template_id
          join template_sources ts on ts.id = t.source_id
         where ${sql.join(where, sql` and `)}
         order by ${order}
         ${page.limit === null ? sql`` : sql`limit ${page.limit}`} offset ${page.offset}`,
  );
}
