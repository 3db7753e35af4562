/** Bytes of JSON text as the byte-level scanners (list metadata, list and watch decoders) read them. */

/** A newline: the end of a watch frame; never part of a multi-byte UTF-8 sequence. */
export const NEWLINE = 0x0a;
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;

/** JSON white space: space, line feed, carriage return, tab. */
export function isJsonSpace(b: number | undefined): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/** The index of the last byte of `buf` that is not JSON white space; -1 when there is none. */
export function lastNonSpace(buf: Uint8Array): number {
  let i = buf.length - 1;
  while (i >= 0 && isJsonSpace(buf[i])) i--;
  return i;
}
