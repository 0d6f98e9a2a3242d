/**
 * Converted previews kept in memory, by storage key, least recently used out first.
 *
 * Why it is safe: a storage key names bytes that never change (every upload gets a new key), so the
 * HTML converted from them is the same for every request; the caller's permission is checked before
 * the key is asked for, so keeping it lets nobody see what they could not. Why it is needed: a
 * DOCX's conversion takes tens to hundreds of milliseconds of a parser thread, and a policy sent
 * for acknowledgement is opened by hundreds of readers within minutes; converted afresh each time,
 * a few dozen readers at once filled the parser queue, and the rest were told the server was busy.
 * Requests for a key being converted share that conversion. A failed conversion is not kept: the
 * next request tries again (its failure may have been a busy machine's time limit).
 */
export class KeptPreviews {
  private readonly kept = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<string>>();
  private keptChars = 0;

  /**
   * @param maxChars the most characters kept in all (about two bytes each in memory)
   * @param maxEntryChars a preview longer than this (a document full of images) is served, not kept
   */
  constructor(
    private readonly maxChars: number,
    private readonly maxEntryChars: number,
  ) {}

  /** The preview of `key`: kept, being converted, or converted now by `convert`. */
  async get(key: string, convert: () => Promise<string>): Promise<string> {
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const running = this.inFlight.get(key);
    if (running) return running;
    const conversion = convert().then(
      (html) => {
        this.inFlight.delete(key);
        this.keep(key, html);
        return html;
      },
      (error: unknown) => {
        this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, conversion);
    return conversion;
  }

  /** How many previews are kept (for tests and diagnostics). */
  get size(): number {
    return this.kept.size;
  }

  private keep(key: string, html: string): void {
    if (html.length > this.maxEntryChars || this.kept.has(key)) return;
    this.kept.set(key, html);
    this.keptChars += html.length;
    for (const [oldest, value] of this.kept) {
      if (this.keptChars <= this.maxChars) break;
      this.kept.delete(oldest);
      this.keptChars -= value.length;
    }
  }
}
