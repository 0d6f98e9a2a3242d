import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { EVIDENCE_ACTION } from '../../../shared/api/reporting';
import { formatDisplayDate } from '../../../shared/domain/dates';
import { csvLine } from '../../../shared/domain/report-cells';
import {
  PNP_STATUS_LABELS,
  VERSION_STATUS_LABELS,
  type PnpStatus,
  type VersionStatus,
} from '../../../shared/domain/statuses';
import { queryRows, type Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { notFound } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { PNP_LEVEL_ACTIONS, positionLabel } from '../pnps/workflow.record';
import { zipAfterCommit, type ZipEntrySource } from './reporting.export';
import {
  evidencePdf,
  evidenceTime,
  withSudoer,
  type EvidenceEvent,
  type EvidenceVersion,
} from './reporting.evidence-pdf';
import { containerInScope, pnpInScope, reportScope, type ReportScope } from './reporting.scope';

/**
 * The evidence bundle a surveyor asks for: one zip per P&P (or per binder, one folder per P&P the
 * caller may see in it) holding every version's file, `history.pdf` (who authored, reviewed,
 * approved and published each version, and when, with the sudoer of login-as sessions) and
 * `read-acknowledgements.csv`. Entries are produced one at a time while the zip is written: a
 * binder's files never sit in memory together. Each download writes a change-log entry on the P&P
 * or binder (who, when, and the sudoer), so the P&P's and binder's change logs show it.
 */

interface PnpHead {
  id: number;
  name: string;
  status: number;
  location: string;
}

/** Longest name kept, in UTF-8 bytes: file systems allow 255 a name, and the bundle adds its own words. */
const NAME_MAX_BYTES = 150;
/** What a file name may not hold anywhere: path separators and the characters Windows refuses. */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|]/g;
/**
 * Controls, invisible format characters (a right-to-left override can disguise an extension),
 * unassigned and private-use code points and lone surrogates, and line or paragraph separators.
 * The zero-width joiner and non-joiner stay: Persian, Indic scripts and emoji need them.
 */
const UNSEEN = /(?![\u200C\u200D])[\p{C}\p{Zl}\p{Zp}]/gu;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const utf8Bytes = (value: string): number => Buffer.byteLength(value, 'utf8');

/** The longest start of `value` that fits in `maxBytes`, cut between whole characters as a reader sees them. */
function clipToBytes(value: string, maxBytes: number): string {
  let clipped = '';
  for (const { segment } of graphemes.segment(value)) {
    if (utf8Bytes(clipped + segment) > maxBytes) break;
    clipped += segment;
  }
  return clipped;
}

/**
 * A file or folder name from a user's text, as the zip's UTF-8 names carry it: letters of any
 * script kept, never a path ('/' and '\\' replaced, no leading dot so never '.' or '..'), no
 * character that a file system refuses or that hides itself, and not too long (a long file
 * name keeps its extension).
 */
export function safeName(value: string, fallback: string): string {
  const cleaned = value
    .normalize('NFC')
    .replace(UNSEEN, '_')
    .replace(NOT_IN_FILE_NAMES, '_')
    .replace(/\s+/gu, ' ')
    // Windows drops trailing dots and spaces; a leading dot hides a file (or makes '..').
    .replace(/^[ .]+|[ .]+$/g, '');
  if (utf8Bytes(cleaned) <= NAME_MAX_BYTES) return cleaned || fallback;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(cleaned)?.[0] ?? '';
  const stem = clipToBytes(cleaned.slice(0, cleaned.length - extension.length), NAME_MAX_BYTES - extension.length);
  return `${stem.replace(/[ .]+$/, '')}${extension}` || fallback;
}

/** The signed-off roles as the summary names them, from the workflow action that records each. */
const SIGN_OFF_ROLES: Record<string, string> = {
  Create: 'Created by',
  'Start Revision': 'Revision started by',
  Submit: 'Authored (submitted) by',
  Accept: 'Reviewed (accepted) by',
  Approve: 'Approved by',
  Publish: 'Published by',
};

const bufferSource = (bytes: Uint8Array | string): Promise<Readable> =>
  Promise.resolve(Readable.from([typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes)]));

