/**
 * Bounds for reading untrusted files (issue 9). Every value is far above what a real policy
 * document needs and far below what takes the server down; each is enforced in the parser worker
 * pool (server/workers), and each is tested with a generated hostile file.
 */

const MiB = 1024 * 1024;

/** The limits one parser job runs under; the pool passes them with every job (tests use smaller ones). */
export interface ParserLimits {
  /** Entries in a zip container (DOCX, XLSX, PPTX). A 500-page DOCX has under 200. */
  zipMaxEntries: number;
  /** Inflated bytes of one zip entry. A long DOCX's word/document.xml is a few MiB; a bomb's is hundreds. */
  zipMaxEntryBytes: number;
  /** Inflated bytes of a whole zip, declared and real. Embedded pictures count, so this is the larger bound. */
  zipMaxTotalBytes: number;
  /** Element nesting in an XML part. Word itself writes under 30 levels; mammoth recurses per level. */
  xmlMaxDepth: number;
  /** Pages of a PDF, checked from the page tree before any page is read. A policy has tens, a manual hundreds. */
  pdfMaxPages: number;
  /** Decoded bytes of one Flate stream of a PDF: pdf.js decodes a content stream whole in memory. */
  pdfMaxStreamBytes: number;
  /** Lines of each side of a version compare (the text itself is capped at extraction). */
  diffMaxLines: number;
  /** Changed lines a compare looks for before giving up: the line diff's cost grows with lines × changes. */
  diffMaxEditLength: number;
  /** Time the line diff may take before giving up, well inside the job's own clock. */
  diffTimeoutMs: number;
}

export const DEFAULT_PARSER_LIMITS: ParserLimits = {
  zipMaxEntries: 10_000,
  zipMaxEntryBytes: 64 * MiB,
  zipMaxTotalBytes: 256 * MiB,
  xmlMaxDepth: 500,
  pdfMaxPages: 2_000,
  pdfMaxStreamBytes: 64 * MiB,
  diffMaxLines: 50_000,
  diffMaxEditLength: 2_000,
  diffTimeoutMs: 5_000,
};

/** How the pool runs jobs: no more at once than the cores can take, a short queue, a heap and a clock per job. */
export interface PoolLimits {
  /** Worker threads at most: two parses at a time leave the request thread its own core. */
  maxThreads: number;
  /** Jobs waiting at most; beyond it a request is told the server is busy (503) rather than queued forever. */
  maxQueue: number;
  /** Old-generation heap of one worker in MiB: a parse that needs more is killed, not the server. */
  heapMb: number;
  /** Wall-clock time of one job: mammoth and pdf.js read a 50 MB real document in a few seconds. */
  timeoutMs: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = { maxThreads: 2, maxQueue: 32, heapMb: 512, timeoutMs: 30_000 };

/** Text kept per file for search, preview and version compare; enough for any real policy. */
export const EXTRACTED_TEXT_MAX_CHARS = 2_000_000;

/**
 * Characters of a file's text that go into the full-text index. PostgreSQL refuses a tsvector over
 * 1 MB; one-character words of four-byte characters cost six index bytes per character, so 150,000
 * characters (about 22,000 words, a 45-page document) stays inside. Migration 0004 uses the
 * same number; a longer text is still stored whole and compared whole, only its index is cut.
 */
export const SEARCH_INDEX_MAX_CHARS = 150_000;
