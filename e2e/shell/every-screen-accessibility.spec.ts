import type { Page } from '@playwright/test';
import { stripVTControlCharacters } from 'node:util';
import type { VisitorLogList } from '../../shared/api/hstm-org-users';
import type { StaffUserList, StaffUserResponse } from '../../shared/api/hstm-users';
import type { MailOutboxList, MailOutboxMessage } from '../../shared/api/notifications';
import type { ReadAckResponse } from '../../shared/api/read-acks';
import type { ReportPage } from '../../shared/api/reporting';
import type { TemplateList } from '../../shared/api/templates';
import type { UserGroupList } from '../../shared/api/user-groups';
import type { UserResponse } from '../../shared/api/users';
import { Messages } from '../../shared/domain/messages';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DEMO_TENANT, DemoUsers } from '../support/users';

/**
 * Every screen of the web router, checked with axe-core: the paths come from the router's own route
 * table (web/app/route-table/screen-paths.ts), so a new screen is walked here without anyone
 * adding it. Each path pattern's parameters are filled with real records of the demo organisation,
 * found through the API or made for the test; a pattern that cannot be filled fails the test with
 * its name. One sign-in per group of screens; each group reports every screen's violations at once.
 */

/**
 * The route table is web code, type-checked by web/tsconfig.json and left out of this project's
 * (tsconfig.json), so it is loaded when the tests run rather than imported: Playwright compiles it
 * as it compiles this file. It holds the routes' loaders and lazy pages, never running them.
 */
const ROUTE_TABLE = '../../web/app/route-table/screen-paths';

async function routerScreens(): Promise<string[]> {
  const table = (await import(ROUTE_TABLE)) as { screenPaths: () => string[] };
  return table.screenPaths();
}

/** Screens not walked, each with the reason. Everything else the router draws is checked. */
const EXCLUDED: Readonly<Record<string, string>> = {
  // Not a screen: it asks the server for a one-time link and follows it at once, then trades the
  // link for the org user's session and leaves for their library (ending the staff session).
  '/hstm/login_as/:userId/:userName': 'redirects at once to a session as another user',
};

/**
 * react-arborist's trees (the manage screen's and the library's) scroll inside an inner list element
 * that takes no focus of its own, which axe reports once the tree is long enough to scroll (as it is
 * when other tests have made many binders). The tree itself (role=tree) takes focus, and its arrow
 * keys move to a row and scroll it into view, so a keyboard user reaches and scrolls every row: the
 * rule's concern is met by the widget. That element and that rule only.
 */
const WAIVERS = [{ rule: 'scrollable-region-focusable', target: 'div[role="tree"] > div' }] as const;

/** Which sign-in walks a screen: its area of spec §2. */
type Group = 'signed out' | 'P&P' | 'organisation' | 'staff';

function groupOf(path: string): Group {
  if (path.startsWith('/hstm/')) return 'staff';
  if (path.startsWith('/orgs/:orgId/pnps')) return 'P&P';
  if (path.startsWith('/orgs/') || path.startsWith('/self/')) return 'organisation';
  return 'signed out';
}

async function screensOf(group: Group): Promise<string[]> {
  return (await routerScreens()).filter((path) => !(path in EXCLUDED) && groupOf(path) === group);
}

/** A parameter's value for the paths that start with `under` (the longest such prefix wins). */
interface Ids {
  readonly under: string;
  readonly ids: Readonly<Record<string, string | number>>;
}

/** The path with its parameters filled, or why it cannot be. */
function fill(pattern: string, known: readonly Ids[]): { path: string } | { problem: string } {
  const scope = known.filter((k) => pattern.startsWith(k.under)).sort((a, b) => b.under.length - a.under.length)[0];
  const missing: string[] = [];
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = scope?.ids[name];
    if (value === undefined) missing.push(`:${name}`);
    return encodeURIComponent(String(value));
  });
  return missing.length ? { problem: `no value for ${missing.join(', ')}` } : { path };
}

/**
 * The screen's own level-1 heading: a document shown in the page (role=document) may hold headings
 * of its own (a DOCX's Heading 1 is an h1 in its preview), drawn once the document has come.
 */
