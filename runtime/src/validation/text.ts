/**
 * Building a long text from many pieces in time linear in its length, at the same cost per piece whatever the
 * length. `+=` in a loop makes a rope V8 must flatten, and one array of every piece grows past 128 KiB, where V8
 * allocates in large-object space at several times the cost per byte; so pieces are joined into a chunk every
 * {@link PIECES_PER_CHUNK}, and the chunks at the end.
 */

/** How many pieces are joined into one chunk (an array of 1,024 references stays in the young generation). */
const PIECES_PER_CHUNK = 1024;

export class TextBuilder {
  private readonly chunks: string[] = [];
  private pieces: string[] = [];

  /** Appends `text`. */
  push(text: string): this {
    this.pieces.push(text);
    if (this.pieces.length >= PIECES_PER_CHUNK) {
      this.chunks.push(this.pieces.join(''));
      this.pieces = [];
    }
    return this;
  }

  /** The text built so far. */
  toString(): string {
    if (this.chunks.length === 0) return this.pieces.join('');
    return this.chunks.join('') + this.pieces.join('');
  }
}

/**
 * `s` with each match of the global expression `special` replaced by `escape(match)`: the runs between matches are
 * copied as slices. `special` has the `g` flag and matches one character (a class; with `u`, a code point).
 */
export function escapeEach(s: string, special: RegExp, escape: (match: string) => string, out: TextBuilder = new TextBuilder()): TextBuilder {
  let last = 0;
  special.lastIndex = 0;
  for (let m = special.exec(s); m !== null; m = special.exec(s)) {
    if (m.index > last) out.push(s.slice(last, m.index));
    out.push(escape(m[0]));
    last = m.index + m[0].length;
    if (m[0] === '') special.lastIndex++;
  }
  if (last < s.length) out.push(s.slice(last));
  return out;
}
