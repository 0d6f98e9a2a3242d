// Browser tests use Debian's Chromium, never a downloaded browser. Installs it when missing.
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  process.stdout.write(`Chromium not found at ${CHROMIUM}; installing Debian's chromium package...\n`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (...args) =>
    run(asRoot[0] ?? 'apt-get', [...asRoot.slice(1), ...(asRoot.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if ((await apt('update', '-qq')) !== 0) return false;
  if ((await apt('install', '-y', '-qq', 'chromium')) !== 0) return false;
  return existsSync(CHROMIUM);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await ensureChromium()) ? 0 : 1);
}
