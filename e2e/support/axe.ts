import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsFinished } from './animations';

/** Which part of the page axe looks at: CSS selectors of the parts (the whole page when none). */
interface AxeScope {
  readonly within?: readonly string[];
}

/**
 * axe's results for the page as it is drawn once its transitions and animations have ended: a
 * dialog or menu still fading in is drawn lighter than it is, and axe measured its dimmed text as
 * too faint on a busy machine (twice, in two specs that had not waited).
 */
async function analyse(page: Page, scope: AxeScope, rules?: readonly string[]) {
  await animationsFinished(page);
  let axe = new AxeBuilder({ page });
  for (const selector of scope.within ?? []) axe = axe.include(selector);
  if (rules) axe = axe.withRules([...rules]);
  return axe.analyze();
}

/** One rule's finding on one element (its axe target, as reported) left out; the caller says why. */
export interface AxeWaiver {
  readonly rule: string;
  readonly target: string;
}

/** Serious or critical accessibility violations (axe-core), each with where it is and why. */
export async function seriousViolations(
  page: Page,
  scope: AxeScope = {},
  waivers: readonly AxeWaiver[] = [],
): Promise<string[]> {
  const results = await analyse(page, scope);
  const waived = (rule: string, target: string) => waivers.some((w) => w.rule === rule && w.target === target);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !waived(v.id, n.target.join(' '))) }))
    .filter((v) => v.nodes.length > 0)
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`,
    );
}

/** Every element failing one axe rule (color-contrast, say), with its markup and why. */
export async function ruleFailures(page: Page, rule: string, scope: AxeScope = {}): Promise<string[]> {
  const results = await analyse(page, scope, [rule]);
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')} "${n.html}": ${n.failureSummary ?? ''}`),
  );
}
