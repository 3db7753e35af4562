/**
 * Framing of a watch response: newline-delimited JSON (what the apiserver writes for `watch=true` with
 * `Accept: application/json`). Chunk boundaries may fall anywhere — inside a JSON token or inside a multi-byte
 * character — without effect: the UTF-8 decoder keeps a split character whole, and a newline (0x0A) never occurs
 * inside a multi-byte UTF-8 sequence. Blank lines and `\r` before the newline are ignored. A final frame without a newline
 * is decoded when the stream ends.
 *
 * Every frame a chunk completes is decoded synchronously with it (`decodeWatchEventBatches`): the chunk is decoded to
 * text once and cut into frames there.
 *
 * Frames are bounded: a frame longer than `maxFrameBytes` (default `DEFAULT_MAX_WATCH_FRAME_BYTES`, 16 MiB) ends
 * the stream with a `WatchFrameTooLargeError` as soon as that many bytes without a newline have arrived, so an
 * endless line never holds more than about `maxFrameBytes` plus one chunk in memory.
 */

import { StringDecoder } from 'node:string_decoder';
import { lastNonSpace, NEWLINE } from '../rest/jsonbytes';
import type { RawWatchEvent } from './types';

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

/** The JSON value of a frame, or `undefined` for a blank frame (only whitespace, e.g. a lone `\r`). */
function parseFrame(text: string): unknown {
  // JSON.parse allows whitespace around the value, so the text is not trimmed first
  try {
    return JSON.parse(text);
  } catch (err) {
    if (text.trim() === '') return undefined;
    throw new WatchDecodeError(`malformed watch frame (${Buffer.byteLength(text)} bytes): ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`, { cause: err });
  }
}

/**
 * The synchronous core of the decoders: fed chunk by chunk (`push`), it appends to `out` every frame a chunk
 * completes, mapped by `map`; `end` decodes a last frame without a newline. A frame that fails to decode or map, or
 * one over the limit, is thrown — after the frames before it were appended to `out`. After a throw the decoder must
 * not be fed again.
 *
 * Each chunk is decoded to text once (a `StringDecoder` keeps a character split across chunks whole) and cut into
 * frames there; the start of a frame that goes on in the next chunk is kept as text. Frame sizes are counted in bytes.
 */
export class LineDecoder<V> {
  private readonly max: number;
  private readonly utf8 = new StringDecoder('utf8');
  /** The text of a frame not yet complete, from earlier chunks. */
  private carry = '';
  /** Its size in bytes (the bytes since the last newline). */
  private pendingBytes = 0;

  constructor(
    private readonly map: (value: unknown) => V,
    opts: DecodeOptions = {},
  ) {
    this.max = maxFrameBytesOf(opts);
  }

  /** Decodes the frames `raw` completes into `out`. */
  push(raw: Uint8Array, out: V[]): void {
    const max = this.max;
    const chunk = asBuffer(raw);
    const lastNewline = chunk.lastIndexOf(NEWLINE);
    if (lastNewline === -1) {
      this.pendingBytes += chunk.length;
      // checked before keeping the chunk: an endless line holds at most `max` bytes plus one chunk
      if (this.pendingBytes > max) throw new WatchFrameTooLargeError(max);
      this.carry += this.utf8.write(chunk);
      return;
    }
    const text = this.utf8.write(chunk);
    // frame sizes in bytes are needed only when a frame of this chunk could be over the limit
    const sized = this.pendingBytes + chunk.length > max;
    let byteNewline = sized ? chunk.indexOf(NEWLINE) : 0;
    let bytes = sized ? this.pendingBytes + byteNewline : 0;
    let nl = text.indexOf('\n');
    let frame = this.carry === '' ? text.slice(0, nl) : this.carry + text.slice(0, nl);
    this.carry = '';
    for (;;) {
      if (sized && bytes > max) throw new WatchFrameTooLargeError(max);
      const value = parseFrame(frame);
      if (value !== undefined) out.push(this.map(value));
      const start = nl + 1;
      nl = text.indexOf('\n', start);
      if (nl === -1) {
        this.carry = start < text.length ? text.slice(start) : '';
        break;
      }
      frame = text.slice(start, nl);
      if (sized) {
        const next = chunk.indexOf(NEWLINE, byteNewline + 1);
        bytes = next - byteNewline - 1;
        byteNewline = next;
      }
    }
    this.pendingBytes = chunk.length - lastNewline - 1;
    if (this.pendingBytes > max) throw new WatchFrameTooLargeError(max);
  }

  /** The stream ended: decodes a last frame without a newline into `out`. */
  end(out: V[]): void {
    const frame = this.carry + this.utf8.end();
    this.carry = '';
    this.pendingBytes = 0;
    if (frame === '') return;
    const value = parseFrame(frame);
    if (value !== undefined) out.push(this.map(value));
  }
}

