/** `Watch<T>` implementations: over a decoded event stream (REST), and a push queue (fakes, tests). */

import { isAborted } from '../clock/clock';
import { StatusError } from '../errors/errors';
import type { Status } from '../errors/status';
import type { Readable } from 'node:stream';
import { lastEventResourceVersion, watchEventDecoder, type DecodeOptions } from './decoder';
import type { RawWatchEvent, Watch, WatchEvent, WatchListening, WatchSink } from './types';

/**
 * A `Watch<T>` over raw events already being received, one by one or in batches (`decodeWatchEventBatches`: the
 * events of one network chunk). `controller` aborts the underlying request; `signal` is the signal that request was
 * opened with (the caller's signal combined with `controller.signal`).
 */
export class StreamWatch<T> implements Watch<T> {
  private used = false;

  constructor(
    private readonly events: AsyncIterable<RawWatchEvent<T> | readonly RawWatchEvent<T>[]>,
    private readonly controller: AbortController,
    private readonly signal: AbortSignal = controller.signal,
  ) {}

  stop(): void {
    this.controller.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<WatchEvent<T>> {
    for await (const batch of this.batches()) {
      for (const ev of batch) {
        yield ev;
        if (this.signal.aborted) return;
      }
    }
  }

  async *batches(): AsyncGenerator<readonly WatchEvent<T>[], void, undefined> {
    if (this.used) throw new Error('a Watch can be iterated only once');
    this.used = true;
    if (this.signal.aborted) return;
    try {
      for await (const item of this.events) {
        const events: WatchEvent<T>[] = [];
        for (const ev of isBatch(item) ? item : [item]) {
          if (ev.type === 'ERROR') {
            if (events.length > 0) yield events;
            throw new StatusError(ev.object);
          }
          events.push(ev);
        }
        if (events.length > 0) yield events;
        if (isAborted(this.signal)) return;
      }
    } catch (err) {
      if (isAborted(this.signal) && !(err instanceof StatusError)) return;
      throw err;
    } finally {
      this.controller.abort();
    }
  }
}

/** Batches `ReadableWatch.batches()` queues before it pauses the response. */
const QUEUED_BATCHES = 16;

/**
 * Bytes `ReadableWatch.listen` reads ahead of its decoding before it pauses the response (the rest waits in the
 * socket). Read-ahead is memory at the peak of a catch-up: 8 MiB put the informer bench's peak RSS (10,000 CronTabs,
 * a 10,000-event backlog) 6–10 MiB higher than 1 MiB does, at the same catch-up rate.
 */
const READ_AHEAD_BYTES = 1024 * 1024;

/** Queued chunks decoded in one turn of the event loop, their events delivered together (`ReadableWatch.listen`). */
const MERGED_CHUNK_BYTES = 256 * 1024;

/**
 * Within a turn, consecutive chunks are joined and decoded as one piece of at most this many bytes. Joined, the many
 * small chunks of a catch-up (one per event) are decoded to text once a piece; kept well under V8's largest
 * regular heap object (128 KiB), the piece's text is an ordinary young-generation string, not a large object: decoding
 * 10,000 watch frames of 770 bytes took 40 ms in pieces of 16 or 64 KiB against 62 ms in pieces of 256 KiB (one
 * process, the variants interleaved).
 */
const DECODED_PIECE_BYTES = 64 * 1024;

/**
 * A `Watch<T>` over a response body that is a Node `Readable` (Node's HTTP client, the default transport): its
 * `'data'` chunks are queued and fed to a synchronous decoder a piece a turn of the event loop, and `listen` hands
 * each piece's events to the consumer in one call — no promise per chunk. `batches()` and iteration (the `Watch`
 * contract for other users) are built on `listen` with a small queue: the response is paused while
 * `QUEUED_BATCHES` batches wait for the consumer.
 * `controller` aborts the underlying request; `signal` is the signal that request was opened with.
 */
export class ReadableWatch<T> implements Watch<T> {
  private used = false;
  /** Stopped by the consumer (`stop()`, the signal): not set when the watch ended by itself and aborted its request. */
  private halted = false;

