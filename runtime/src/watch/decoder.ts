/**
 * Framing of a watch response: newline-delimited JSON (what the apiserver writes for `watch=true` with
 * `Accept: application/json`). Frames are cut at byte 0x0A before UTF-8 decoding, so chunk boundaries may fall
 * anywhere — inside a JSON token or inside a multi-byte character — without effect: 0x0A never occurs inside a
 * multi-byte UTF-8 sequence. Blank lines and `\r` before the newline are ignored. A final frame without a newline
 * is decoded when the stream ends.
 *
 * Frames are bounded: a frame longer than `maxFrameBytes` (default `DEFAULT_MAX_WATCH_FRAME_BYTES`, 16 MiB) ends
 * the stream with a `WatchFrameTooLargeError` as soon as that many bytes without a newline have arrived, so an
 * endless line never holds more than about `maxFrameBytes` plus one chunk in memory.
 */

import type { RawWatchEvent } from './types';

const NEWLINE = 0x0a;

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Error for a frame that is not JSON or not a watch event. */
export class WatchDecodeError extends Error {
  override readonly name: string = 'WatchDecodeError';
}

/** The largest watch frame accepted by default: 16 MiB (well above the apiserver's largest object, ~1.5 MiB in etcd). */
export const DEFAULT_MAX_WATCH_FRAME_BYTES = 16 * 1024 * 1024;

/** A watch frame (one line) longer than the decoder's `maxFrameBytes`: the watch ends with this error. */
export class WatchFrameTooLargeError extends WatchDecodeError {
  override readonly name = 'WatchFrameTooLargeError';
  constructor(readonly maxFrameBytes: number) {
    super(`watch frame larger than ${maxFrameBytes} bytes: the watch stream is ended (raise maxFrameBytes if the server sends objects this large)`);
  }
}

export interface DecodeOptions {
  /** The longest frame accepted, in bytes (default `DEFAULT_MAX_WATCH_FRAME_BYTES`). */
  maxFrameBytes?: number;
}

function maxFrameBytesOf(opts: DecodeOptions): number {
  const max = opts.maxFrameBytes ?? DEFAULT_MAX_WATCH_FRAME_BYTES;
  if (!Number.isSafeInteger(max) || max <= 0) throw new RangeError(`maxFrameBytes must be a positive integer, got ${String(max)}`);
  return max;
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

/** Yields each JSON value of a newline-delimited JSON byte stream; throws `WatchFrameTooLargeError` past the limit. */
export async function* decodeJsonLines(chunks: AsyncIterable<Uint8Array>, opts: DecodeOptions = {}): AsyncGenerator<unknown, void, undefined> {
  const max = maxFrameBytesOf(opts);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const raw of chunks) {
    const chunk = asBuffer(raw);
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      if (pendingBytes + (nl - start) > max) throw new WatchFrameTooLargeError(max);
      const part = chunk.subarray(start, nl);
      const frame = pending.length === 0 ? part : Buffer.concat([...pending, part]);
      pending = [];
      pendingBytes = 0;
      start = nl + 1;
      const value = parseFrame(frame);
      if (value !== undefined) yield value;
    }
    if (start < chunk.length) {
      pendingBytes += chunk.length - start;
      // checked before keeping the rest: an endless line holds at most `max` bytes plus one chunk
      if (pendingBytes > max) throw new WatchFrameTooLargeError(max);
      pending.push(chunk.subarray(start));
    }
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
export async function* decodeWatchEvents<T>(chunks: AsyncIterable<Uint8Array>, opts: DecodeOptions = {}): AsyncGenerator<RawWatchEvent<T>, void, undefined> {
  for await (const value of decodeJsonLines(chunks, opts)) yield toWatchEvent<T>(value);
}
