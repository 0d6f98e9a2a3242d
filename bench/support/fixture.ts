// The library the API benchmarks run on: one organisation with a given number of published P&Ps
// (each with an Active version and the extracted text of a document), seeded set-based (INSERT ...
// SELECT generate_series) into a database the application has migrated. An admin sees everything;
// a reader sees exactly half: the reader's group is Audience on every other binder. Every tenth
// folder overrides inheritance (the admin as Owner, and the group again where the binder is one
// the reader sees), so visibility has overrides to resolve and still comes out at half.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../../server/db/client';
import { hashPassword } from '../../server/modules/auth/password';

export const PASSWORD = 'BenchPassword2026';
export const ADMIN_LOGIN = 'bench.admin';
export const READER_LOGIN = 'bench.reader';
/** A provider staff user (outside every organisation): the staff dashboard's reader. */
export const STAFF_LOGIN = 'bench.staff';
/** A word in the names of one org user in 50 and of the fixture's organisations: the staff dashboard's search. */
export const STAFF_SEARCH = 'Ward';
/** A word put in one document of every 5,000 (and at least one): the selective search. */
export const RARE_WORD = 'zephyrquill';

const VOCABULARY = (
  'patient staff hand hygiene infection prevention control isolation precaution gown glove mask respirator ' +
  'medication administration dose route insulin heparin iv pharmacy order prescriber verify identifier ' +
  'fall risk assessment admission transfer discharge documentation record electronic chart nurse physician ' +
  'consent procedure surgery anesthesia sedation monitoring vital signs blood transfusion specimen laboratory ' +
  'emergency fire evacuation drill alarm code disaster preparedness generator power water supply ' +
  'privacy confidentiality security access badge visitor escort complaint grievance ethics conduct conflict ' +
  'interest compliance audit report quality improvement committee review approval policy procedure annual ' +
  'training education competency orientation onboarding employee contractor volunteer student supervisor ' +
  'equipment cleaning disinfection sterilization linen waste sharps needle exposure injury incident ' +
  'restraint seclusion behavioral health suicide screening pain management nutrition diet allergy ' +
  'pediatric neonatal maternal labor delivery newborn wound pressure ulcer skin catheter central line ' +
  'ventilator pneumonia sepsis antibiotic stewardship culture outbreak notification public health department'
).split(' ');

/** What the benchmark needs to know about a seeded library. */
export interface Fixture {
  orgId: number;
  pnps: number;
  containers: number;
  /** P&Ps the reader may see (half). */
  readerPnps: number;
  /** A published P&P both users may open. */
  samplePnpId: number;
  /** The first binder, which both users see: the advanced search inside one binder searches it. */
  sampleBinderId: number;
  /** Org users besides the admin and the reader, and user groups (the admin's users and groups lists). */
  people: number;
  groups: number;
  /** When seeding ended: views recorded after it come from a benchmark (library/{pnpId}). */
  seededAt: string;
}

/**
 * Seeds the library into a migrated database. 1 binder per 500 P&Ps (at least 2), 10 folders per
 * binder and 4 sub-folders per folder (5,100 containers at 50,000 P&Ps), the P&Ps round-robin over
 * the sub-folders. Every document holds ~150 words drawn from a hospital vocabulary with a skewed
 * distribution ('patient' is in every one) plus rare numbered terms.
 */
export async function seedLibrary(database: Database, pnps: number): Promise<Fixture> {
  const hash = await hashPassword(PASSWORD);
  // One transaction without the application's statement timeout: the access-source triggers run
  // once per inserted row, and statistics gathered between the steps let their lookups use indexes.
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return seedIn(tx, pnps, hash);
  });
}

