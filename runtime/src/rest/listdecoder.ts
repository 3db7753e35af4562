/**
 * A list response decoded while it arrives: `ListDecoder` takes the body's chunks as they come off the wire and
 * JSON-parses each element of the top-level `items` array as soon as its last byte is in, so a large list (the
 * 10 MB `resourceVersion=0` list of 10,000 objects the apiserver serves from its watch cache) is decoded during the
 * transfer instead of after it, and the items can be handed on (`onItems`) before the response ends.
 *
 * Contract:
 * - `end()` returns exactly what `JSON.parse` returns for the whole body, and throws a `SyntaxError` exactly when it
 *   would throw — with one exception: a top-level object with more than one `items` member (JSON.parse keeps the
 *   last; no apiserver writes that) is refused, since earlier items may already have been handed on;
 * - bytes are scanned once, outside strings only structure counts; only the top-level object's member names are
 *   decoded (escapes included: `"\u0069tems"` is `items`), and only while looking for `items`;
 * - `onItems(batch)` gets the elements of `items` completed by one `push`, in order, each element once; the list
 *   that `end()` returns holds those same objects. It is not called after the first error;
 * - `onHead(head)` is called once, with the bytes of the body before the first element (`{…,"items":[`) — a
 *   built-in list's `metadata` (and its continue token) comes first;
 * - `push` never throws: a malformed element or structure is kept and thrown by `end()`;
 * - memory: the non-`items` bytes, the element in progress and the parsed objects; a chunk is retained only while an
 *   element that starts in it is in progress, and never changed.
 */

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, isJsonSpace, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './jsonbytes';

const ITEMS = Buffer.from('items');
/** A member name longer than this (raw bytes, escapes included) cannot be `items` (`"\u0069\u0074\u0065\u006d\u0073"` is 30). */
const MAX_KEY_BYTES = 64;

export interface ListDecoderHooks {
  /** The elements of `items` completed by one chunk, in order. Must not throw. */
  onItems?: (items: unknown[]) => void;
  /** The body's bytes up to and including the `[` of `items`, once. Must not throw. */
  onHead?: (head: Buffer) => void;
}

export class ListDecoder {
  private depth = 0;
  private inString = false;
  private escape = false;
  /** Inside the `items` array (between its `[` and `]`). */
  private inItems = false;
  /** The top-level value is an object: its members are looked at. */
  private objectTop = false;
  /** A top-level member name comes next (after `{` or `,` at depth 1). */
  private expectKey = false;
  /** The string being scanned is a top-level member name: its raw bytes so far, or `undefined` past `MAX_KEY_BYTES`. */
  private key: number[] | undefined;
  private inKey = false;
  private keyEscaped = false;
  /** The last member name was `items`; then `:` was seen after it. */
  private keyIsItems = false;
  private valueIsItems = false;
  /** `items` members seen. */
  private itemsMembers = 0;
  private extracted = false;
  /** A comma ended the elements parsed last: the array is not empty and needs another element. */
  private comma = false;
  private readonly items: unknown[] = [];
  /** Bytes of the body outside the `items` array's contents. */
  private readonly skeleton: Buffer[] = [];
  /** The current element's bytes from earlier chunks. */
  private element: Buffer[] = [];
  private error: Error | undefined;

  constructor(private readonly hooks: ListDecoderHooks = {}) {}