/** A CSV of the bundle: UTF-8 with a byte-order mark, without which Excel reads it as ANSI and garbles accents. */
const csvSource = (csv: string): Promise<Readable> => bufferSource(`\uFEFF${csv}`);

const READ_ACK_COLUMNS = [
  'Read Acknowledgement',
  'Status',
  'Version',
  'Due Date',
  'Reader',
  'Email',
  'Via Group',
  'Completion',
  'Opened At',
  'Acknowledged At',
  'Acknowledged Version',
];

interface ReadAckRow {
  name: string;
  status: string;
  version_number: number | null;
  due_dt: string | null;
  reader: string;
  email: string | null;
  via_group: string | null;
  completion: string;
  opened_at: Date | string | null;
  acknowledged_at: Date | string | null;
  acknowledged_version: number | null;
}

/**
 * The P&P's read-acknowledgement records as CSV (formula-like text neutralised by csvLine), dates
 * as the product shows them ('MMM dd, yyyy'), and times with the hour and minute, in UTC, as
 * history.pdf shows them: when a reader opened and acknowledged is the evidence.
 */
async function readAckCsv(tx: Tx, orgId: number, pnpId: number): Promise<string> {
  const rows = await queryRows<ReadAckRow>(
    tx,
    sql`select ra.name, case ra.status when 1 then 'Active' when 2 then 'Closed' else 'Canceled' end as status,
               d.version_number, to_char(ra.due_dt, 'YYYY-MM-DD') as due_dt,
               u.first_name || ' ' || u.last_name as reader, u.email, g.name as via_group,
               case rr.completion when 1 then 'Complete' else 'Incomplete' end as completion,
               rr.opened_at, rr.acknowledged_at,
               ad.version_number as acknowledged_version
          from read_acknowledgements ra
          join pnp_documents d on d.org_id = ${orgId} and d.id = ra.document_id
          join read_ack_readers rr on rr.org_id = ${orgId} and rr.read_ack_id = ra.id
          join org_users u on u.org_id = ${orgId} and u.id = rr.user_id
          left join user_groups g on g.org_id = ${orgId} and g.id = rr.via_group_id
          left join pnp_documents ad on ad.org_id = ${orgId} and ad.id = rr.acknowledged_document_id
         where ra.org_id = ${orgId} and ra.pnp_id = ${pnpId}
         order by ra.created_at, ra.id, u.last_name, u.first_name, u.id`,
  );
  return (
    csvLine(READ_ACK_COLUMNS) +
    rows
      .map((row) =>
        csvLine([
          row.name,
          row.status,
          row.version_number,
          row.due_dt ? formatDisplayDate(row.due_dt) : null,
          row.reader,
          row.email,
          row.via_group,
          row.completion,
          row.opened_at ? evidenceTime(asDate(row.opened_at)) : null,
          row.acknowledged_at ? evidenceTime(asDate(row.acknowledged_at)) : null,
          row.acknowledged_version,
        ]),
      )
      .join('')
  );
}

interface VersionRow {
  id: number;
  version_number: number | null;
  status: number;
  created_at: Date | string;
  published_at: Date | string | null;
  effective_dt: string | null;
  storage_key: string | null;
  original_name: string | null;
}

