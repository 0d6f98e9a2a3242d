import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('the Tasks link shows a two-digit count of open tasks whole, not cut to its first digit', async ({ page }) => {
  // Twelve open tasks is the count's answer here (a shared demo user's real count moves with the
  // other tests); only the navigation's count request, pages of ten, is answered.
  await page.route(
    (url) => /\/api\/o\/\d+\/tasks$/.test(url.pathname) && url.searchParams.get('per_page') === '10',
    (route) => route.fulfill({ json: { tasks: [], total: 12, page: 1, per_page: 10 } }),
  );
  await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  const badge = page
    .getByRole('navigation')
    .getByRole('link', { name: /^Tasks/ })
    .getByTestId('nav-badge');
  await expect(badge).toHaveText('12 open tasks');
  // Every digit is drawn: the number's text is no wider than the box that shows it (no ellipsis).
  const cut = await badge.evaluate((element) => {
    const digits = Array.from(element.querySelectorAll('*')).flatMap((node) =>
      Array.from(node.childNodes).filter(
        (child) => child.nodeType === Node.TEXT_NODE && /\d/.test(child.textContent ?? ''),
      ),
    )[0];
    if (!digits?.parentElement) return true;
    const range = document.createRange();
    range.selectNodeContents(digits);
    return range.getBoundingClientRect().width > digits.parentElement.getBoundingClientRect().width + 0.5;
  });
  expect(cut).toBe(false);
});
