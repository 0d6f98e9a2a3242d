import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { createContainer, createGroup, createOrg, createUser, grant, type TestUser } from '../../test/factories';

/**
 * The reporting scenario, with answers known in advance (the clock is 2026-11-23 12:00 UTC).
 *
 * Binder "North" (Bea owns it; Ann Author, Pat Approver step 1, group Readers Audience) holds folder
 * "North Ward" (inherits) with:
 *   Alpha Policy  Published: v1 Archived (published 2026-01-15), v2 Active (published 2026-06-10,
 *                 effective 2026-06-15, review 2026-12-20) and a Draft in Reviewing (Review task: Rex)
 *   Beta Procedure Draft in Authoring (Author task: Ann)
 *   =Gamma cmd   Published: v1 Active (published 2026-03-05, effective 2026-03-06, review 2026-10-01: overdue)
 *   Delta Retired Retired 2026-09-01: v1 Archived, v2 Active, each with a file
 * Binder "South" (Otto owns it; Ann Author; no Approver, no Audience) holds folder "South Ward" with:
 *   Epsilon Other Published: v1 Active (published 2026-06-20, review 2027-02-10)
 *   Zeta Draft    Draft in Approving step 1 (Approve task: Pat)
 *   Eta Retired   Retired
 * Links: Alpha -> =Gamma cmd (both North), Alpha -> Epsilon (across binders).
 * Read acknowledgements: "Alpha read" on Alpha v2 (Active, group Readers): Una done 2026-07-01, Ann
 * not; "Epsilon read" on Epsilon v1 (Closed): Una done.
 * Views: Alpha v2 by Una twice and Ann once; Epsilon v1 by Una once.
 */
export const SCENARIO_NOW = new Date('2026-11-23T12:00:00Z');

export interface ReportingScenario {
  org: { id: number; tenant: string };
  admin: TestUser;
  bea: TestUser;
  otto: TestUser;
  ann: TestUser;
  pat: TestUser;
  rex: TestUser;
  una: TestUser;
  group: { id: number; name: string };
  north: { id: number };
  northWard: { id: number };
  south: { id: number };
  southWard: { id: number };
  pnps: Record<'alpha' | 'beta' | 'gamma' | 'delta' | 'epsilon' | 'zeta' | 'eta', number>;
  docs: Record<
    'alpha1' | 'alpha2' | 'alphaDraft' | 'beta' | 'gamma1' | 'delta1' | 'delta2' | 'epsilon1' | 'zeta' | 'eta1',
    number
  >;
  readAcks: { alpha: number; epsilon: number };
  files: Record<'delta1' | 'delta2', string>;
}

interface VersionSpec {
  status: 1 | 2 | 3;
  version?: number;
  stage?: number;
  step?: number;
  published?: string;
  effective?: string;
  review?: string;
  fileText?: string;
}

