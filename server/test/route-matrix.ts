import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';
import type { Agent, TestApp } from './harness';
import type { OrgAObjects } from './org-a-fixture';

/**
 * The route matrix: every registered organisation route, called by a signed-in user of org B with
 * org A's ids. Each answer must be a refusal (403/404/4xx validation) or a success that carries
 * nothing of org A, and org A's data must be byte-for-byte unchanged afterwards.
 */
export interface Violation {
  method: string;
  url: string;
  status: number;
  reason: string;
}

/** Which of org A's ids goes into a path parameter, decided by its name and the segment before it. */
export function idForParam(name: string, previousSegment: string, a: OrgAObjects): number | null {
  const bySegment: Record<string, number> = {
    containers: a.binderId,
    access: a.binderId,
    pnps: a.pnpId,
    library: a.pnpId,
    pnp_documents: a.draftDocId,
    user_groups: a.groupId,
    users: a.userId,
    notifications: a.notificationId,
    tasks: a.taskId,
    read_acknowledgements: a.readAckId,
    attachments: a.attachmentId,
    additional_infos: a.additionalInfoId,
    linked_pnps: a.otherPnpId,
    pnp_links: a.otherPnpId,
    pnp_templates: a.templateId,
    templates: a.templateId,
    bulk_uploads: a.bulkUploadId,
    user_bulk_uploads: a.bulkUploadId,
    change_logs: a.changeLogId,
    files: a.fileId,
    retired_pnps: a.pnpId,
    versions: a.activeDocId,
  };
  const byName: Record<string, number> = {
    pnpId: a.pnpId,
    docId: a.draftDocId,
    pnpDocumentId: a.draftDocId,
    documentId: a.draftDocId,
    versionId: a.activeDocId,
    containerId: a.folderId,
    groupId: a.groupId,
    userId: a.userId,
    templateId: a.templateId,
    readAckId: a.readAckId,
    attachmentId: a.attachmentId,
    fileId: a.fileId,
    linkedPnpId: a.otherPnpId,
    infoId: a.additionalInfoId,
    additionalInfoId: a.additionalInfoId,
  };
  if (name in byName) return byName[name]!;
  if (name === 'id' && previousSegment in bySegment) return bySegment[previousSegment]!;
  return null;
}

/** Query parameters naming org A's objects, for routes that take ids in the query. */
const foreignQuery = (a: OrgAObjects): string =>
  new URLSearchParams({
    pnp_id: String(a.pnpId),
    object_type: '1',
    object_id: String(a.binderId),
    template_id: String(a.templateId),
    user_id: String(a.userId),
    id: String(a.folderId),
    type: '1',
  }).toString();

/** A body that names org A's objects in the fields routes commonly take. */
const foreignBody = (a: OrgAObjects) => ({
  pnp_id: a.pnpId,
  document_id: a.draftDocId,
  container_id: a.folderId,
  user_id: a.userId,
  group_id: a.groupId,
  item: { parent_id: a.binderId, container_id: a.folderId, name: 'matrix probe', type: 2 },
  pnp: { container_id: a.folderId, name: 'matrix probe' },
  linked_pnp_ids: [a.otherPnpId],
});

export async function snapshotOrg(deps: Deps, orgId: number): Promise<Record<string, string>> {
  return withSystem(deps.database.db, async (tx) => {
    const tables = await queryRows<{ table_name: string }>(
      tx,
      sql`select c.table_name from information_schema.columns c
            join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
           where c.table_schema = 'public' and c.column_name = 'org_id' and t.table_type = 'BASE TABLE'
           order by 1`,
    );
    const snapshot: Record<string, string> = {};
    for (const { table_name } of tables) {
      const rows = await queryRows<{ digest: string | null }>(
        tx,
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
              from ${sql.identifier(table_name)} t where t.org_id = ${orgId}`,
      );
      snapshot[table_name] = rows[0]?.digest ?? '';
    }
    const orgRow = await queryRows<{ digest: string }>(
      tx,
      sql`select md5(o::text) as digest from organizations o where o.id = ${orgId}`,
    );
    snapshot.organizations = orgRow[0]?.digest ?? '';
    return snapshot;
  });
}

export function fillUrl(url: string, orgValue: number, a: OrgAObjects): { path: string; unmapped: string[] } {
  const segments = url.split('/');
  const unmapped: string[] = [];
  const filled = segments.map((segment, index) => {
    if (!segment.startsWith(':')) return segment;
    const name = segment.slice(1);
    if (name === 'org') return String(orgValue);
    const previous = segments[index - 1] ?? '';
    const id = idForParam(name, previous, a);
    if (id === null) {
      unmapped.push(name);
      return '1';
    }
    return String(id);
  });
  return { path: filled.join('/'), unmapped };
}

async function call(agent: Agent, method: string, path: string, a: OrgAObjects) {
  const url = `${path}${path.includes('?') ? '&' : '?'}${foreignQuery(a)}`;
  switch (method) {
    case 'GET':
      return agent.get(url);
    case 'DELETE':
      return agent.delete(url);
    case 'POST':
      return agent.post(url, foreignBody(a));
    case 'PUT':
      return agent.put(url, foreignBody(a));
    case 'PATCH':
      return agent.patch(url, foreignBody(a));
    default:
      return null;
  }
}

export async function runRouteMatrix(
  t: TestApp,
  orgA: { id: number },
  orgB: { id: number },
  a: OrgAObjects,
  userOfB: Agent,
): Promise<{ violations: Violation[]; checked: number }> {
  const before = await snapshotOrg(t.deps, orgA.id);
  const violations: Violation[] = [];
  let checked = 0;
  const routes = t.app.routeTable.filter((r) => r.access === 'org' && r.method !== 'HEAD');
  for (const route of routes) {
    // As a user of B, with B's org in the path and A's ids elsewhere; then with A's org in the path.
    for (const orgValue of route.url.includes(':org') ? [orgB.id, orgA.id] : [orgB.id]) {
      const { path, unmapped } = fillUrl(route.url, orgValue, a);
      if (unmapped.length) {
        violations.push({
          method: route.method,
          url: route.url,
          status: 0,
          reason: `no org-A id for :${unmapped.join(', :')} (add it to idForParam)`,
        });
        continue;
      }
      const res = await call(userOfB, route.method, path, a);
      if (!res) continue;
      checked++;
      const refused = [400, 403, 404, 409, 413, 415, 422].includes(res.statusCode);
      if (orgValue === orgA.id && res.statusCode !== 404) {
        violations.push({
          method: route.method,
          url: route.url,
          status: res.statusCode,
          reason: "another org's id in the path was not 404",
        });
      } else if (!refused && !(res.statusCode >= 200 && res.statusCode < 300)) {
        violations.push({ method: route.method, url: route.url, status: res.statusCode, reason: 'unexpected status' });
      } else if (res.body.includes(a.marker)) {
        violations.push({
          method: route.method,
          url: route.url,
          status: res.statusCode,
          reason: "the response carries org A's data",
        });
      }
    }
  }
  const after = await snapshotOrg(t.deps, orgA.id);
  for (const [table, digest] of Object.entries(before)) {
    if (after[table] !== digest)
      violations.push({ method: '*', url: '*', status: 0, reason: `org A's ${table} changed` });
  }
  return { violations, checked };
}