interface HistoryRow {
  document_id: number | null;
  actor_name: string;
  sudoer_name: string | null;
  action: string;
  from_status: number | null;
  to_status: number | null;
  from_stage: number | null;
  to_stage: number | null;
  from_step: number | null;
  to_step: number | null;
  comment: string | null;
  created_at: Date | string;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

const versionTitle = (v: { version_number: number | null }): string =>
  v.version_number === null ? 'Draft' : `Version ${v.version_number}`;

/** Every entry of one P&P's part of a bundle, each built or opened only when the zip reaches it. */
async function* pnpEntries(
  ctx: OrgCtx,
  read: Read,
  scope: ReportScope,
  pnp: PnpHead,
  folder: string,
  generatedBy: string,
): AsyncGenerator<ZipEntrySource> {
  const versions = await read((tx) =>
    queryRows<VersionRow>(
      tx,
      sql`select d.id, d.version_number, d.status::int as status, d.created_at, d.published_at,
               to_char(d.effective_dt, 'YYYY-MM-DD') as effective_dt, f.storage_key, f.original_name
          from pnp_documents d
          left join stored_files f on f.org_id = ${scope.orgId} and f.id = d.file_id
         where d.org_id = ${scope.orgId} and d.pnp_id = ${pnp.id}
         order by d.version_number nulls last, d.id`,
    ),
  );
  for (const version of versions) {
    if (!version.storage_key) continue;
    const label = version.version_number === null ? `draft-${version.id}` : `v${version.version_number}`;
    const key = version.storage_key;
    const entry: ZipEntrySource = {
      name: `${folder}versions/${label} - ${safeName(version.original_name ?? '', 'document')}`,
      // A file missing from storage is itself evidence: the bundle says so instead of breaking off.
      // The entry's name is read once it is open, so it can still say "missing".
      open: async () => {
        try {
          return await ctx.deps.files.stream(key);
        } catch (error) {
          ctx.deps.log.warn({ err: error, key }, 'An evidence bundle found a version file missing');
          entry.name = `${entry.name} (missing).txt`;
          return bufferSource(`The file of ${versionTitle(version)} of this P&P is missing from storage.\r\n`);
        }
      },
    };
    yield entry;
  }

  yield {
    name: `${folder}history.pdf`,
    open: async () => {
      const history = await read((tx) =>
        queryRows<HistoryRow>(
          tx,
          sql`select w.document_id, w.actor_name, w.sudoer_name, w.action,
                   w.from_status, w.to_status, w.from_stage, w.to_stage, w.from_step, w.to_step,
                   w.comment, w.created_at
              from workflow_history w
             where w.org_id = ${scope.orgId} and w.pnp_id = ${pnp.id}
             order by w.created_at, w.id`,
        ),
      );
      const byDocument = new Map<number | null, HistoryRow[]>();
      for (const row of history) {
        const list = byDocument.get(row.document_id) ?? [];
        list.push(row);
        byDocument.set(row.document_id, list);
      }
      const eventOf = (row: HistoryRow): EvidenceEvent => {
        const level = PNP_LEVEL_ACTIONS.includes(row.action) ? 'pnp' : 'version';
        return {
          at: asDate(row.created_at),
          action: row.action,
          from: positionLabel(level, { status: row.from_status, stage: row.from_stage, step: row.from_step }),
          to: positionLabel(level, { status: row.to_status, stage: row.to_stage, step: row.to_step }),
          actor: row.actor_name,
          sudoer: row.sudoer_name,
          comment: row.comment,
        };
      };
      const summaryOf = (title: string, status: string, rows: HistoryRow[], v?: VersionRow): EvidenceVersion => ({
        title,
        status,
        fileName: v?.original_name ?? null,
        startedAt: v ? asDate(v.created_at) : null,
        publishedAt: v?.published_at ? asDate(v.published_at) : null,
        effectiveDt: v?.effective_dt ?? null,
        signOffs: rows
          .filter((row) => SIGN_OFF_ROLES[row.action])
          .map((row) => ({
            role:
              row.action === 'Approve' && row.from_step !== null
                ? `Approved (Step ${row.from_step}) by`
                : SIGN_OFF_ROLES[row.action]!,
            who: withSudoer(row.actor_name, row.sudoer_name),
            at: asDate(row.created_at),
          })),
        events: rows.map(eventOf),
      });
      const sections: EvidenceVersion[] = versions.map((v) =>
        summaryOf(
          versionTitle(v),
          VERSION_STATUS_LABELS[v.status as VersionStatus] ?? String(v.status),
          byDocument.get(v.id) ?? [],
          v,
        ),
      );
      // Drafts cancelled since keep their history (the rows outlive the version): they are evidence too.
      const known = new Set(versions.map((v) => v.id));
      for (const [documentId, rows] of byDocument) {
        if (documentId === null || known.has(documentId)) continue;
        sections.push(summaryOf('Cancelled draft', 'Cancelled', rows));
      }
      const pnpLevel = byDocument.get(null);
      if (pnpLevel) sections.push(summaryOf('P&P events', PNP_STATUS_LABELS[pnp.status as PnpStatus] ?? '', pnpLevel));
      const pdf = await evidencePdf({
        pnpName: pnp.name,
        location: pnp.location,
        status: PNP_STATUS_LABELS[pnp.status as PnpStatus] ?? String(pnp.status),
        generatedAt: ctx.now,
        generatedBy,
        versions: sections,
      });
      return bufferSource(pdf);
    },
  };

  yield {
    name: `${folder}read-acknowledgements.csv`,
    open: async () => csvSource(await read((tx) => readAckCsv(tx, scope.orgId, pnp.id))),
  };
}

/** Reads in a transaction of its own, under the organisation's row-level security. */
type Read = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
const readerOf =
  (ctx: OrgCtx): Read =>
  (fn) =>
    withTenant(ctx.deps.database.db, ctx.orgId, fn);

const generatedByOf = (ctx: OrgCtx): string => withSudoer(ctx.actor.name, ctx.actor.sudoer?.name ?? null);

/** One P&P's bundle (404 when it is not in the caller's reporting scope). */
export async function downloadPnpEvidence(ctx: OrgCtx, pnpId: number): Promise<Readable> {
  const scope = await reportScope(ctx);
  const [pnp] = await queryRows<PnpHead>(
    ctx.tx,
    sql`select p.id, p.name, p.status::int as status, ct.location
          from pnps p join containers ct on ct.org_id = ${scope.orgId} and ct.id = p.container_id
         where p.org_id = ${scope.orgId} and p.id = ${pnpId} and ${pnpInScope(scope, 'p')}`,
  );
  if (!pnp) throw notFound('The P&P');
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'Pnp',
    objectId: pnp.id,
    objectName: pnp.name,
    actionName: EVIDENCE_ACTION,
  });
  return zipAfterCommit(
    ctx,
    `${pnp.name} - evidence.zip`,
    pnpEntries(ctx, readerOf(ctx), scope, pnp, '', generatedByOf(ctx)),
  );
}

