import type { Request } from '@playwright/test';
import type { ContainerLevels } from '../../shared/api/containers';
import { expect, test } from '../support/fixtures';
import { childrenOnScreen, expand, openManage, row, TALL_VIEWPORT } from './manage-helpers';

// The manage tree loads the binders alone first (closed), and the rest of the tree as binders and
// folders are opened: a large organisation's screen draws at once.
test.use({ viewport: TALL_VIEWPORT });

/** A GET of the containers' levels: its depth and parent_id (null: the first answer, the top levels). */
const levelAsked = (request: Request): { depth: string | null; parentId: string | null } | null => {
  const url = new URL(request.url());
  if (request.method() !== 'GET' || !url.pathname.endsWith('/containers') || !url.searchParams.has('depth'))
    return null;
  return { depth: url.searchParams.get('depth'), parentId: url.searchParams.get('parent_id') };
};

test('the binders come first and closed; opening one loads its folders, opening a folder loads its children', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Lazy');
  const folder = await data.folder(binder.id, 'Lazy Folder');
  const inner = await data.folder(folder.id, 'Lazy Inner');
  const pnp = await data.pnp({ containerId: inner.id, name: data.name('Deep Policy') });
  const empty = await data.binder('Lazy Empty');

  const asked: Array<{ depth: string | null; parentId: string | null }> = [];
  page.on('request', (r) => {
    const level = levelAsked(r);
    if (level) asked.push(level);
  });
  // The first answer is the binders alone (depth=1), none of their folders.
  const first = page.waitForResponse((r) => {
    const level = levelAsked(r.request());
    return level !== null && level.parentId === null;
  });
  await openManage(page);
  const firstAnswer = await first;
  expect(levelAsked(firstAnswer.request())?.depth).toBe('1');
  const firstItems = ((await firstAnswer.json()) as ContainerLevels).items;
  expect(firstItems.find((i) => i.item_type === 1 && i.id === binder.id)?.has_children).toBe(true);
  expect(firstItems.find((i) => i.item_type === 1 && i.id === empty.id)?.has_children).toBe(false);
  expect(firstItems.some((i) => i.item_type !== 1)).toBe(false);
  expect(firstItems.map((i) => i.name)).not.toContain(folder.name);

  // The binder is shown closed, its folder nowhere.
  const binderRow = row(page, binder.name);
  await expect(binderRow).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, folder.name)).toHaveCount(0);

  // A binder known to hold nothing asks nothing when it opens.
  await expand(page, empty.name);

  // Opening the binder asks for its children alone: the binder is busy until they come, then shows
  // its folder one level down (the answer is held until the busy binder has been seen).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.searchParams.get('parent_id') === String(binder.id),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const ofBinder = page.waitForResponse((r) => levelAsked(r.request())?.parentId === String(binder.id));
  await expand(page, binder.name);
  await expect(binderRow).toHaveAttribute('aria-busy', 'true');
  release();
  const binderAnswer = await ofBinder;
  expect(binderAnswer.status()).toBe(200);
  expect(levelAsked(binderAnswer.request())?.depth).toBe('1');
  await expect(row(page, folder.name)).toHaveAttribute('aria-level', '2');
  await expect.poll(() => childrenOnScreen(page, binder.name)).toEqual([folder.name]);
  await expect(binderRow).not.toHaveAttribute('aria-busy', 'true');
  await expect(row(page, inner.name)).toHaveCount(0);

  // Opening the folder asks for its children alone, then shows them one level down.
  const ofFolder = page.waitForResponse((r) => levelAsked(r.request())?.parentId === String(folder.id));
  await expand(page, folder.name);
  expect((await ofFolder).status()).toBe(200);
  await expect(row(page, inner.name)).toHaveAttribute('aria-level', '3');
  await expect.poll(() => childrenOnScreen(page, folder.name)).toEqual([inner.name]);

  await expand(page, inner.name);
  await expect(row(page, pnp.name)).toHaveAttribute('aria-level', '4');
  await expect(row(page, inner.name)).not.toHaveAttribute('aria-busy', 'true');

  // Every level was asked one at a time, and the empty binder not at all.
  expect(asked.every((a) => a.depth === '1')).toBe(true);
  expect(asked.some((a) => a.parentId === String(empty.id))).toBe(false);
});
