import { randomUUID } from 'node:crypto';

/**
 * How every export's temporary file is named (reporting.spool.ts writes them). The sweep of leftover
 * files (export-spool-sweep.ts) removes only names of this form, so both take it from here; a module
 * of its own, importing nothing of ours, so that either may be loaded first.
 */
export const EXPORT_SPOOL_PREFIX = 'tenet-export-';

/** A new export file's name, unique by its random UUID. */
export const exportSpoolFileName = (extension: string): string => `${EXPORT_SPOOL_PREFIX}${randomUUID()}.${extension}`;