  push(chunk: Buffer): void {
    if (this.error !== undefined || chunk.length === 0) return;
    const batch: unknown[] = [];
    let i = 0;
    /** Where the current skeleton segment or element starts in this chunk. */
    let from = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.inItems) {
        // the hot loop: through the elements of `items`, noting the last comma between them; the elements before it
        // (or before the array's `]`) are parsed in one JSON.parse
        let depth = this.depth;
        let inString = this.inString;
        let lastComma = -1;
        /** The next backslash in the chunk at or after `i` (`n`: none). */
        let backslash = -1;
        if (this.escape) {
          this.escape = false;
          i++; // the escaped byte of a string that went on from the last chunk
        }
        while (i < n) {
          if (inString) {
            // jump to the string's closing quote, over escapes
            const quote = chunk.indexOf(QUOTE, i);
            if (backslash < i) backslash = chunk.indexOf(BACKSLASH, i) >>> 0; // -1 → 2³²−1: none
            if (backslash < quote || quote === -1) {
              if (backslash >= n) {
                i = n; // the string goes on in the next chunk
                break;
              }
              // an escape: skip the backslash and the byte after it
              i = backslash + 2;
              if (i > n) {
                this.escape = true;
                i = n;
              }
              continue;
            }
            inString = false;
            i = quote + 1;
            continue;
          }
          const b = chunk[i];
          if (b === QUOTE) inString = true;
          else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
          else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
            if (depth === 2) break; // the array's `]` (or a stray `}`)
            depth--;
          } else if (b === COMMA && depth === 2) lastComma = i;
          i++;
        }
        this.depth = depth;
        this.inString = inString;
        if (i >= n) {
          if (lastComma >= 0) {
            if (!this.completeElements(chunk, from, lastComma, batch, false)) return;
            from = lastComma + 1;
          }
          break;
        }
        // `chunk[i]` closes the array at depth 2
        if (chunk[i] !== CLOSE_BRACKET) {
          this.fail(new SyntaxError(`Unexpected token '}' in the items of a list`));
          return;
        }
        if (!this.completeElements(chunk, from, i, batch, true)) return;
        this.inItems = false;
        this.depth = 1;
        from = i; // the skeleton resumes with the `]`
        i++;
        continue;
      }
      const b = chunk[i];
      if (b === undefined) break; // never: i < n
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (b === BACKSLASH) {
          this.escape = true;
          if (this.inKey) this.keyEscaped = true;
        } else if (b === QUOTE) {
          this.inString = false;
          if (this.inKey) this.endKey();
          i++;
          continue;
        }
        if (this.inKey && this.key !== undefined) {
          if (this.key.length < MAX_KEY_BYTES) this.key.push(b);
          else this.key = undefined;
        }
        i++;
        continue;
      }
      if (this.depth === 1 && this.objectTop && !isJsonSpace(b)) {
        if (this.valueIsItems) {
          this.valueIsItems = false;
          if (++this.itemsMembers > 1) {
            this.fail(new SyntaxError('a list with more than one "items" member'));
            return;
          }
          if (b === OPEN_BRACKET) {
            // the skeleton keeps the `[`; the elements start after it
            this.skeleton.push(Buffer.from(chunk.subarray(from, i + 1)));
            if (!this.extracted) {
              this.extracted = true;
              this.hooks.onHead?.(Buffer.concat(this.skeleton));
            }
            this.inItems = true;
            this.depth = 2;
            i++;
            from = i;
            continue;
          }
        } else if (b === QUOTE && this.expectKey) {
          this.expectKey = false;
          this.inKey = true;
          this.keyEscaped = false;
          this.key = [];
        } else if (b === COLON) {
          this.valueIsItems = this.keyIsItems;
          this.keyIsItems = false;
        } else if (b === COMMA) {
          this.expectKey = true;
        }
      }
      if (b === QUOTE) this.inString = true;
      else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
        if (this.depth === 0 && b === OPEN_BRACE) {
          this.objectTop = true;
          this.expectKey = true;
        }
        this.depth++;
      } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) this.depth--;
      i++;
    }
    if (this.inItems) {
      // not copied: the chunk is kept until the element completes
      if (from < n) this.element.push(chunk.subarray(from, n));
    } else if (from < n) {
      this.skeleton.push(Buffer.from(chunk.subarray(from, n)));
    }
    if (batch.length > 0) this.hooks.onItems?.(batch);
  }

  /** The decoded list (what `JSON.parse` of the whole body gives); throws a `SyntaxError` when it would. */
  end(): unknown {
    if (this.error !== undefined) throw this.error;
    if (this.inItems) throw new SyntaxError('Unexpected end of JSON input');
    const [first, second] = this.skeleton;
    const text = (first !== undefined && second === undefined ? first : Buffer.concat(this.skeleton)).toString('utf8');
    const list: unknown = JSON.parse(text);
    if (this.extracted) (list as { items: unknown[] }).items = this.items;
    return list;
  }

  /**
   * The elements in `chunk[from..to)` (after the bytes of the first from earlier chunks) are complete — `to` is a
   * comma between elements, or the array's `]` when `last`: parse them, as one array.
   */
  private completeElements(chunk: Buffer, from: number, to: number, batch: unknown[], last: boolean): boolean {
    let bytes = chunk.subarray(from, to);
    if (this.element.length > 0) {
      this.element.push(bytes);
      bytes = Buffer.concat(this.element);
      this.element = [];
    }
    if (bytes.every(isJsonSpace)) {
      // `[]` and `[ ]` have no element; an empty one before a comma, or after the last, is an error as for JSON.parse
      if (last && !this.comma) return true;
      this.fail(new SyntaxError('Unexpected token in the items of a list: an empty element'));
      return false;
    }
    this.comma = !last;
    let items: unknown[];
    try {
      items = JSON.parse(`[${bytes.toString('utf8')}]`) as unknown[];
    } catch (err) {
      this.fail(err instanceof Error ? err : new SyntaxError(String(err)));
      return false;
    }
    for (const item of items) {
      this.items.push(item);
      batch.push(item);
    }
    return true;
  }

  private endKey(): void {
    this.inKey = false;
    const raw = this.key;
    this.key = undefined;
    if (raw === undefined) {
      this.keyIsItems = false;
    } else if (!this.keyEscaped) {
      this.keyIsItems = raw.length === ITEMS.length && ITEMS.every((c, k) => raw[k] === c);
    } else {
      let name: unknown;
      try {
        name = JSON.parse(`"${Buffer.from(raw).toString('utf8')}"`);
      } catch {
        name = undefined; // not a JSON string: the skeleton will not parse either
      }
      this.keyIsItems = name === 'items';
    }
  }

  private fail(err: Error): void {
    this.error = err;
    this.element = [];
  }
}
