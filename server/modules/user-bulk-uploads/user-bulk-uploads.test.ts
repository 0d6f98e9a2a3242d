import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLogs, groupMemberships, orgUsers, userLogs } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createGroup, createTwoOrgs, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { docxDocumentBomb } from '../files/hostile-files';

let t: TestApp;
let w: Awaited<ReturnType<typeof createTwoOrgs>>;
let admin: Agent;
let user: Agent;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await createTwoOrgs(t.deps);
  admin = await t.signIn(w.adminA.username, TEST_PASSWORD);
  user = await t.signIn(w.userA.username, TEST_PASSWORD);
  base = `/api/o/${w.orgA.id}/user_bulk_uploads`;
}, 60_000);
afterAll(async () => t.close());

const HEADER = 'First Name,Last Name,Email,Username,Title,Admin,Policy Owner,Groups';
let counter = 0;
const tag = (): string => `${Date.now().toString(36)}${(counter += 1)}`;
const csvOf = (prefix: string, n: number, bad: Map<number, string> = new Map()): string => {
  const lines = [HEADER];
  for (let i = 1; i <= n; i += 1) {
    lines.push(bad.get(i) ?? `Ann${i},Lee,${prefix}.${i}@example.com,${prefix}.${i},Nurse,No,No,`);
  }
  return lines.join('\n');
};
const upload = (agent: Agent, body: string | Buffer, name = 'users.csv') =>
  agent.post(`${base}?file_name=${encodeURIComponent(name)}`, Buffer.isBuffer(body) ? body : Buffer.from(body), {
    'content-type': 'text/csv',
  });
const countUsers = async (prefix: string): Promise<number> => {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orgUsers)
      .where(sql`${orgUsers.username} like ${`${prefix}.%`}`),
  );
  return row!.n;
};

