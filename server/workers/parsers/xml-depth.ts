/**
 * Counts element nesting of XML as it streams past, without parsing it: a DOCX of 200,000 nested
 * elements is refused before mammoth (which recurses once per level) ever sees it. Declarations,
 * comments and processing instructions do not nest; `<a/>` opens and closes at once.
 */
export class XmlDepthMeter {
  private depth = 0;
  private inTag = false;
  private tagKind: 'pending' | 'open' | 'close' | 'other' = 'pending';
  private previous = 0;
  maxDepth = 0;

  feed(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (!this.inTag) {
        if (byte === 0x3c /* < */) {
          this.inTag = true;
          this.tagKind = 'pending';
        }
      } else if (this.tagKind === 'pending') {
        if (byte === 0x2f /* / */) {
          this.tagKind = 'close';
          this.depth -= 1;
        } else if (byte === 0x3f /* ? */ || byte === 0x21 /* ! */) {
          this.tagKind = 'other';
        } else {
          this.tagKind = 'open';
          this.depth += 1;
          if (this.depth > this.maxDepth) this.maxDepth = this.depth;
        }
      } else if (byte === 0x3e /* > */) {
        if (this.tagKind === 'open' && this.previous === 0x2f) this.depth -= 1;
        this.inTag = false;
      }
      this.previous = byte;
    }
  }
}
