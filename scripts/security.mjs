// `npm run security`: the security suite of issue 17 on its own. Runs its test files with vitest
// (the server project, on PGlite), shows vitest's own report, and ends with a table: for each file
// its area, tests passed and failed, and the cases it tried and held as the tests themselves print
// them. Exits non-zero when any test failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bin } from './run.mjs';

/** The suite, file by file, with the attack each one answers for (docs/security.md). */
const SUITE = [
  ['cross-org route matrix', 'server/http/route-matrix.test.ts'],
  ['no 500 on any input', 'server/http/no-500.property.test.ts'],
  ['CSRF', 'server/http/csrf.test.ts'],
  ['database errors', 'server/http/database-errors.test.ts'],
  ['trusted proxies', 'server/http/trust-proxy.test.ts'],
  ['slow clients', 'server/http/slow-clients.test.ts'],
  ['response headers', 'server/http/response-headers.test.ts'],
  ['session rotation', 'server/modules/auth/session-rotation.test.ts'],
  ['remembered sessions', 'server/http/remembered-session.test.ts'],
  ['sign-in enumeration', 'server/modules/auth/sign-in-enumeration.test.ts'],
  ['an e-mail of several organisations', 'server/modules/auth/ambiguous-login.test.ts'],
  ['sign-in rate limits', 'server/modules/auth/rate-limit.test.ts'],
  ['session expiry and ending', 'server/modules/auth/session-actor.test.ts'],
  ['sign-in and sign-out', 'server/modules/auth/auth.test.ts'],
  ['staff permissions', 'server/http/staff-permissions.test.ts'],
  ...readdirSync('server/security')
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => [
      name.startsWith('permission-matrix') ? 'permission matrix' : name.replace(/\.test\.ts$/, '').replace(/-/g, ' '),
      `server/security/${name}`,
    ]),
  ['untrusted documents', 'server/modules/files/untrusted-files.test.ts'],
  ['upload permission', 'server/modules/files/upload-permission.test.ts'],
  ['linked P&P names in change logs', 'server/modules/pnps/related-change-logs.test.ts'],
  ['login-as openings are no reading', 'server/modules/read-acks/read-acks.login-as-opening.test.ts'],
  ['staff permissions not held', 'server/modules/hstm-users/staff-self-escalation.test.ts'],
  ['staff holding more', 'server/modules/hstm-users/staff-takeover.test.ts'],
  ['stale workflow actions', 'server/modules/pnps/workflow-stale-action.test.ts'],
  ["a stronger staff user's link in the outbox", 'server/modules/mail-outbox/staff-link-outranked.test.ts'],
  ['SAML sign-in bound to its browser', 'server/modules/sso/saml.test.ts'],
  ['set-password links of org users', 'server/modules/users/password-link-lifetime.test.ts'],
  ['set-password links of staff users', 'server/modules/hstm-users/staff-password-link-lifetime.test.ts'],
  ['an e-mail shared with a staff user', 'server/modules/auth/staff-shared-email.test.ts'],
  ['open sessions follow a new timeout', 'server/modules/hstm-orgs/org-timeout-sessions.test.ts'],
  ['sign-out closes its own visit', 'server/modules/auth/visitor-log-sign-out.test.ts'],
  ['stale participants and Reset to Parent', 'server/modules/containers/access-stale-and-reset.test.ts'],
  ['hidden names in the delete summary and the tree', 'server/modules/containers/containers-hidden-leaks.test.ts'],
  ['what the staff action log names', 'server/http/staff-action-log-targets.test.ts'],
  ['one unique value saved twice at once', 'server/http/duplicate-race.test.ts'],
];

const REPORT = '.tmp/security.json';
mkdirSync('.tmp', { recursive: true });
rmSync(REPORT, { force: true });

/** What the tests print, by file: `stdout | <file> > ...` heads the lines a test file logged. */
const printed = new Map();
let currentFile = null;
let pending = '';
const FILE_HEAD = /^(?:stdout|stderr) \| (\S+\.test\.ts)/;

