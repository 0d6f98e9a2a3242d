/**
 * Server test files that replace a module (`vi.mock`): they run in a project of their own, each on
 * a fresh module graph. Every other server test file shares its worker's modules with the files
 * run before it (vitest.config.ts), since importing the whole application afresh for each file was
 * a third of the server tests' time. `isolated-test-files.test.ts` keeps this list true.
 */
export const ISOLATED_TEST_FILES: readonly string[] = ['server/modules/auth/sign-in-enumeration.test.ts'];