describe('user bulk upload: who may call', () => {
  it('401 without a session, 403 for a user who is not an admin, 404 for another organisation', async () => {
    const csv = csvOf(tag(), 1);
    expect((await upload(t.anonymous(), csv)).statusCode).toBe(401);
    expect((await t.anonymous().get(base)).statusCode).toBe(401);
    const refused = await upload(user, csv);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatch(/Only organization administrators/);
    expect((await user.get(base)).statusCode).toBe(403);
    expect((await user.get(`${base}/template`)).statusCode).toBe(403);
    const other = `/api/o/${w.orgB.id}/user_bulk_uploads`;
    const hidden = await admin.post(other, Buffer.from(csv), { 'content-type': 'text/csv' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(w.orgB.name);
    expect((await admin.get(other)).statusCode).toBe(404);
  });
});

describe('user bulk upload: checks', () => {
  it('422 for an empty body, a form, a file that is not a sheet and a header without the columns', async () => {
    expect((await upload(admin, Buffer.alloc(0))).json().errors[0]).toMatch(/Please choose a file/);
    const binary = await upload(admin, Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]), 'x.csv');
    expect(binary.statusCode).toBe(422);
    expect(binary.json().errors.join(' ')).toMatch(/neither a CSV file nor an Excel workbook/);
    const header = await upload(admin, 'Name,Mail\nA,b@example.com');
    expect(header.statusCode).toBe(422);
    expect(header.json().errors.join(' ')).toMatch(/Missing: First Name, Last Name, Email, Username/);
    const badQuery = await admin.post(`${base}?file_name=${'x'.repeat(300)}`, Buffer.from('a'), {
      'content-type': 'text/csv',
    });
    expect(badQuery.statusCode).toBe(422);
  });

  it('refuses a column the template does not have, or one named twice, instead of dropping its values', async () => {
    const p = tag();
    const misspelt = await upload(
      admin,
      ['First Name,Last Name,Email,Username,Grups,Notes', `Ann,Lee,${p}.1@example.com,${p}.1,Nursing,x`].join('\n'),
    );
    expect(misspelt.statusCode).toBe(422);
    expect(misspelt.json().row_errors).toEqual([
      {
        row: 1,
        column: null,
        message:
          "'Grups', 'Notes' are not columns of the template (First Name, Last Name, Email, Username, Title, Admin, Policy Owner, Groups): rename or delete them.",
      },
    ]);
    const twice = await upload(
      admin,
      [`${HEADER},E-mail`, `Ann,Lee,${p}.1@example.com,${p}.1,,,,,${p}@example.org`].join('\n'),
    );
    expect(twice.json().row_errors).toEqual([
      { row: 1, column: null, message: 'The column Email is named twice in the first row: keep one.' },
    ]);
    expect(await countUsers(p)).toBe(0);
    // 'Group' for 'Groups' is understood.
    const singular = await upload(
      admin,
      ['First Name,Last Name,Email,Username,Group', `Ann,Lee,${p}.1@example.com,${p}.1,`].join('\n'),
    );
    expect(singular.statusCode, singular.body).toBe(200);
  });

  it('says a row has values past the last column (a comma not in quotes) rather than misreading its cells', async () => {
    const p = tag();
    const group = await createGroup(t.deps, w.orgA.id, [], `Wards ${p}`);
    const res = await upload(
      admin,
      [HEADER, `Ann,Lee,${p}.1@example.com,${p}.1,Nurse, RN,No,No,${group.name}`].join('\n'),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().row_errors).toEqual([
      {
        row: 2,
        column: null,
        message:
          'The row has values past the last named column (Groups). In a CSV file, a value holding a comma, such as "Nurse, RN", must be in double quotes.',
      },
    ]);
    const quoted = await upload(
      admin,
      [HEADER, `Ann,Lee,${p}.1@example.com,${p}.1,"Nurse, RN",No,No,${group.name}`].join('\n'),
    );
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(await countUsers(p)).toBe(1);
  });

  it('says what a username may start with as the sign-in rule has it: a letter, digit or underscore', async () => {
    const p = tag();
    const res = await upload(admin, [HEADER, `Ann,Lee,${p}.1@example.com,.${p},,,,`].join('\n'));
    expect(res.json().row_errors).toEqual([
      {
        row: 2,
        column: 'Username',
        message: `'.${p}' is not a valid username: start with a letter, digit or underscore, then use only letters, digits, dots, dashes, underscores, @ or apostrophes.`,
      },
    ]);
    const underscore = await upload(admin, [HEADER, `Ann,Lee,${p}.1@example.com,_${p}.1,,,,`].join('\n'));
    expect(underscore.statusCode, underscore.body).toBe(200);
  });

  it('a 1,000-row CSV with three bad rows reports exactly those three and imports nothing; fixed, it imports 1,000', async () => {
    const p = tag();
    const bad = new Map([
      [10, `Ann10,Lee,not-an-email,${p}.10,Nurse,No,No,`],
      [500, `,Lee,${p}.500@example.com,${p}.500,Nurse,No,No,`],
      [999, `Ann999,Lee,${p}.999@example.com,${p}.1,Nurse,No,No,`],
    ]);
    const res = await upload(admin, csvOf(p, 1000, bad), 'staff.csv');
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.row_errors).toEqual([
      { row: 11, column: 'Email', message: "'not-an-email' is not a valid e-mail address." },
      { row: 501, column: 'First Name', message: 'First Name is required.' },
      { row: 1000, column: 'Username', message: `'${p}.1' is also on row 2; each user may appear once.` },
    ]);
    expect(body.errors[0]).toBe('Nothing was imported: the file has 3 problems to fix.');
    expect(body.errors[1]).toBe("Row 11, Email: 'not-an-email' is not a valid e-mail address.");
    expect(body.upload).toMatchObject({ status: 'failed', file_name: 'staff.csv', failed: 3, succeeded: 0 });
    expect(await countUsers(p)).toBe(0);

    const fixed = await upload(admin, csvOf(p, 1000), 'staff.csv');
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().upload).toMatchObject({
      status: 'completed',
      total: 1000,
      succeeded: 1000,
      created: 1000,
      updated: 0,
    });
    expect(await countUsers(p)).toBe(1000);
    const [logs] = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(changeLogs)
        .where(
          and(eq(changeLogs.objectType, 'User'), eq(changeLogs.actionName, 'Create'), eq(changeLogs.orgId, w.orgA.id)),
        ),
    );
    expect(logs!.n).toBeGreaterThanOrEqual(1000);

    // The same file again: nobody is duplicated, nothing changes.
    const again = await upload(admin, csvOf(p, 1000), 'staff.csv');
    expect(again.json().upload).toMatchObject({ status: 'completed', created: 0, updated: 0 });
    expect(await countUsers(p)).toBe(1000);
  }, 60_000);

  it('keeps the first 500 problems of a file in the history and says how many it had in all', async () => {
    const p = tag();
    // 600 rows without an e-mail address: 600 problems.
    const bad = new Map(
      Array.from({ length: 600 }, (_, i) => [i + 1, `Ann${i},Lee,,${p}.${i + 1},Nurse,No,No,`] as const),
    );
    const res = await upload(admin, csvOf(p, 600, bad), 'no-emails.csv');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.at(-1)).toBe('…and 100 more problems.');
    expect(res.json().upload).toMatchObject({ status: 'failed', error_count: 600 });
    expect(res.json().upload.errors).toHaveLength(500);
    const history = (await admin.get(base)).json();
    const listed = history.user_bulk_uploads.find((u: { file_name: string }) => u.file_name === 'no-emails.csv');
    expect(listed).toMatchObject({ error_count: 600 });
    expect(listed.errors).toHaveLength(500);
  }, 60_000);

  it('updates an existing user matched by e-mail, adds groups, refuses unknown groups and taken usernames', async () => {
    const p = tag();
    const group = await createGroup(t.deps, w.orgA.id, [], `Nursing ${p}`);
    const existing = await createUser(t.deps, w.orgA.id, { username: `${p}.old`, email: `${p}.old@example.com` });
    const other = await createUser(t.deps, w.orgB.id, { username: `${p}.elsewhere` });
    const rows = [
      HEADER,
      `New,Title,${existing.email},${existing.username},Manager,Yes,yes,${group.name}`,
      `Fresh,User,${p}.fresh@example.com,${p}.fresh,,,,${group.name}`,
    ].join('\n');
    const res = await upload(admin, rows);
    expect(res.statusCode).toBe(200);
    expect(res.json().upload).toMatchObject({ created: 1, updated: 1 });
    const [after] = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(orgUsers).where(eq(orgUsers.id, existing.id)),
    );
    expect(after).toMatchObject({
      firstName: 'New',
      lastName: 'Title',
      title: 'Manager',
      isAdmin: true,
      isPolicyOwner: true,
    });
    const members = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(groupMemberships).where(eq(groupMemberships.groupId, group.id)),
    );
    expect(members).toHaveLength(2);
    const logs = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(userLogs).where(eq(userLogs.userId, existing.id)),
    );
    expect(logs.map((l) => l.action)).toContain('Updated by bulk upload');

    const refused = await upload(
      admin,
      [
        HEADER,
        `A,B,${p}.a@example.com,${p}.a,,,,No Such Group`,
        `C,D,${p}.c@example.com,${existing.username},,maybe,,`,
      ].join('\n'),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().row_errors).toEqual([
      {
        row: 2,
        column: 'Groups',
        message: "No group is named 'No Such Group'. Create the group first or correct its name.",
      },
      { row: 3, column: 'Admin', message: 'Admin must be Yes or No (or left empty for No).' },
    ]);
    const dupe = await upload(admin, [HEADER, `C,D,${p}.c@example.com,${existing.username},,,,`].join('\n'));
    expect(dupe.json().row_errors[0]).toMatchObject({ row: 2, column: 'Username' });

    // A username held in another organisation: found on insert, the whole file undone.
    const taken = await upload(
      admin,
      [HEADER, `E,F,${p}.e@example.com,${p}.e,,,,`, `G,H,${p}.g@example.com,${other.username},,,,`].join('\n'),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().row_errors).toEqual([
      { row: 3, column: 'Username', message: `The username '${other.username}' is already taken.` },
    ]);
    const undone = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select()
        .from(orgUsers)
        .where(eq(orgUsers.username, `${p}.e`)),
    );
    expect(undone).toHaveLength(0);
  });
});