  constructor(
    private readonly body: Readable,
    private readonly controller: AbortController,
    private readonly signal: AbortSignal = controller.signal,
    private readonly opts: DecodeOptions = {},
  ) {}

  stop(): void {
    this.halted = true;
    this.controller.abort();
  }

  listen(sink: WatchSink<T>): WatchListening {
    if (this.used) throw new Error('a Watch can be iterated only once');
    this.used = true;
    const { body, signal } = this;
    const decoder = watchEventDecoder<T>(this.opts);
    let done = false;
    /** Paused because the sink is behind (`events` returned false), until `resume()`. */
    let paused = false;
    /**
     * Chunks read ahead of the decoding: each 'data' chunk is queued and the queue decoded once the chunks at hand
     * are read (`setImmediate`), so the end of a response is seen as soon as its bytes are in (`sink.ending`).
     */
    const queue: Buffer[] = [];
    let queuedBytes = 0;
    /** The response paused because `READ_AHEAD_BYTES` are queued. */
    let full = false;
    let scheduled = false;
    /** The response's 'end' came, or it failed (`failed`): decode the queue, then end. */
    let ended = false;
    let failed: { err: Error } | undefined;
    const finish = (err: Error | undefined): void => {
      if (done) return;
      done = true;
      queue.length = 0;
      queuedBytes = 0;
      body.off('data', onData);
      body.off('end', onEnd);
      signal.removeEventListener('abort', onAbort);
      // releases the connection (the 'error' and 'close' listeners stay: destroying the body may emit them)
      this.controller.abort();
      sink.end(err);
    };
    /** Hands `raw` to the sink up to an ERROR (which ends the watch); whether the sink keeps up. */
    /** `done` read afresh: `finish` also runs inside `deliver` (an ERROR event, a sink that stops the watch). */
    const isDone = (): boolean => done;
    const deliver = (raw: RawWatchEvent<T>[]): boolean => {
      const i = raw.findIndex((ev) => ev.type === 'ERROR');
      const failed = i < 0 ? undefined : raw[i];
      const events = failed === undefined ? raw : raw.slice(0, i);
      let more = true;
      if (events.length > 0) more = sink.events(events as WatchEvent<T>[]) !== false;
      if (failed?.type === 'ERROR' && !done && !isAborted(signal)) finish(new StatusError(failed.object));
      return more;
    };
    /** Decodes `chunks` (each piece joined from consecutive chunks up to `DECODED_PIECE_BYTES`), then the end when `last`. */
    const decode = (last: boolean, chunks: readonly Buffer[] = []): void => {
      if (done) return;
      if (signal.aborted) {
        this.halted = true;
        finish(undefined);
        return;
      }
      const out: RawWatchEvent<T>[] = [];
      let failure: { err: Error } | undefined;
      try {
        let k = 0;
        for (let first = chunks[k]; first !== undefined; first = chunks[k]) {
          // the piece: `first` and the chunks after it while they fit
          let size = first.length;
          let end = k + 1;
          for (let next = chunks[end]; next !== undefined && size + next.length <= DECODED_PIECE_BYTES; next = chunks[++end]) size += next.length;
          decoder.push(end === k + 1 ? first : Buffer.concat(chunks.slice(k, end), size), out);
          k = end;
        }
        if (last) decoder.end(out);
      } catch (err) {
        failure = { err: err instanceof Error ? err : new Error('undecodable watch frame', { cause: err }) };
      }
      const more = out.length === 0 || deliver(out);
      // the sink may have stopped the watch, or an ERROR event ended it, while it was handed the events
      if (isDone()) return;
      if (failure) finish(isAborted(signal) ? undefined : failure.err);
      else if (isAborted(signal) || last) finish(undefined);
      else if (!more) {
        // the sink is behind: no more reading ahead until it resumes
        paused = true;
        body.pause();
      }
    };
    /**
     * Decodes queued chunks, in order: at most `MERGED_CHUNK_BYTES` of them a turn of the event loop, joined into
     * pieces of `DECODED_PIECE_BYTES` and their events delivered together (a watch catching up gets one chunk per
     * event, as the apiserver flushes each, and one decoding and one delivery for many events costs less than one for
     * each). Between turns Node reads on, so the end of a response that was
     * waiting in the socket is seen (`sink.ending`) while its events are still being applied, and a large backlog
     * does not hold the event loop. Stops while the sink is behind; ends once the queue is empty after the response.
     */
    const drain = (): void => {
      scheduled = false;
      if (!done && !paused) {
        // the first queued chunk, and those after it while they fit in MERGED_CHUNK_BYTES
        const parts: Buffer[] = [];
        let size = 0;
        for (let next = queue[0]; next !== undefined && (parts.length === 0 || size + next.length <= MERGED_CHUNK_BYTES); next = queue[0]) {
          queue.shift();
          parts.push(next);
          size += next.length;
        }
        if (parts.length > 0) {
          queuedBytes -= size;
          decode(false, parts);
        }
      }
      if (done || paused) return;
      if (queue.length > 0) schedule();
      else if (ended) {
        if (failed) finish(failed.err);
        else decode(true);
        return;
      }
      if (full && queuedBytes < READ_AHEAD_BYTES / 2) {
        full = false;
        body.resume();
      }
    };
    const schedule = (): void => {
      if (scheduled || done) return;
      scheduled = true;
      setImmediate(drain);
    };
    const onData = (chunk: Buffer): void => {
      if (done) return;
      queue.push(chunk);
      queuedBytes += chunk.length;
      if (queuedBytes >= READ_AHEAD_BYTES && !full) {
        full = true;
        body.pause();
      }
      schedule();
    };
    const onEnd = (): void => {
      ended = true;
      if (sink.ending && queue.length > 0 && !signal.aborted) {
        const rv = lastEventResourceVersion(queue);
        if (rv !== undefined) sink.ending(rv);
      }
      if (queue.length === 0 && !paused) drain();
      else schedule();
    };
    /** The response failed: the events read before are delivered first, then the watch ends with `err`. */
    const fail = (err: Error): void => {
      if (done || ended) return;
      if (signal.aborted) {
        finish(undefined);
        return;
      }
      ended = true;
      failed = { err };
      if (queue.length === 0 && !paused) drain();
      else schedule();
    };
    const onError = (err: Error): void => {
      fail(err);
    };
    const onClose = (): void => {
      // a response closed before its end without an error (the connection went away)
      fail(new Error('the watch response was closed before its end'));
    };
    const onAbort = (): void => {
      this.halted = true;
      finish(undefined);
    };
    if (signal.aborted) {
      this.halted = true;
      finish(undefined);
      return { resume: () => undefined };
    }
    signal.addEventListener('abort', onAbort, { once: true });
    body.on('error', onError);
    body.on('close', onClose);
    body.on('end', onEnd);
    body.on('data', onData);
    // a body that broke or closed before `listen` (a watch opened ahead, its connection cut meanwhile) emits nothing
    // more: end as its 'error' or 'close' would have, now, or the watch would wait forever
    if (body.destroyed) {
      if (body.errored) onError(body.errored);
      else onClose();
    }
    return {
      resume: () => {
        if (!paused || done) return;
        paused = false;
        if (!full) body.resume();
        schedule();
      },
    };
  }