/**
 * The frames of a newline-delimited JSON byte stream, mapped by `map`, in batches: one batch per chunk, holding every
 * frame that chunk completed (chunks completing none yield nothing). A frame that fails to decode or map, or one
 * over the limit, ends the stream with its error after a last batch of the frames before it.
 */
async function* decodeBatches<V>(chunks: AsyncIterable<Uint8Array>, opts: DecodeOptions, map: (value: unknown) => V): AsyncGenerator<V[], void, undefined> {
  const decoder = new LineDecoder(map, opts);
  for await (const raw of chunks) {
    const batch: V[] = [];
    try {
      decoder.push(raw, batch);
    } catch (err) {
      // the frames before the bad one are delivered first
      if (batch.length > 0) yield batch;
      throw err;
    }
    if (batch.length > 0) yield batch;
  }
  const last: V[] = [];
  decoder.end(last);
  if (last.length > 0) yield last;
}

const identity = (value: unknown): unknown => value;

/** Yields each JSON value of a newline-delimited JSON byte stream; throws `WatchFrameTooLargeError` past the limit. */
export async function* decodeJsonLines(chunks: AsyncIterable<Uint8Array>, opts: DecodeOptions = {}): AsyncGenerator<unknown, void, undefined> {
  for await (const batch of decodeBatches(chunks, opts, identity)) yield* batch;
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
  throw new WatchDecodeError(`not a watch event: ${(JSON.stringify(value) as string | undefined)?.slice(0, 200)}`);
}

/**
 * The resourceVersion of the last frame of `chunks` (the undecoded rest of a response that has ended), when that
 * frame is an event or a BOOKMARK with a `metadata.resourceVersion`; `undefined` when it is an ERROR, not a watch
 * event, or began in a chunk before `chunks` (no newline before it).
 */
export function lastEventResourceVersion(chunks: readonly Buffer[]): string | undefined {
  // the end of the last frame: before the trailing white space (newlines included)
  let c = chunks.length - 1;
  let chunk = chunks[c];
  let end = 0;
  while (chunk !== undefined && (end = lastNonSpace(chunk) + 1) === 0) chunk = chunks[--c];
  if (chunk === undefined) return undefined;
  // its start: after the newline before it
  const parts: Buffer[] = [];
  for (;;) {
    const nl = end > 0 ? chunk.lastIndexOf(NEWLINE, end - 1) : -1;
    if (nl !== -1) {
      parts.unshift(chunk.subarray(nl + 1, end));
      break;
    }
    parts.unshift(chunk.subarray(0, end));
    chunk = chunks[--c];
    if (chunk === undefined) return undefined;
    end = chunk.length;
  }
  let ev: RawWatchEvent<{ metadata?: { resourceVersion?: unknown } }>;
  try {
    const [first, second] = parts;
    ev = toWatchEvent(JSON.parse((first !== undefined && second === undefined ? first : Buffer.concat(parts)).toString('utf8')));
  } catch {
    return undefined;
  }
  if (ev.type === 'ERROR') return undefined;
  const rv = ev.object.metadata?.resourceVersion;
  return typeof rv === 'string' && rv !== '' ? rv : undefined;
}

/** Yields the watch events of a newline-delimited JSON byte stream (ERROR events included). */
export async function* decodeWatchEvents<T>(chunks: AsyncIterable<Uint8Array>, opts: DecodeOptions = {}): AsyncGenerator<RawWatchEvent<T>, void, undefined> {
  for await (const batch of decodeWatchEventBatches<T>(chunks, opts)) yield* batch;
}

/**
 * The watch events of a newline-delimited JSON byte stream (ERROR events included) in batches: one per chunk, with
 * every event that chunk completed, decoded synchronously — what `StreamWatch` consumes, so that a chunk of many
 * events (a watch catching up) costs one asynchronous step, not one per event. Errors as `decodeWatchEvents`, after
 * a batch of the events before the bad frame.
 */
export function decodeWatchEventBatches<T>(chunks: AsyncIterable<Uint8Array>, opts: DecodeOptions = {}): AsyncGenerator<RawWatchEvent<T>[], void, undefined> {
  return decodeBatches(chunks, opts, (value) => toWatchEvent<T>(value));
}

/** A `LineDecoder` of watch events (ERROR events included): the synchronous decoder of `ReadableWatch`. */
export function watchEventDecoder<T>(opts: DecodeOptions = {}): LineDecoder<RawWatchEvent<T>> {
  return new LineDecoder((value) => toWatchEvent<T>(value), opts);
}