const screenHeading = (page: Page) =>
  page.getByRole('heading', { level: 1 }).and(page.locator(':not([role="document"] *)'));

/**
 * The screen has drawn itself: its heading is shown and nothing is loading any more (the loading
 * indicator, a busy region, the loading bar of requests in flight); it is still the screen asked
 * for (a guard or a missing record did not send the reader elsewhere).
 */
async function screenShown(page: Page, path: string): Promise<void> {
  await expect(screenHeading(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: Messages.loadingTitle })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="global-loading-bar"][data-active]')).toHaveCount(0);
  expect(new URL(page.url()).pathname, 'the screen opened, not another').toBe(path);
}

/** The first lines of a failed expectation (what was awaited and what was found), in one line. */
const summary = (error: unknown): string =>
  stripVTControlCharacters(String(error))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 5)
    .join(' | ');

/** Opens each screen of `patterns` and returns its serious or critical violations and failures. */
async function walk(page: Page, patterns: readonly string[], known: readonly Ids[]): Promise<string[]> {
  // Each screen: a page load, its requests and an axe analysis (2-10 s on a busy 2-core machine).
  test.setTimeout(60_000 + patterns.length * 30_000);
  expect(patterns.length, 'the router has screens in this group').toBeGreaterThan(0);
  const failures: string[] = [];
  for (const pattern of patterns) {
    const filled = fill(pattern, known);
    if ('problem' in filled) {
      failures.push(`${pattern}: ${filled.problem}`);
      continue;
    }
    try {
      await page.goto(filled.path);
      await screenShown(page, filled.path);
      for (const violation of await seriousViolations(page, {}, WAIVERS)) failures.push(`${pattern}: ${violation}`);
    } catch (error) {
      failures.push(`${pattern} (${filled.path}): ${summary(error)}`);
    }
  }
  return failures;
}

/** The set-password link of the newest e-mail to `email` in the outbox (staff read it). */
async function linkToken(staff: TenetApi, email: string, route: string): Promise<string> {
  const listed = await staff.get<MailOutboxList>(`hstm/mail_outbox?search=${encodeURIComponent(email)}`);
  const mail = listed.mail_outbox.find((m) => m.to === email);
  if (!mail) throw new Error(`No e-mail to ${email} in the outbox.`);
  const message = await staff.get<MailOutboxMessage>(`hstm/mail_outbox/${mail.id}`);
  const token = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(message.body_text)?.[1];
  if (!token) throw new Error(`The e-mail to ${email} carries no ${route} link.`);
  return token;
}

/** The first id of a list the API answered, or a loud failure naming what was looked for. */
function first<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`No ${what} was found through the API.`);
  return item;
}

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.use({ actionTimeout: 15_000 });

