import { diffLines } from 'diff';
import type { DiffResult } from '../../modules/files/parser-jobs';
import type { ParserLimits } from '../../modules/files/parser-limits';

const lineCount = (text: string): number => {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
};

/**
 * Line differences of two texts. The line diff costs about lines × changed lines, so both are
 * bounded: too many lines are refused before diffing, and the diff gives up (returns nothing)
 * once it has looked for more changed lines than `diffMaxEditLength` or for longer than
 * `diffTimeoutMs`.
 */
export function lineDiff(from: string, to: string, limits: ParserLimits): DiffResult {
  if (from === to) return { ok: true, parts: [{ value: from, added: false, removed: false }] };
  if (lineCount(from) > limits.diffMaxLines || lineCount(to) > limits.diffMaxLines) {
    return { ok: false, reason: 'diff-too-long' };
  }
  const changes = diffLines(from, to, { maxEditLength: limits.diffMaxEditLength, timeout: limits.diffTimeoutMs });
  if (!changes) return { ok: false, reason: 'diff-too-different' };
  return { ok: true, parts: changes.map((p) => ({ value: p.value, added: !!p.added, removed: !!p.removed })) };
}
