import { expect, type Page } from '@playwright/test';
import { policyFile } from '../support/documents';

/** Real documents made for the test: a DOCX (docx) and a PDF (pdf-lib) with the given text. */
export const docx = async (title: string, paragraphs: string[]): Promise<Buffer> =>
  (await policyFile(title, paragraphs, 'docx')).buffer;
export const pdf = async (title: string, paragraphs: string[]): Promise<Buffer> =>
  (await policyFile(title, paragraphs, 'pdf')).buffer;

export { openAs } from '../support/auth';

/** Runs a workflow action through its button and confirmation. */
export async function clickAction(page: Page, button: string, confirmLabel = button): Promise<void> {
  await page.getByTestId('workflow-actions').getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirmLabel, exact: true }).click();
}

export async function expectStage(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('stage-text')).toHaveText(text);
}
