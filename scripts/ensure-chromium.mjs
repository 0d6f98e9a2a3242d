// Browser tests use Debian's Chromium, never a downloaded browser. Installs it when missing.
// The default is Debian's headless shell (the chromium-headless-shell package, built from the same
// Chromium source as the chromium package): it draws pages as the full browser does, without its
// windowing and extensions, and the browser tests took half the CPU in it (ADR 0028).
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
// The Debian package that provides the path asked for: the headless shell's binary, or the full
// browser's (/usr/bin/chromium); any other path is the person's own and is not installed for them.
const PACKAGES = {
  '/usr/bin/chromium-headless-shell': 'chromium-headless-shell',
  '/usr/bin/chromium': 'chromium',
};
const PACKAGE = PACKAGES[CHROMIUM];

export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (!PACKAGE) {
    process.stdout.write(`Chromium not found at ${CHROMIUM}, which no Debian package provides.\n`);
    return false;
  }
  process.stdout.write(`Chromium not found at ${CHROMIUM}; installing Debian's ${PACKAGE} package...\n`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (...args) =>
    run(asRoot[0] ?? 'apt-get', [...asRoot.slice(1), ...(asRoot.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if ((await apt('update', '-qq')) !== 0) return false;
  if ((await apt('install', '-y', '-qq', PACKAGE)) !== 0) return false;
  return existsSync(CHROMIUM);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await ensureChromium()) ? 0 : 1);
}
