// `npm start`: serves the compiled server (dist/main.js) and the built web application on one
// origin. Both are built by `npm ci` (the package's prepare step); they are rebuilt here only when
// missing or older than their sources. The server runs in this very process rather than in a
// child, so a signal sent to the process npm started (npm forwards SIGINT and SIGTERM to it)
// reaches the server's own shutdown: nothing is left holding the port or the database lock.
import { buildServerIfStale } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

// SKIP_BUILD=1: serve what is built, even if the sources look newer (a deployment that ships dist/).
if (process.env.SKIP_BUILD !== '1') {
  const built = (await buildWebIfStale()) || (await buildServerIfStale());
  if (built !== 0) process.exit(built);
}
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await import('../dist/main.js');
