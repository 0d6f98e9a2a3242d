import type { Page } from '@playwright/test';

interface PageAnimation {
  readonly finished: Promise<unknown>;
  readonly effect: { getComputedTiming(): { endTime?: number | string } } | null;
}

/**
 * Waits until the page's transitions and animations that end have ended (a spinner's endless one
 * is left out). axe measures colours as they are drawn, and a dialog still fading in is drawn
 * lighter than it is: its dimmed text was once reported as too faint on a busy machine.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const doc = (globalThis as unknown as { document: { getAnimations(): PageAnimation[] } }).document;
    const ending = doc.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}
