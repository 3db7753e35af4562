/**
 * Framing of a watch response: newline-delimited JSON (what the apiserver writes for `watch=true` with
 * `Accept: application/json`). Frames are cut at byte 0x0A before UTF-8 decoding, so chunk boundaries may fall
 * anywhere — inside a JSON token or inside a multi-byte character — without effect: 0x0A never occurs inside a
 * multi-byte UTF-8 sequence. Blank lines and `\r` before the newline are ignored. A final frame without a newline
 * is decoded when the stream ends.
 */

import type { RawWatchEvent } from './types';

const NEWLINE = 0x0a;

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Error for a frame that is not JSON or not a watch event. */
export class WatchDecodeError extends Error {
  override readonly name = 'WatchDecodeError';
}

function parseFrame(frame: Buffer): unknown {
  const text = frame.toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new WatchDecodeError(
      `malformed watch frame (${frame.length} bytes): ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`,
      { cause: err },
    );
  }
}

/** Yields each JSON value of a newline-delimited JSON byte stream. */
export async function* decodeJsonLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<unknown, void, undefined> {
  let pending: Buffer[] = [];
  for await (const raw of chunks) {
    const chunk = asBuffer(raw);
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      const part = chunk.subarray(start, nl);
      const frame = pending.length === 0 ? part : Buffer.concat([...pending, part]);
      pending = [];
      start = nl + 1;
      const value = parseFrame(frame);
      if (value !== undefined) yield value;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) {
    const value = parseFrame(Buffer.concat(pending));
    if (value !== undefined) yield value;
  }
}

const TYPES: ReadonlySet<string> = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

/** Checks that a decoded value is a watch event: `{ type, object }` with a known type and an object. */
export function toWatchEvent<T>(value: unknown): RawWatchEvent<T> {
  if (typeof value === 'object' && value !== null) {
    const v = value as { type?: unknown; object?: unknown };
    if (typeof v.type === 'string' && TYPES.has(v.type) && typeof v.object === 'object' && v.object !== null) {
      return value as RawWatchEvent<T>;
    }
  }
  throw new WatchDecodeError(`not a watch event: ${JSON.stringify(value)?.slice(0, 200)}`);
}

/** Yields the watch events of a newline-delimited JSON byte stream (ERROR events included). */
export async function* decodeWatchEvents<T>(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<RawWatchEvent<T>, void, undefined> {
  for await (const value of decodeJsonLines(chunks)) yield toWatchEvent<T>(value);
}
