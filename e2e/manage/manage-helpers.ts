import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { DemoUsers, type DemoUser } from '../support/users';

/** The manage screen is tall enough that the tree's virtual rows hold every binder the tests make. */
export const TALL_VIEWPORT = { width: 1280, height: 1400 } as const;

/** The tree row of exactly this name. */
export const row = (page: Page, name: string): Locator => page.getByRole('treeitem', { name, exact: true });

/** The details panel of the selected node (the one with the Participants tab). */
export const panel = (page: Page): Locator =>
  page.getByRole('region').filter({ has: page.getByRole('tab', { name: 'Participants', exact: true }) });

/** Signs in (the org admin unless told) and opens the manage screen with its tree. */
export async function openManage(page: Page, user: DemoUser = DemoUsers.admin): Promise<number> {
  const session = await signIn(page, user);
  const orgId = session.org?.id ?? 0;
  await page.goto(`/orgs/${orgId}/manage`);
  await expect(page.getByRole('tree', { name: 'Binders, folders and P&Ps', exact: true })).toBeVisible();
  return orgId;
}

/** Opens a binder or folder of the tree (by mouse and Space, as a user does), if it is closed. */
export async function expand(page: Page, name: string): Promise<void> {
  const item = row(page, name);
  if ((await item.getAttribute('aria-expanded')) !== 'true') {
    await item.click();
    await page.keyboard.press('Space');
  }
  await expect(item).toHaveAttribute('aria-expanded', 'true');
}

/** The part of the DOM read below (the e2e code has no DOM types). */
interface DocumentLike {
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
}

/**
 * The names of the rows shown right below a binder or folder, one level down: what the user sees
 * inside it on the screen (the rows are in screen order).
 */
export async function childrenOnScreen(page: Page, parent: string): Promise<string[]> {
  // One read of the whole tree, so that a re-render between rows cannot mix two states.
  const rows = await page.evaluate(() => {
    const { document } = globalThis as unknown as { document: DocumentLike };
    return Array.from(document.querySelectorAll('[role="treeitem"]'), (item) => ({
      name: item.getAttribute('aria-label') ?? '',
      level: Number(item.getAttribute('aria-level') ?? 0),
    }));
  });
  const at = rows.findIndex((r) => r.name === parent);
  if (at < 0) return [];
  const children: string[] = [];
  for (const r of rows.slice(at + 1)) {
    if (r.level <= (rows[at]?.level ?? 0)) break;
    if (r.level === (rows[at]?.level ?? 0) + 1) children.push(r.name);
  }
  return children;
}
