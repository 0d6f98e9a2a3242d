/**
 * A screen's code that fails to load has two usual causes: a new version was deployed while the
 * tab was open (the old files are gone), or the server cannot be reached at all. Only the server's
 * version file tells them apart; saying "updated" when the connection is lost would be untrue.
 */
import { fetchVersionFile } from '../lib/api-client';
import { BUILT_VERSION } from '../features/version-check/version-check';

export type ChunkFailureCause = 'new-version' | 'connection-lost' | 'unknown';

/** The browsers' words for a module script that did not load. */
const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/**
 * Asks the server for its version file: no answer means the connection is lost; another version
 * than this page's means a new one was deployed; the same version means the failure was passing.
 */
export async function chunkFailureCause(): Promise<ChunkFailureCause> {
  const serverVersion = await fetchVersionFile(import.meta.env.PROD);
  if (serverVersion === '') return 'connection-lost';
  return serverVersion === BUILT_VERSION ? 'unknown' : 'new-version';
}
