import type { Page } from '@playwright/test';

interface StorageLike {
  getItem(key: string): string | null;
}

/** Reads the page's localStorage or sessionStorage (the e2e code has no DOM types). */
export function readStorage(page: Page, kind: 'local' | 'session', key: string): Promise<string | null> {
  return page.evaluate(
    ([storage, name]) =>
      (globalThis as unknown as Record<string, StorageLike>)[`${storage}Storage`]?.getItem(name) ?? null,
    [kind, key] as const,
  );
}
