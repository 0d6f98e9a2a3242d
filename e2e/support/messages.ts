import type { Locator, Page } from '@playwright/test';

/** An in-page alert or a toast carrying exactly this text. */
export function alertWithText(page: Page, text: string): Locator {
  return page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });
}

export function toastWithText(page: Page, text: string): Locator {
  return page.getByTestId('toast').filter({ hasText: text });
}
