import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ParserLimits } from '../../modules/files/parser-limits';
import { XmlDepthMeter } from './xml-depth';

export type ZipVerdict =
  | { ok: true; entries: number; uncompressedBytes: number }
  | {
      ok: false;
      reason: 'zip-too-many-entries' | 'zip-entry-too-large' | 'zip-too-large' | 'zip-unreadable' | 'xml-too-deep';
    };

export type ZipLimits = Pick<ParserLimits, 'zipMaxEntries' | 'zipMaxEntryBytes' | 'zipMaxTotalBytes' | 'xmlMaxDepth'>;

class OverBudget extends Error {
  constructor(readonly reason: 'zip-entry-too-large' | 'zip-too-large' | 'xml-too-deep') {
    super(reason);
  }
}

const openZip = (bytes: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    // Sizes are not taken on trust from the headers: checkZip counts the real inflated bytes itself.
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    );
  });

/**
 * Inflates one entry, counting bytes, and stops as soon as the entry or the running total passes
 * its limit; XML parts are measured for nesting on the way. Nothing is kept in memory.
 */
const inflateEntry = (zip: ZipFile, entry: Entry, limits: ZipLimits, totalSoFar: number): Promise<number> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const meter = /\.(xml|rels)$/i.test(entry.fileName) ? new XmlDepthMeter() : null;
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.zipMaxEntryBytes) return stream.destroy(new OverBudget('zip-entry-too-large'));
        if (totalSoFar + size > limits.zipMaxTotalBytes) return stream.destroy(new OverBudget('zip-too-large'));
        meter?.feed(chunk);
        if (meter && meter.maxDepth > limits.xmlMaxDepth) stream.destroy(new OverBudget('xml-too-deep'));
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(size));
    });
  });

/**
 * The entries of the central directory, refusing as soon as a declared size passes the entry limit
 * or the declared sizes together pass the total: a bomb with honest headers goes without inflating
 * a byte.
 */
async function listEntries(zip: ZipFile, limits: ZipLimits): Promise<Entry[] | ZipVerdict> {
  const entries: Entry[] = [];
  let declared = 0;
  return new Promise((resolve) => {
    zip.on('entry', (entry: Entry) => {
      if (entry.uncompressedSize > limits.zipMaxEntryBytes)
        return resolve({ ok: false, reason: 'zip-entry-too-large' });
      declared += entry.uncompressedSize;
      if (declared > limits.zipMaxTotalBytes) return resolve({ ok: false, reason: 'zip-too-large' });
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => resolve({ ok: false, reason: 'zip-unreadable' }));
    zip.readEntry();
  });
}

/**
 * Checks a zip container before any parser opens it: the entry count; the declared sizes of the
 * central directory, per entry and in total (cheap, first); then the real inflated size of every
 * entry and of all of them together, counted while inflating (headers may lie); and the nesting
 * depth of its XML parts.
 */
export async function checkZip(bytes: Buffer, limits: ZipLimits): Promise<ZipVerdict> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    return { ok: false, reason: 'zip-unreadable' };
  }
  try {
    if (zip.entryCount > limits.zipMaxEntries) return { ok: false, reason: 'zip-too-many-entries' };
    const listed = await listEntries(zip, limits);
    if (!Array.isArray(listed)) return listed;
    let inflated = 0;
    for (const entry of listed) {
      if (entry.fileName.endsWith('/')) continue;
      try {
        inflated += await inflateEntry(zip, entry, limits, inflated);
      } catch (error) {
        return { ok: false, reason: error instanceof OverBudget ? error.reason : 'zip-unreadable' };
      }
    }
    return { ok: true, entries: listed.length, uncompressedBytes: inflated };
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