export async function createReportingScenario(deps: Deps): Promise<ReportingScenario> {
  const org = await createOrg(deps);
  const named = (first: string, last: string, extra: { isAdmin?: boolean } = {}) =>
    createUser(deps, org.id, { firstName: first, lastName: last, ...extra });
  const admin = await named('Ada', 'Admin', { isAdmin: true });
  const bea = await named('Bea', 'Owner');
  const otto = await named('Otto', 'Owner');
  const ann = await named('Ann', 'Author');
  const pat = await named('Pat', 'Approver');
  const rex = await named('Rex', 'Reviewer');
  const una = await named('Una', 'Reader');
  const group = await createGroup(deps, org.id, [una.id, ann.id], 'Readers');

  const north = await createContainer(deps, org.id, { name: 'North' });
  const northWard = await createContainer(deps, org.id, { parentId: north.id, name: 'North Ward' });
  const south = await createContainer(deps, org.id, { name: 'South' });
  const southWard = await createContainer(deps, org.id, { parentId: south.id, name: 'South Ward' });
  await grant(deps, org.id, { containerId: north.id }, { userId: bea.id }, 1);
  await grant(deps, org.id, { containerId: north.id }, { userId: ann.id }, 2);
  await grant(deps, org.id, { containerId: north.id }, { userId: rex.id }, 3);
  await grant(deps, org.id, { containerId: north.id }, { userId: pat.id }, 4, 1);
  await grant(deps, org.id, { containerId: north.id }, { groupId: group.id }, 5);
  await grant(deps, org.id, { containerId: south.id }, { userId: otto.id }, 1);
  await grant(deps, org.id, { containerId: south.id }, { userId: ann.id }, 2);

  return withSystem(deps.database.db, async (tx) => {
    const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => (await queryRows<T>(tx, query))[0]!;
    const filesOf: Record<number, string> = {};

    const pnp = async (containerId: number, name: string, status: number, retiredAt?: string) =>
      (
        await one<{ id: number }>(
          sql`insert into pnps (org_id, container_id, name, status, retired_at, retire_reason)
              values (${org.id}, ${containerId}, ${name}, ${status}, ${retiredAt ?? null}::timestamptz,
                      ${retiredAt ? 'Superseded' : null}) returning id`,
        )
      ).id;

    const version = async (pnpId: number, v: VersionSpec) => {
      const text = v.fileText ?? `Version text ${pnpId} ${v.version ?? 'draft'}`;
      const bytes = Buffer.from(text);
      const key = await deps.files.put(bytes, 'txt');
      const file = await one<{ id: number }>(
        sql`insert into stored_files (org_id, storage_key, original_name, mime_type, extension, size_bytes, sha256)
            values (${org.id}, ${key}, ${`policy-${pnpId}-v${v.version ?? 0}.txt`}, 'text/plain', 'txt', ${bytes.length},
                    ${createHash('sha256').update(bytes).digest('hex')}) returning id`,
      );
      const doc = await one<{ id: number }>(
        sql`insert into pnp_documents (org_id, pnp_id, version_number, status, draft_stage, approval_step, file_id,
                                       effective_dt, review_dt, published_at, archived_at)
            values (${org.id}, ${pnpId}, ${v.version ?? null}, ${v.status}, ${v.stage ?? null}, ${v.step ?? null}, ${file.id},
                    ${v.effective ?? null}::date, ${v.review ?? null}::date, ${v.published ?? null}::timestamptz,
                    ${v.status === 3 ? '2026-06-10T00:00:00Z' : null}::timestamptz)
            returning id`,
      );
      filesOf[doc.id] = text;
      return doc.id;
    };

    const alpha = await pnp(northWard.id, 'Alpha Policy', 2);
    const alpha1 = await version(alpha, {
      status: 3,
      version: 1,
      published: '2026-01-15T10:00:00Z',
      effective: '2026-01-20',
    });
    const alpha2 = await version(alpha, {
      status: 2,
      version: 2,
      published: '2026-06-10T10:00:00Z',
      effective: '2026-06-15',
      review: '2026-12-20',
    });
    const alphaDraft = await version(alpha, { status: 1, stage: 3 });
    const beta = await pnp(northWard.id, 'Beta Procedure', 1);
    const betaDoc = await version(beta, { status: 1, stage: 2 });
    const gamma = await pnp(northWard.id, '=Gamma cmd', 2);
    const gamma1 = await version(gamma, {
      status: 2,
      version: 1,
      published: '2026-03-05T10:00:00Z',
      effective: '2026-03-06',
      review: '2026-10-01',
    });
    const delta = await pnp(northWard.id, 'Delta Retired', 3, '2026-09-01T09:00:00Z');
    const delta1 = await version(delta, {
      status: 3,
      version: 1,
      published: '2025-05-01T10:00:00Z',
      fileText: 'Delta one',
    });
    const delta2 = await version(delta, {
      status: 2,
      version: 2,
      published: '2025-12-01T10:00:00Z',
      fileText: 'Delta two',
    });

    const epsilon = await pnp(southWard.id, 'Epsilon Other', 2);
    const epsilon1 = await version(epsilon, {
      status: 2,
      version: 1,
      published: '2026-06-20T10:00:00Z',
      effective: '2026-06-21',
      review: '2027-02-10',
    });
    const zeta = await pnp(southWard.id, 'Zeta Draft', 1);
    const zetaDoc = await version(zeta, { status: 1, stage: 4, step: 1 });
    const eta = await pnp(southWard.id, 'Eta Retired', 3, '2026-08-01T09:00:00Z');
    const eta1 = await version(eta, { status: 2, version: 1, published: '2025-02-01T10:00:00Z' });

    const task = (userId: number, kind: string, pnpId: number, documentId: number, step?: number) =>
      tx.execute(sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id, approval_step)
                     values (${org.id}, ${userId}, ${kind}, ${pnpId}, ${documentId}, ${step ?? null})`);
    await task(rex.id, 'Review', alpha, alphaDraft);
    await task(ann.id, 'Author', beta, betaDoc);
    await task(pat.id, 'Approve', zeta, zetaDoc, 1);
    // A completed task is not pending.
    await tx.execute(sql`insert into tasks (org_id, user_id, kind, status, pnp_id, document_id)
                         values (${org.id}, ${ann.id}, 'Author', 2, ${zeta}, ${zetaDoc})`);

    await tx.execute(sql`insert into pnp_links (org_id, pnp_id, linked_pnp_id, created_at)
                         values (${org.id}, ${alpha}, ${gamma}, '2026-07-01T00:00:00Z'),
                                (${org.id}, ${alpha}, ${epsilon}, '2026-07-02T00:00:00Z')`);

    const readAck = async (pnpId: number, documentId: number, name: string, status: number) =>
      (
        await one<{ id: number }>(
          sql`insert into read_acknowledgements (org_id, pnp_id, document_id, name, status, due_dt, created_at)
              values (${org.id}, ${pnpId}, ${documentId}, ${name}, ${status}, '2026-12-31', '2026-06-30T00:00:00Z') returning id`,
        )
      ).id;
    const raAlpha = await readAck(alpha, alpha2, 'Alpha read', 1);
    const raEpsilon = await readAck(epsilon, epsilon1, 'Epsilon read', 2);
    await tx.execute(
      sql`insert into read_ack_groups (org_id, read_ack_id, group_id) values (${org.id}, ${raAlpha}, ${group.id})`,
    );
    await tx.execute(sql`insert into read_ack_readers (org_id, read_ack_id, user_id, via_group_id, completion, opened_at, acknowledged_at, acknowledged_document_id)
                         values (${org.id}, ${raAlpha}, ${una.id}, ${group.id}, 1, '2026-07-01T08:00:00Z', '2026-07-01T09:00:00Z', ${alpha2}),
                                (${org.id}, ${raAlpha}, ${ann.id}, ${group.id}, 0, null, null, null),
                                (${org.id}, ${raEpsilon}, ${una.id}, null, 1, '2026-07-02T08:00:00Z', '2026-07-02T09:00:00Z', ${epsilon1})`);

    const view = (userId: number, pnpId: number, documentId: number, at: string) =>
      tx.execute(sql`insert into library_views (org_id, user_id, pnp_id, document_id, viewed_at)
                     values (${org.id}, ${userId}, ${pnpId}, ${documentId}, ${at}::timestamptz)`);
    await view(una.id, alpha, alpha2, '2026-07-01T08:00:00Z');
    await view(una.id, alpha, alpha2, '2026-07-03T08:00:00Z');
    await view(ann.id, alpha, alpha2, '2026-07-02T08:00:00Z');
    await view(una.id, epsilon, epsilon1, '2026-07-04T08:00:00Z');

    return {
      org: { id: org.id, tenant: org.tenant },
      admin,
      bea,
      otto,
      ann,
      pat,
      rex,
      una,
      group,
      north,
      northWard,
      south,
      southWard,
      pnps: { alpha, beta, gamma, delta, epsilon, zeta, eta },
      docs: {
        alpha1,
        alpha2,
        alphaDraft,
        beta: betaDoc,
        gamma1,
        delta1,
        delta2,
        epsilon1,
        zeta: zetaDoc,
        eta1,
      },
      readAcks: { alpha: raAlpha, epsilon: raEpsilon },
      files: { delta1: filesOf[delta1]!, delta2: filesOf[delta2]! },
    };
  });
}