async function seedIn(db: Tx, pnps: number, hash: string): Promise<Fixture> {
  const one = async <T>(query: SQL): Promise<T> => (await queryRows<T>(db, query))[0]!;
  const binders = Math.max(2, Math.round(pnps / 500));
  const { id: orgId } = await one<{ id: number }>(
    sql`insert into organizations (name, tenant) values ('Bench Health', 'bench') returning id`,
  );
  const { id: adminId } = await one<{ id: number }>(
    sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash, is_admin)
        values (${orgId}, 'Ada', 'Admin', 'ada@bench.example', ${ADMIN_LOGIN}, ${hash}, true) returning id`,
  );
  const { id: readerId } = await one<{ id: number }>(
    sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash)
        values (${orgId}, 'Nora', 'Nurse', 'nora@bench.example', ${READER_LOGIN}, ${hash}) returning id`,
  );
  const { id: groupId } = await one<{ id: number }>(
    sql`insert into user_groups (org_id, name) values (${orgId}, 'All Staff') returning id`,
  );
  await db.execute(
    sql`insert into group_memberships (org_id, group_id, user_id) values (${orgId}, ${groupId}, ${readerId})`,
  );
  const people = await seedPeople(db, orgId, pnps, hash);
  await db.execute(sql`insert into containers (org_id, type, name, position, inherits_access)
                       select ${orgId}, 1, 'Binder ' || i, i - 1, false from generate_series(1, ${binders}) i`);
  await db.execute(sql`analyze containers`);
  await db.execute(sql`insert into containers (org_id, type, parent_id, name, position)
                       select ${orgId}, 2, b.id, 'Folder ' || (b.position + 1) || '.' || j, j - 1
                         from containers b cross join generate_series(1, 10) j where b.org_id = ${orgId} and b.type = 1`);
  await db.execute(sql`analyze containers`);
  await db.execute(sql`insert into containers (org_id, type, parent_id, name, position)
                       select ${orgId}, 2, f.id, f.name || '.' || k, k - 1
                         from containers f join containers b on b.id = f.parent_id and b.type = 1
                        cross join generate_series(1, 4) k where f.org_id = ${orgId}`);
  await db.execute(sql`analyze containers`);
  // Grants: the admin Owner of every binder, the reader's group Audience on the even binders.
  await db.execute(sql`insert into access_grants (org_id, container_id, user_id, role)
                       select ${orgId}, id, ${adminId}, 1 from containers where org_id = ${orgId} and type = 1`);
  await db.execute(sql`insert into access_grants (org_id, container_id, group_id, role)
                       select ${orgId}, id, ${groupId}, 5 from containers where org_id = ${orgId} and type = 1 and position % 2 = 0`);
  // Overrides on every tenth top folder, with the same people as the binder above it.
  await db.execute(sql`update containers set inherits_access = false
                        where org_id = ${orgId} and type = 2 and position = 9 and parent_id in
                              (select id from containers where org_id = ${orgId} and type = 1)`);
  await db.execute(sql`insert into access_grants (org_id, container_id, user_id, role)
                       select ${orgId}, f.id, ${adminId}, 1 from containers f
                        where f.org_id = ${orgId} and f.type = 2 and not f.inherits_access`);
  await db.execute(sql`insert into access_grants (org_id, container_id, group_id, role)
                       select ${orgId}, f.id, ${groupId}, 5 from containers f join containers b on b.id = f.parent_id
                        where f.org_id = ${orgId} and f.type = 2 and not f.inherits_access and b.position % 2 = 0`);
  const words = sql`${`{${VOCABULARY.join(',')}}`}::text[]`;
  // ~150 words a document, picked by a hash of (document, position): deterministic, varied.
  await db.execute(sql`insert into stored_files (org_id, storage_key, original_name, mime_type, extension, size_bytes, sha256, extracted_text)
    select ${orgId}, 'bench/' || g || '.pdf', 'Policy ' || g || '.pdf', 'application/pdf', 'pdf', 1000, md5(g::text) || md5(g::text),
           (select string_agg(case when k % 3 = 0 then 'term' || abs(hashint4(g * 1000 + k)) % 40000
                                   else v.w[1 + floor(array_length(v.w, 1) * power(abs(hashint4(g * 1000 + k)) / 2147483648.0, 3))::int] end, ' ')
              from generate_series(1, 150) k)
           || ' patient' || case when g % 5000 = 1 then ' ${sql.raw(RARE_WORD)}' else '' end
      from generate_series(1, ${pnps}) g, (select ${words} as w) v`);
  // P&Ps round-robin over the sub-folders (folders whose parent is a folder).
  await db.execute(sql`
    with leaves as (
      select c.id, (row_number() over (order by c.id) - 1)::int as n, (count(*) over ())::int as total
        from containers c join containers p on p.id = c.parent_id
       where c.org_id = ${orgId} and p.type = 2
    )
    insert into pnps (org_id, container_id, name, description, status, position)
    select ${orgId}, l.id,
           initcap(v.w[1 + abs(hashint4(g)) % array_length(v.w, 1)] || ' ' || v.w[1 + abs(hashint4(g + 7)) % array_length(v.w, 1)]) || ' Policy ' || g,
           'How staff handle ' || v.w[1 + abs(hashint4(g + 13)) % array_length(v.w, 1)] || '.', 2, g / l.total
      from generate_series(0, ${pnps - 1}) g join leaves l on l.n = g % l.total, (select ${words} as w) v`);
  await db.execute(sql`insert into pnp_documents (org_id, pnp_id, version_number, status, file_id, effective_dt, review_dt, published_at)
    select ${orgId}, p.id, 1, 2, f.id, (now() - (p.rn % 700) * interval '1 day')::date,
           (now() - (p.rn % 700) * interval '1 day' + interval '1 year')::date, now() - (p.rn % 700) * interval '1 day'
      from (select id, row_number() over (order by id) as rn from pnps where org_id = ${orgId}) p
      join (select id, row_number() over (order by id) as rn from stored_files where org_id = ${orgId}) f using (rn)`);
  // Favourites and recent views for both users (their library views are not empty).
  for (const userId of [adminId, readerId]) {
    await db.execute(sql`insert into library_favorites (org_id, user_id, pnp_id, favorite, favorite_updated_at)
      select ${orgId}, ${userId}, id, true, now() - (id % 300) * interval '1 hour' from pnps where org_id = ${orgId} and id % 97 = 0`);
    await db.execute(sql`insert into library_views (org_id, user_id, pnp_id, viewed_at)
      select ${orgId}, ${userId}, id, now() - (id % 500) * interval '1 day' from pnps where org_id = ${orgId} and id % 113 = 0`);
  }
  // Tasks for both users on one P&P in 25 (2,000 each at 50,000), half of them still open, the rest
  // completed as a working year leaves them: the tasks list has pages to walk. The admin approves,
  // the reader reviews.
  for (const [userId, kind, step] of [
    [adminId, 'Approve', 1],
    [readerId, 'Review', null],
  ] as const) {
    await db.execute(sql`insert into tasks (org_id, user_id, kind, status, pnp_id, document_id, approval_step, due_dt, created_at)
      select ${orgId}, ${userId}, ${kind}, case when d.id % 50 = 0 then 1 else 2 end, d.pnp_id, d.id, ${step}::smallint,
             (now() + (d.id % 60) * interval '1 day')::date, now() - (d.id % 400) * interval '1 hour'
        from pnp_documents d where d.org_id = ${orgId} and d.id % 25 = 0`);
  }
  // Their notifications (made by the database for each open task) count as mailed: the every-minute
  // mail job would otherwise compose thousands of e-mails while the load runs.
  await db.execute(sql`update notifications set mailed_at = now() where org_id = ${orgId}`);
  await db.execute(sql`analyze`);
  const counted = await one<{ containers: number; reader: number; sample: number; binder: number }>(sql`
    select (select count(*)::int from containers where org_id = ${orgId}) as containers,
           (select count(*)::int from pnps p join containers s on s.id = p.container_id
              join containers f on f.id = s.parent_id join containers b on b.id = f.parent_id
             where p.org_id = ${orgId} and b.position % 2 = 0) as reader,
           (select min(p.id) from pnps p join containers s on s.id = p.container_id
              join containers f on f.id = s.parent_id join containers b on b.id = f.parent_id
             where p.org_id = ${orgId} and b.position = 0) as sample,
           (select id from containers where org_id = ${orgId} and type = 1 and position = 0) as binder`);
  return {
    orgId,
    pnps,
    containers: counted.containers,
    readerPnps: counted.reader,
    samplePnpId: counted.sample,
    sampleBinderId: counted.binder,
    ...people,
    seededAt: new Date().toISOString(),
  };
}

