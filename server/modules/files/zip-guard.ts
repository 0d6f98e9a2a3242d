import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ZIP_MAX_ENTRIES, ZIP_MAX_UNCOMPRESSED_BYTES } from './file-types';

export type ZipVerdict =
  | { ok: true; entries: number; uncompressedBytes: number }
  | { ok: false; reason: 'too-many-entries' | 'too-large' | 'unreadable' };

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

class OverBudget extends Error {}

const DEFAULT_LIMITS: ZipLimits = { maxEntries: ZIP_MAX_ENTRIES, maxUncompressedBytes: ZIP_MAX_UNCOMPRESSED_BYTES };

const openZip = (bytes: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    );
  });

/** Inflates one entry, counting bytes, and stops as soon as the running total passes the limit. */
const inflatedSize = (zip: ZipFile, entry: Entry, budget: number): Promise<number> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > budget) stream.destroy(new OverBudget('over budget'));
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(size));
    });
  });

/**
 * Checks a zip container before any parser opens it: the entry count and the total declared
 * uncompressed size from the central directory, then the real inflated size of every entry (yauzl
 * refuses an entry that inflates past its declared size, so a lying header cannot slip through).
 */
export async function checkZip(bytes: Buffer, limits: ZipLimits = DEFAULT_LIMITS): Promise<ZipVerdict> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    if (zip.entryCount > limits.maxEntries) return { ok: false, reason: 'too-many-entries' };
    const entries: Entry[] = [];
    let declared = 0;
    const listed = await new Promise<ZipVerdict | null>((resolve) => {
      zip.on('entry', (entry: Entry) => {
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) return resolve({ ok: false, reason: 'too-large' });
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve(null));
      zip.on('error', () => resolve({ ok: false, reason: 'unreadable' }));
      zip.readEntry();
    });
    if (listed) return listed;
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      try {
        inflated += await inflatedSize(zip, entry, limits.maxUncompressedBytes - inflated);
      } catch (error) {
        return error instanceof OverBudget ? { ok: false, reason: 'too-large' } : { ok: false, reason: 'unreadable' };
      }
    }
    return { ok: true, entries: entries.length, uncompressedBytes: inflated };
  } finally {
    zip.close();
  }
}

/** The text of the entries whose names match, read after `checkZip` passed (XLSX and PPTX text). */
export async function readZipEntries(bytes: Buffer, wanted: (name: string) => boolean): Promise<Map<string, string>> {
  const zip = await openZip(bytes);
  const found = new Map<string, string>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        if (!wanted(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return found;
}