test.describe('every screen of the router has no serious or critical accessibility violation (axe-core)', () => {
  test('the route table has screens, and every exclusion is one of them', async () => {
    const screens = await routerScreens();
    expect(screens.length).toBeGreaterThan(50);
    expect(Object.keys(EXCLUDED).filter((path) => !screens.includes(path))).toEqual([]);
  });

  test('the screens before sign-in: sign-in, tenant sign-in, set-password links, errors', async ({
    page,
    data,
    baseURL,
  }) => {
    const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
    // A new person's welcome e-mail and a new staff user's carry the set-password links.
    const username = `e2e.screens.${data.word}`;
    let userId: number | undefined;
    let staffUserId: number | undefined;
    try {
      const { user } = await data.api.post<UserResponse>(data.o('users'), {
        user: { first_name: 'Axel', last_name: data.name('Screens'), email: `${username}@example.com`, username },
      });
      userId = user.id;
      await data.api.post(data.o(`users/${user.id}/send_welcome_email`), { user_id: user.id });
      const { user: staffUser } = await staff.post<StaffUserResponse>('hstm/hstm_users', {
        user: {
          name: data.name('Screens Staff'),
          email: `${username}.staff@example.com`,
          username: `${username}.staff`,
          permissions: '',
        },
      });
      staffUserId = staffUser.id;
      const known: Ids[] = [
        { under: '/t/', ids: { tenant: DEMO_TENANT } },
        { under: '/set_password/', ids: { token: await linkToken(staff, `${username}@example.com`, 'set_password') } },
        {
          under: '/staff_set_password/',
          ids: { token: await linkToken(staff, `${username}.staff@example.com`, 'staff_set_password') },
        },
        { under: '/error/', ids: { error: 404 } },
      ];
      expect(await walk(page, await screensOf('signed out'), known)).toEqual([]);
    } finally {
      if (userId) await data.api.delete(data.o(`users/${userId}`)).catch(() => undefined);
      if (staffUserId) await staff.delete(`hstm/hstm_users/${staffUserId}`).catch(() => undefined);
      await staff.dispose();
    }
  });

  /** A published P&P of the test's own binder, with an open read acknowledgement for the nurse. */
  async function publishedWithReadAck(data: TestData) {
    const binder = await data.binder('Every Screen', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
    const pnp = await data.pnp({ containerId: binder.id, name: data.name('Screen Walk'), publish: true });
    const { read_acknowledgement: ack } = await data.api.post<ReadAckResponse>(
      data.o(`pnps/${pnp.id}/read_acknowledgements`),
      {
        read_acknowledgement: {
          name: data.name('Screen Walk Read'),
          due_date: inDays(20),
          user_ids: [await data.userId(DemoUsers.nurse)],
          group_ids: [],
        },
      },
    );
    return { binder, pnp, ack };
  }

  test('the library and P&P screens, as the org admin', async ({ page, data }) => {
    const { binder, pnp, ack } = await publishedWithReadAck(data);
    const known: Ids[] = [
      {
        under: '/orgs/:orgId/',
        ids: {
          orgId: data.orgId,
          pnpId: pnp.id,
          versionId: pnp.documentId,
          pnpDocumentId: pnp.documentId,
          containerId: binder.id,
          readAckId: ack.id,
        },
      },
    ];
    await signIn(page, DemoUsers.admin);
    expect(await walk(page, await screensOf('P&P'), known)).toEqual([]);
  });

  test('the other organisation screens (work, templates, users, groups, reports, preferences), as the org admin', async ({
    page,
    data,
  }) => {
    const template = first((await data.api.get<TemplateList>(data.o('pnp_templates'))).templates, 'template');
    const group = first((await data.api.get<UserGroupList>(data.o('user_groups'))).user_groups, 'user group');
    const readAck = first(
      (await data.api.get<ReportPage>(data.o('reporting/read_acknowledgements'))).rows,
      'read acknowledgement',
    );
    const known: Ids[] = [
      {
        under: '/orgs/:orgId/',
        ids: {
          orgId: data.orgId,
          templateId: template.id,
          groupId: group.id,
          userId: await data.userId(DemoUsers.nurse),
          readAcknowledgementId: String(readAck.id),
        },
      },
    ];
    await signIn(page, DemoUsers.admin);
    expect(await walk(page, await screensOf('organisation'), known)).toEqual([]);
  });

  test('the staff screens, as provider staff', async ({ page, data, baseURL }) => {
    const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
    try {
      const self = first(
        (await staff.get<StaffUserList>(`hstm/hstm_users?search=${DemoUsers.staff.login}`)).hstm_users.filter(
          (u) => u.username === DemoUsers.staff.login,
        ),
        `staff user '${DemoUsers.staff.login}'`,
      );
      const noraId = await data.userId(DemoUsers.nurse);
      const visits = await staff.get<VisitorLogList>(`hstm/users/${noraId}/visitor_logs?orgId=${data.orgId}`);
      const known: Ids[] = [
        { under: '/hstm/hstm_users/', ids: { userId: self.id } },
        {
          under: '/hstm/orgs/',
          ids: {
            orgId: data.orgId,
            userId: noraId,
            visitorLogId: first(visits.visitor_logs, 'sign-in (visitor log) of the nurse').id,
          },
        },
      ];
      await signIn(page, DemoUsers.staff);
      expect(await walk(page, await screensOf('staff'), known)).toEqual([]);
    } finally {
      await staff.dispose();
    }
  });
});
