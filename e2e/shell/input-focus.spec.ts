import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs, signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

interface FocusRing {
  /** Width in px of the focus outline, or of the spread of a box-shadow ring. */
  readonly width: number;
  /** Its colour, as the browser computes it ('rgb(r, g, b)'). */
  readonly colour: string;
}

/**
 * The focus ring drawn around the focused element: on the element itself or, for fields whose
 * text box sits inside a framed box (a password with its eye button), on that frame.
 */
async function focusRingOf(field: Locator): Promise<FocusRing | null> {
  return field.evaluate((element) => {
    let node: Element | null = element;
    for (let depth = 0; node && depth < 3; depth += 1, node = node.parentElement) {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
      if (outline > 0) return { width: outline, colour: style.outlineColor };
      // A ring drawn as a box-shadow: 'rgb(r, g, b) 0px 0px 0px 2px' (colour, x, y, blur, spread).
      const shadow = /^(rgba?\([^)]*\)) 0px 0px 0px (\d+(?:\.\d+)?)px/.exec(style.boxShadow);
      if (shadow?.[1] && shadow[2]) return { width: parseFloat(shadow[2]), colour: shadow[1] };
    }
    return null;
  });
}

/** The ring of whatever has the focus, which must be a button or a link (as a keyboard user sees it). */
async function buttonRing(page: Page): Promise<FocusRing> {
  const focused = page.getByRole('button').or(page.getByRole('link')).and(page.locator(':focus'));
  await expect(focused).toHaveCount(1);
  const ring = await focusRingOf(focused);
  expect(ring, 'a focused button shows a ring').not.toBeNull();
  return ring as FocusRing;
}

/** WCAG contrast ratio of two 'rgb(r, g, b)' colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string): number => {
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

async function expectRingLikeButtons(field: Locator, buttons: FocusRing): Promise<void> {
  await expect(field).toBeFocused();
  const ring = await focusRingOf(field);
  expect(ring, 'a focused field shows a ring').not.toBeNull();
  expect(ring?.width).toBeGreaterThanOrEqual(2);
  expect(ring?.colour).toBe(buttons.colour);
  // Against the white of the field and of the page or dialog around it (WCAG 1.4.11: 3:1).
  expect(contrast(ring?.colour ?? '', 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);
}

// WCAG 2.1 AA 2.4.7: a field with the keyboard's focus shows it as clearly as a button does (a 2 px
// ring in the theme's focus colour), not by a 1 px border changing shade.
test.describe('focus on fields', () => {
  test('text boxes and dropdowns on a list screen show a focus ring like the buttons', async ({ page }) => {
    await openAs(page, DemoUsers.admin, '/orgs/:org/users');
    const filters = page.getByRole('search', { name: 'User filters', exact: true });
    await expect(page.getByRole('table', { name: 'Users', exact: true })).toBeVisible();
    const search = filters.getByRole('textbox', { name: 'Search', exact: true });
    await search.click();
    // Back to the last of the buttons above the filters, then forward again with the keyboard.
    await page.keyboard.press('Shift+Tab');
    const buttons = await buttonRing(page);
    await page.keyboard.press('Tab');
    await expectRingLikeButtons(search, buttons);
    await page.keyboard.press('Tab');
    await expectRingLikeButtons(filters.getByLabel('Created From', { exact: true }), buttons);
  });

  test('a password, a text area and a date field show a focus ring like the buttons', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username or email').click();
    await page.keyboard.press('Tab');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeFocused();
    const passwordRing = await focusRingOf(password);
    // On from the password to the next control, a button or link.
    await page.keyboard.press('Tab');
    const buttons = await buttonRing(page);
    expect(passwordRing, 'a focused password shows a ring').not.toBeNull();
    expect(passwordRing?.width).toBeGreaterThanOrEqual(2);
    expect(passwordRing?.colour).toBe(buttons.colour);

    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await page.getByRole('button', { name: 'New message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New system message', exact: true });
    const message = dialog.getByRole('textbox', { name: 'Message', exact: true });
    await message.click();
    await expectRingLikeButtons(message, buttons);
    const start = dialog.getByRole('textbox', { name: 'Start date (UTC)', exact: true });
    await start.click();
    await expectRingLikeButtons(start, buttons);
  });
});
