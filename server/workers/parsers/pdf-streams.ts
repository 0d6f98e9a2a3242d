import { constants, inflateSync } from 'node:zlib';

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const END = Buffer.from('end');
/** How far back from `stream` its dictionary is looked for: dictionaries of streams are short. */
const DICT_WINDOW = 2048;

/** The byte after a `stream` keyword's end of line, where the stream's data begins. */
function dataStart(bytes: Buffer, keywordEnd: number): number {
  if (bytes[keywordEnd] === 0x0d && bytes[keywordEnd + 1] === 0x0a) return keywordEnd + 2;
  if (bytes[keywordEnd] === 0x0a || bytes[keywordEnd] === 0x0d) return keywordEnd + 1;
  return -1;
}

/**
 * The largest a Flate stream of this PDF inflates to, up to `limit + 1` (it stops there): pdf.js
 * decodes a page's content stream whole in memory, so a 3 MB PDF whose one stream inflates to
 * 1 GiB is refused here, before pdf.js opens it. Streams that are not Flate (pictures in DCT, say)
 * are not decoded for text and are skipped; a stream that does not inflate is left to pdf.js.
 */
export function largestFlateStream(bytes: Buffer, limit: number): number {
  let largest = 0;
  let at = bytes.indexOf(STREAM);
  while (at !== -1) {
    const isEnd = at >= 3 && bytes.subarray(at - 3, at).equals(END);
    const start = isEnd ? -1 : dataStart(bytes, at + STREAM.length);
    if (start !== -1) {
      const end = bytes.indexOf(END_STREAM, start);
      if (end === -1) break;
      const dictionary = bytes.subarray(Math.max(0, at - DICT_WINDOW), at).toString('latin1');
      const ownDictionary = dictionary.slice(dictionary.lastIndexOf('obj'));
      if (/\/(FlateDecode|Fl)\b/.test(ownDictionary)) {
        largest = Math.max(largest, inflatedSize(bytes.subarray(start, end), limit));
        if (largest > limit) return largest;
      }
      at = bytes.indexOf(STREAM, end + END_STREAM.length);
    } else {
      at = bytes.indexOf(STREAM, at + STREAM.length);
    }
  }
  return largest;
}

function inflatedSize(data: Buffer, limit: number): number {
  try {
    // A truncated stream is inflated as far as it goes, as pdf.js would.
    return inflateSync(data, { maxOutputLength: limit + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (error) {
    if (error instanceof RangeError) return limit + 1;
    return 0;
  }
}

/**
 * The largest page count stated in plain view by a page tree node (`/Type /Pages ... /Count n`),
 * so a 50,000-page PDF is refused before pdf.js builds its tables. A count hidden in a compressed
 * object stream is still caught by the check of pdf.js's own page count.
 */
export function largestPageCount(bytes: Buffer): number {
  const text = bytes.toString('latin1');
  let largest = 0;
  for (const node of text.matchAll(/\/Type\s*\/Pages\b/g)) {
    const start = text.lastIndexOf('<<', node.index);
    const end = text.indexOf('>>', node.index);
    const count = /\/Count\s+(\d{1,12})/.exec(
      text.slice(start === -1 ? node.index : start, end === -1 ? undefined : end),
    );
    if (count) largest = Math.max(largest, Number(count[1]));
  }
  return largest;
}
