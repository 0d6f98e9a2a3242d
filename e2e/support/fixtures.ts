import { test as base } from '@playwright/test';
import { TestData } from './test-data';

/**
 * Playwright's test with `data`: the test's own binders, folders and P&Ps, made through the API
 * and cleaned up after it (see TestData).
 */
export const test = base.extend<{ data: TestData }>({
  data: async ({ baseURL }, use, testInfo) => {
    if (!baseURL) throw new Error('playwright.config.ts sets no baseURL.');
    const data = await TestData.create(baseURL, testInfo);
    await use(data);
    await data.cleanUp();
  },
});

export { expect } from '@playwright/test';
