import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { TenetApi } from '../support/api';
import { policyFile } from '../support/documents';
import type { DemoUser } from '../support/users';

/** Real documents made for the test: a DOCX (docx) and a PDF (pdf-lib) with the given text. */
export const docx = async (title: string, paragraphs: string[]): Promise<Buffer> =>
  (await policyFile(title, paragraphs, 'docx')).buffer;
export const pdf = async (title: string, paragraphs: string[]): Promise<Buffer> =>
  (await policyFile(title, paragraphs, 'pdf')).buffer;

/** Signs in through the API with the page's cookies and opens a path. */
export async function openAs(page: Page, user: DemoUser, path: string): Promise<number> {
  await page.context().clearCookies();
  const api = new TenetApi(page.request);
  const session = await api.signIn(user);
  await page.goto(path.replace(':org', String(session.org?.id)));
  return session.org?.id ?? 0;
}

/** Runs a workflow action through its button and confirmation. */
export async function clickAction(page: Page, button: string, confirmLabel = button): Promise<void> {
  await page.getByTestId('workflow-actions').getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirmLabel, exact: true }).click();
}

export async function expectStage(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('stage-text')).toHaveText(text);
}

/** Serious or critical accessibility violations on the page (axe-core). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`);
}