/** A binder's bundle: a folder per P&P in it the caller may see (404 when the binder is not in scope). */
export async function downloadBinderEvidence(ctx: OrgCtx, binderId: number): Promise<Readable> {
  const scope = await reportScope(ctx);
  const [binder] = await queryRows<{ id: number; name: string }>(
    ctx.tx,
    sql`select c.id, c.name from containers c
         where c.org_id = ${scope.orgId} and c.id = ${binderId} and c.type = 1 and ${containerInScope(scope, 'c')}`,
  );
  if (!binder) throw notFound('The binder');
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'Binder',
    objectId: binder.id,
    objectName: binder.name,
    actionName: EVIDENCE_ACTION,
  });
  // Only ids, names and locations are listed up front; each P&P's files and summary come as the zip reaches them.
  const pnps = await queryRows<PnpHead>(
    ctx.tx,
    sql`select p.id, p.name, p.status::int as status, ct.location
          from pnps p join containers ct on ct.org_id = ${scope.orgId} and ct.id = p.container_id
         where p.org_id = ${scope.orgId} and ct.ancestor_ids[1] = ${binder.id} and ${pnpInScope(scope, 'p')}
         order by ct.location, p.name, p.id`,
  );
  const generatedBy = generatedByOf(ctx);
  const read = readerOf(ctx);
  async function* entries(): AsyncGenerator<ZipEntrySource> {
    yield {
      name: 'contents.csv',
      open: () =>
        csvSource(
          csvLine(['Folder', 'P&P Name', 'Location', 'P&P Status']) +
            pnps
              .map((pnp) =>
                csvLine([
                  folderOf(pnp),
                  pnp.name,
                  pnp.location,
                  PNP_STATUS_LABELS[pnp.status as PnpStatus] ?? String(pnp.status),
                ]),
              )
              .join(''),
        ),
    };
    for (const pnp of pnps) yield* pnpEntries(ctx, read, scope, pnp, `${folderOf(pnp)}/`, generatedBy);
  }
  return zipAfterCommit(ctx, `${binder.name} - evidence.zip`, entries());
}

/** A P&P's folder in a binder bundle: its name and id (two P&Ps may share a name in different folders). */
const folderOf = (pnp: PnpHead): string => `${safeName(pnp.name, 'P&P')} (${pnp.id})`;