  async *[Symbol.asyncIterator](): AsyncIterator<WatchEvent<T>> {
    for await (const batch of this.batches()) {
      for (const ev of batch) {
        yield ev;
        if (this.halted) return;
      }
    }
  }

  async *batches(): AsyncGenerator<readonly WatchEvent<T>[], void, undefined> {
    const queue: (readonly WatchEvent<T>[])[] = [];
    let ended: { err: Error | undefined } | undefined;
    let wake: (() => void) | undefined;
    const listening = this.listen({
      events: (batch) => {
        queue.push(batch);
        wake?.();
        return queue.length < QUEUED_BATCHES;
      },
      end: (err) => {
        ended = { err };
        wake?.();
      },
    });
    try {
      for (;;) {
        const batch = queue.shift();
        if (batch !== undefined) {
          if (queue.length === 0) listening.resume();
          yield batch;
          if (this.halted) return;
          continue;
        }
        if (ended) {
          if (ended.err !== undefined) throw ended.err;
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      this.controller.abort();
    }
  }
}

function isBatch<E>(item: E | readonly E[]): item is readonly E[] {
  return Array.isArray(item);
}

/**
 * A `Watch<T>` fed by calls: `add`/`modify`/`delete`/`bookmark`/`error` enqueue events (never blocking, never
 * dropping), `close()` ends the stream after the queued events, `stop()` ends it at once. What the fake tracker
 * hands out, and what tests use to script a watch (client-go's `watch.FakeWatcher`).
 */
export class PushWatch<T> implements Watch<T> {
  private readonly queue: RawWatchEvent<T>[] = [];
  private waiting: (() => void) | undefined;
  private closed = false;
  private stopped = false;
  private used = false;
  private readonly stopHandlers: Array<() => void> = [];

  constructor(signal?: AbortSignal) {
    if (signal) {
      if (signal.aborted) this.stopped = true;
      else signal.addEventListener('abort', () => { this.stop(); }, { once: true });
    }
  }

  /** Whether the consumer stopped the watch (producers should stop sending). */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Registers a callback run once when the watch is stopped or closed (producers unregister here). */
  onStop(fn: () => void): void {
    if (this.stopped || this.closed) fn();
    else this.stopHandlers.push(fn);
  }

  push(ev: RawWatchEvent<T>): void {
    if (this.stopped || this.closed) return;
    this.queue.push(ev);
    this.wake();
  }

  add(object: T): void {
    this.push({ type: 'ADDED', object });
  }

  modify(object: T): void {
    this.push({ type: 'MODIFIED', object });
  }

  delete(object: T): void {
    this.push({ type: 'DELETED', object });
  }

  bookmark(object: T): void {
    this.push({ type: 'BOOKMARK', object });
  }

  /** Enqueues an ERROR event: the consumer's iteration throws it as a StatusError, after earlier events. */
  error(status: Status): void {
    this.push({ type: 'ERROR', object: status });
  }

  /** Ends the stream after the queued events (a server closing the response). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.runStopHandlers();
    this.wake();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.queue.length = 0;
    this.runStopHandlers();
    this.wake();
  }

  private runStopHandlers(): void {
    for (const fn of this.stopHandlers.splice(0)) fn();
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<WatchEvent<T>> {
    for await (const batch of this.batches()) {
      for (const ev of batch) {
        // stop() drops what is queued, taken in a batch or not
        if (this.stopped) return;
        yield ev;
      }
    }
  }

  /** Everything queued when the consumer asks, as one batch (an `ERROR` ends it; see `Watch`). */
  async *batches(): AsyncGenerator<readonly WatchEvent<T>[], void, undefined> {
    if (this.used) throw new Error('a Watch can be iterated only once');
    this.used = true;
    try {
      for (;;) {
        if (this.stopped) return;
        if (this.queue.length > 0) {
          const events: WatchEvent<T>[] = [];
          for (const ev of this.queue.splice(0)) {
            if (ev.type === 'ERROR') {
              if (events.length > 0) yield events;
              throw new StatusError(ev.object);
            }
            events.push(ev);
          }
          yield events;
          continue;
        }
        if (this.closed) return;
        await new Promise<void>((resolve) => {
          this.waiting = resolve;
        });
      }
    } finally {
      this.stop();
    }
  }
}