describe('user bulk upload: XLSX, hostile files, history and template', () => {
  it('imports an XLSX (detected by content, whatever its name)', async () => {
    const p = tag();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow(['First Name', 'Last Name', 'Email', 'Username', 'Title', 'Admin', 'Policy Owner', 'Groups']);
    sheet.addRow(['Xia', 'Lo', `${p}.1@example.com`, `${p}.1`, 'Nurse', true, 'No', null]);
    sheet.addRow(['Yan', 'Mo', `${p}.2@example.com`, `${p}.2`, null, 'No', 'No', null]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await admin.post(`${base}?file_name=people.bin`, bytes, { 'content-type': 'application/octet-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.json().upload).toMatchObject({ created: 2, file_name: 'people.bin' });
    expect(await countUsers(p)).toBe(2);
  });

  it('refuses an XLSX zip bomb without harming the server', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const attack = upload(admin, docxDocumentBomb(120 * 1024 * 1024), 'bomb.xlsx');
    const health = await t.anonymous().get('/api/health');
    expect(health.statusCode).toBe(200);
    const res = await attack;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join(' ')).toMatch(/The file bomb.xlsx holds a part that expands to more than 64 MB/);
    expect((process.memoryUsage().heapUsed - heapBefore) / (1024 * 1024)).toBeLessThan(64);
  });

  it('refuses a body over the limit, declared or streamed, with a clear 413', async () => {
    const declared = await admin.post(base, Buffer.alloc(11 * 1024 * 1024, 0x61), { 'content-type': 'text/csv' });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().errors[0]).toMatch(/larger than 10 MB, the most a user upload may be/);
    // Streamed without a declared length: counted while read, cut at the limit (nothing near 1 GB is built).
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    const stream = new Readable({
      read() {
        sent += 1;
        this.push(sent > 1024 ? null : chunk);
      },
    });
    const streamed = await t.app.inject({
      method: 'POST',
      url: base,
      headers: {
        cookie: Object.entries(admin.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        'content-type': 'text/csv',
        'x-xsrf-token': admin.cookies['XSRF-TOKEN'] ?? '',
      },
      payload: stream,
    });
    expect(streamed.statusCode).toBe(413);
    expect(sent).toBeLessThan(64);
    expect((await t.anonymous().get('/api/health')).statusCode).toBe(200);
  });

  it('lists the history newest first and serves the template in both formats', async () => {
    const res = await admin.get(base);
    expect(res.statusCode).toBe(200);
    const list = res.json().user_bulk_uploads as Array<{ id: number; created_by_name: string }>;
    expect(list.length).toBeGreaterThan(3);
    expect(list.map((u) => u.id)).toEqual([...list.map((u) => u.id)].sort((a, b) => b - a));
    expect(list[0]!.created_by_name).toBe(w.adminA.name);
    const csv = await admin.get(`${base}/template?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('users-template.csv');
    expect(csv.body.split('\r\n')[0]).toBe(HEADER);
    const xlsx = await admin.get(`${base}/template?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await admin.get(`${base}/template?format=pdf`)).statusCode).toBe(422);
  });
});
