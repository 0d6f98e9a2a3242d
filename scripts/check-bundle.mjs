#!/usr/bin/env node
// Budget of issue 3: the login route's initial JavaScript (the entry chunk and every chunk it
// imports statically, transitively) must stay at or under 300 KB gzipped. Reads Vite's manifest.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ?? 'web/dist';
const budgetKb = Number(process.env.LOGIN_JS_BUDGET_KB ?? 300);
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`check-bundle: ${manifestPath} is missing; build the web first (npm run build:web).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`check-bundle: expected one entry in the manifest, found ${entries.length}.`);
  process.exit(1);
}

// The login screen is part of the entry (web/app/router.tsx imports it statically); follow the
// static imports only: dynamic imports load later, by route.
const seen = new Set();
const files = [];
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check-bundle: manifest has no chunk ${key}`);
  if (chunk.file.endsWith('.js')) files.push(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entries[0][0]);

let totalGzip = 0;
let totalRaw = 0;
const rows = files.map((file) => {
  const content = readFileSync(join(dist, file));
  const gz = gzipSync(content, { level: 9 }).length;
  totalGzip += gz;
  totalRaw += content.length;
  return { file, kb: gz / 1024 };
});
rows.sort((a, b) => b.kb - a.kb);
for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(7)} KB gz  ${row.file}`);
const totalKb = totalGzip / 1024;
console.log(
  `check-bundle: login route initial JS ${totalKb.toFixed(1)} KB gzipped (${(totalRaw / 1024).toFixed(0)} KB raw, ${files.length} files); budget ${budgetKb} KB.`,
);
if (totalKb > budgetKb) {
  console.error('check-bundle: over budget. Move code behind a lazy route import.');
  process.exit(1);
}