function takeLine(line) {
  // eslint-disable-next-line no-control-regex -- colour codes of the terminal are removed
  const plain = line.replace(/\u001b\[[0-9;]*m/g, '');
  const head = FILE_HEAD.exec(plain);
  if (head) {
    currentFile = head[1];
    return;
  }
  if (!currentFile) return;
  if (/cases tried, \d[\d,]* held|\d+ routes, \d+ requests/.test(plain)) {
    const lines = printed.get(currentFile) ?? [];
    lines.push(plain.trim());
    printed.set(currentFile, lines);
  }
}

const files = SUITE.map(([, file]) => file);
const code = await new Promise((resolve) => {
  const child = spawn(
    bin('vitest'),
    ['run', '--project', 'server*', '--reporter=default', '--reporter=json', `--outputFile=${REPORT}`, ...files],
    { stdio: ['inherit', 'pipe', 'inherit'] },
  );
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    lines.forEach(takeLine);
  });
  child.on('exit', (exitCode, signal) => {
    if (pending) takeLine(pending);
    if (signal) process.stderr.write(`\nvitest was ended by ${signal} before it finished.\n`);
    resolve(signal ? 1 : (exitCode ?? 1));
  });
  child.on('error', (error) => {
    process.stderr.write(`vitest: ${error.message}\n`);
    resolve(1);
  });
});

/** Passed and failed tests of each file, from vitest's JSON report. */
const results = new Map();
if (!existsSync(REPORT)) process.stderr.write(`\nvitest wrote no report (${REPORT}): every file counts as failed.\n`);
else {
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name).split(path.sep).join('/');
    const tests = file.assertionResults ?? [];
    results.set(name, {
      passed: tests.filter((t) => t.status === 'passed').length,
      // A file that could not run at all (a failed hook, an import error) counts as one failure.
      failed:
        tests.filter((t) => t.status === 'failed').length +
        (file.status === 'failed' && tests.every((t) => t.status !== 'failed') ? 1 : 0),
    });
  }
}

const number = (text) => Number(text.replace(/,/g, ''));

/**
 * Cases tried and held, summed over the lines a file printed. The no-500 walk prints requests:
 * each request is a case, held when the file passed (one 500 fails it).
 */
function casesOf(file, failed) {
  let tried = 0;
  let held = 0;
  for (const line of printed.get(file) ?? []) {
    const cases = /(\d[\d,]*) cases tried, (\d[\d,]*) held/.exec(line);
    if (cases) {
      tried += number(cases[1]);
      held += number(cases[2]);
      continue;
    }
    const walk = /(\d+) routes, (\d+) requests/.exec(line);
    if (walk) {
      tried += number(walk[2]);
      held += failed === 0 ? number(walk[2]) : 0;
    }
  }
  return tried === 0
    ? { tried: '', held: '' }
    : { tried: tried.toLocaleString('en-US'), held: held.toLocaleString('en-US') };
}

const rows = SUITE.map(([area, file]) => {
  const result = results.get(file) ?? { passed: 0, failed: 1 };
  return { area, file, ...result, ...casesOf(file, result.failed) };
});

const figures = [...printed.entries()].flatMap(([file, lines]) => lines.map((line) => `  ${file}: ${line}`));
process.stdout.write(`\n=== What the tests printed ===\n${figures.join('\n')}\n`);

const headings = ['area', 'file', 'passed', 'failed', 'cases tried', 'held'];
const table = [headings, ...rows.map((r) => [r.area, r.file, r.passed, r.failed, r.tried, r.held].map(String))];
const widths = headings.map((_, i) => Math.max(...table.map((row) => row[i].length)));
const format = (row) => row.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
process.stdout.write(`\n=== Security suite ===\n${format(table[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
for (const row of table.slice(1)) process.stdout.write(`${format(row)}\n`);

const passed = rows.reduce((sum, r) => sum + r.passed, 0);
const failed = rows.reduce((sum, r) => sum + r.failed, 0);
const tried = rows.reduce((sum, r) => sum + (r.tried ? number(r.tried) : 0), 0);
const held = rows.reduce((sum, r) => sum + (r.held ? number(r.held) : 0), 0);
process.stdout.write(
  `\n${rows.length} files: ${passed} tests passed, ${failed} failed; ${tried.toLocaleString('en-US')} cases tried, ${held.toLocaleString('en-US')} held\n`,
);
process.exit(failed > 0 || code !== 0 ? 1 : 0);