/**
 * The rest of the organisation's people, for the admin's users and groups lists and the staff
 * dashboard: one user per 25 P&Ps (2,000 at 50,000), one group per 50 of them, each user in one
 * group (the groups hold no grants, so visibility is unchanged), a few more organisations (the
 * dashboard lists them all) and one staff user.
 */
async function seedPeople(
  db: Tx,
  orgId: number,
  pnps: number,
  hash: string,
): Promise<{ people: number; groups: number }> {
  const people = Math.max(50, Math.round(pnps / 25));
  const groups = Math.max(1, Math.round(people / 50));
  await db.execute(sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash, last_login_at)
    select ${orgId}, 'Staff' || i, case when i % 50 = 0 then ${STAFF_SEARCH} || ' Nurse' else 'Member' end,
           'member' || i || '@bench.example', 'bench.member' || i, ${hash},
           case when i % 3 = 0 then null else now() - (i % 90) * interval '1 day' end
      from generate_series(1, ${people}) i`);
  await db.execute(sql`insert into user_groups (org_id, name, description)
    select ${orgId}, 'Unit ' || lpad(i::text, 3, '0'), 'The staff of unit ' || i from generate_series(1, ${groups}) i`);
  await db.execute(sql`
    with members as (select id, row_number() over (order by id) as n from org_users
                      where org_id = ${orgId} and username like 'bench.member%'),
         units as (select id, row_number() over (order by id) - 1 as k, count(*) over () as total from user_groups
                    where org_id = ${orgId} and name like 'Unit %')
    insert into group_memberships (org_id, group_id, user_id)
    select ${orgId}, u.id, m.id from members m join units u on u.k = m.n % u.total`);
  await db.execute(sql`insert into organizations (name, tenant)
    select ${STAFF_SEARCH} || ' Clinic ' || i, 'bench-clinic-' || i from generate_series(1, 20) i`);
  await db.execute(sql`insert into hstm_users (name, email, username, password_hash, permissions)
    values ('Bench Staff', 'staff@bench.example', ${STAFF_LOGIN}, ${hash}, '2 3 4 5')`);
  return { people, groups };
}

/** Removes the views an earlier benchmark recorded, so a kept fixture starts as seeded. */
export async function forgetBenchViews(database: Database, fixture: Fixture): Promise<void> {
  await database.db.execute(
    sql`delete from library_views where org_id = ${fixture.orgId} and viewed_at > ${fixture.seededAt}::timestamptz`,
  );
  // Each user's last opening (kept by a trigger on inserts only) goes back to the seeded one.
  await database.db.execute(
    sql`delete from library_last_views where org_id = ${fixture.orgId} and viewed_at > ${fixture.seededAt}::timestamptz`,
  );
  await database.db.execute(
    sql`insert into library_last_views (org_id, user_id, pnp_id, viewed_at)
        select org_id, user_id, pnp_id, max(viewed_at) from library_views where org_id = ${fixture.orgId}
         group by org_id, user_id, pnp_id
        on conflict (org_id, user_id, pnp_id) do nothing`,
  );
}
