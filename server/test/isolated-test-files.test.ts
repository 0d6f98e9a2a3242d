import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TEST_FILES } from './isolated-test-files';

/** Every `*.test.ts` under `dir`, as paths from the project's root. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(at);
    return entry.name.endsWith('.test.ts') ? [at.split(path.sep).join('/')] : [];
  });
}

// A file that replaces a module while sharing its worker's modules would either find the real
// module already loaded (its replacement silently unused) or leave its replacement to the files
// after it.
const REPLACES_A_MODULE = /\bvi\s*\.\s*(?:do)?[mM]ock\s*\(/;

describe('server test files that replace a module', () => {
  it('run apart, each on a fresh module graph (and only those)', () => {
    const replacing = testFiles('server')
      .filter((file) => REPLACES_A_MODULE.test(readFileSync(file, 'utf8')))
      .sort();
    expect(replacing).toEqual([...ISOLATED_TEST_FILES].sort());
  });
});
