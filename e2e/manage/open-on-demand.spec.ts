import { expect, test } from '../support/fixtures';
import { childrenOnScreen, expand, openManage, row, TALL_VIEWPORT } from './manage-helpers';

// The manage tree loads binders and their children first, and the rest of the tree as folders are
// opened: a large organisation's screen draws at once.
test.use({ viewport: TALL_VIEWPORT });

test('opening a folder loads its children and shows them below it', async ({ page, data }) => {
  const binder = await data.binder('Lazy');
  const folder = await data.folder(binder.id, 'Lazy Folder');
  const inner = await data.folder(folder.id, 'Lazy Inner');
  const pnp = await data.pnp({ containerId: inner.id, name: data.name('Deep Policy') });

  // The first answer is binders and their children, nothing deeper.
  const first = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/containers\?(.*&)?depth=2/.test(r.url()),
  );
  await openManage(page);
  const firstBody = await (await first).text();
  expect(firstBody).toContain(folder.name);
  expect(firstBody).not.toContain(inner.name);
  await expect(row(page, binder.name)).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => childrenOnScreen(page, binder.name)).toEqual([folder.name]);
  await expect(row(page, inner.name)).toHaveCount(0);

  // Opening the folder asks for its children alone, then shows them one level down.
  const children = page.waitForResponse(
    (r) => r.request().method() === 'GET' && r.url().includes(`parent_id=${folder.id}`),
  );
  await expand(page, folder.name);
  expect((await children).status()).toBe(200);
  await expect(row(page, inner.name)).toHaveAttribute('aria-level', '3');
  await expect.poll(() => childrenOnScreen(page, folder.name)).toEqual([inner.name]);

  await expand(page, inner.name);
  await expect(row(page, pnp.name)).toHaveAttribute('aria-level', '4');
  await expect(row(page, inner.name)).not.toHaveAttribute('aria-busy', 'true');
});
