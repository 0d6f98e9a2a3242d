import { existsSync, readFileSync } from 'node:fs';
import { openDatabase } from '../db/client';
import { TEMPLATE_TARBALL } from './global-setup';

let built: Promise<Blob> | null = null;

/**
 * A migrated PGlite data directory to load, for tests that need PGlite itself whichever database
 * the run uses. The run's template when there is one (a PGlite run writes it); on a PostgreSQL run
 * an older one still serves, because opening migrates it; with none, one is made once per file.
 */
export function pgliteTemplate(): Promise<Blob> {
  if (existsSync(TEMPLATE_TARBALL)) return Promise.resolve(new Blob([readFileSync(TEMPLATE_TARBALL)]));
  built ??= (async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
    try {
      return await database.dump!();
    } finally {
      await database.close();
    }
  })();
  return built;
}
