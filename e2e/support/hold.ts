import type { Page } from '@playwright/test';

/**
 * Holds the answers to the requests that `match` picks until the returned function is called: a
 * test looks at what the screen shows while the answer is on its way ('Loading Records...', a busy
 * table, never the previous answer's rows), then lets it through.
 */
export async function holdAnswers(page: Page, match: (url: URL) => boolean): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(match, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
