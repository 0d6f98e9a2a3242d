#!/usr/bin/env node
// The server's memory idle and after load (docs/performance.md): reads the resident set size of
// the server process, sends a mix of requests a day of use makes (sign-ins, sessions, library,
// work lists, documents, files, the web application's assets) as the demo users, and reads it again.
//   node scripts/memory-check.mjs <server pid> [base url] [requests]
// Linux only (it reads /proc). The server must hold the demo data.
import { readFileSync } from 'node:fs';

const [pid, base = 'http://localhost:3000', total = '2000'] = process.argv.slice(2);
if (!pid) {
  process.stderr.write('Usage: node scripts/memory-check.mjs <server pid> [base url] [requests]\n');
  process.exit(2);
}
const rssMb = () => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};

async function signIn(login, password) {
  const cookies = new Map();
  const keep = (res) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = () => ({
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
    'content-type': 'application/json',
    'accept-encoding': 'br, gzip',
  });
  keep(await fetch(`${base}/api/sessions`));
  const res = await fetch(`${base}/api/auth/developer/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ credentials: { login, password }, tenant: 'demo' }),
  });
  keep(res);
  const session = await res.json();
  if (!session.valid) throw new Error(`${login} could not sign in`);
  return { orgId: session.org.id, get: (url) => fetch(`${base}${url}`, { headers: headers() }) };
}

const idle = rssMb();
const users = await Promise.all([
  signIn('nora.nurse', 'TenetUser2026'),
  signIn('rita.reviewer', 'TenetUser2026'),
  signIn('paul.owner', 'TenetOwner2026'),
  signIn('ada.admin', 'TenetAdmin2026'),
]);
const html = await (await fetch(`${base}/`)).text();
const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
const o = users[0].orgId;
const urls = [
  '/api/sessions',
  `/api/o/${o}/library`,
  `/api/o/${o}/library?words=patient&list=true`,
  `/api/o/${o}/pnp_documents?awaiting_me=true`,
  `/api/o/${o}/pnps`,
  `/api/o/${o}/library/1`,
  `/api/o/${o}/library/2/file?action_name=view`,
  '/',
  ...assets,
];
const started = Date.now();
const statuses = new Map();
const count = Number(total);
let next = 0;
// Eight clients at a time, each request from one of the signed-in users.
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < count) {
      const i = next++;
      const res = await users[i % users.length].get(urls[i % urls.length]);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
const loaded = rssMb();
process.stdout.write(
  `RSS idle ${idle} MB; after ${count} requests in ${seconds.toFixed(1)} s ${loaded} MB; statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
);
