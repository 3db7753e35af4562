import fc from 'fast-check';
import { decodeJsonLines, decodeWatchEventBatches, decodeWatchEvents, WatchDecodeError, WatchFrameTooLargeError } from '../../../../runtime/src/watch/decoder';
import { PushWatch, StreamWatch } from '../../../../runtime/src/watch/stream';
import { watchBatches, type Watch, type WatchEvent } from '../../../../runtime/src/watch/types';
import { isResourceExpired, StatusError } from '../../../../runtime/src/errors/errors';
import { RestClient } from '../../../../runtime/src/rest/client';
import { TypedClient } from '../../../../runtime/src/client/typed';
import type { KubeList, ResourceDescriptor } from '../../../../runtime/src/client/types';
import type { ObjectMeta } from '../../../../runtime/src/meta/types';
import { ScriptedTransport } from '../../helpers/transport';

interface Thing {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: { text?: string };
}

async function* chunked(bytes: Buffer, cuts: number[]): AsyncGenerator<Uint8Array> {
  let prev = 0;
  for (const c of [...cuts, bytes.length]) {
    if (c > prev) yield new Uint8Array(bytes.subarray(prev, c));
    prev = c;
  }
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const v of it) out.push(v);
  return out;
}

const events = [
  { type: 'ADDED', object: { kind: 'Thing', metadata: { name: 'a', resourceVersion: '1' }, spec: { text: 'héllo — 世界 🎉' } } },
  { type: 'MODIFIED', object: { kind: 'Thing', metadata: { name: 'a', resourceVersion: '2' }, spec: { text: 'line\nbreak "quoted" {brace}' } } },
  { type: 'BOOKMARK', object: { kind: 'Thing', metadata: { resourceVersion: '3' } } },
  { type: 'DELETED', object: { kind: 'Thing', metadata: { name: 'a', resourceVersion: '4' } } },
];
const wire = Buffer.from(events.map((e) => JSON.stringify(e)).join('\n') + '\n', 'utf8');

describe('watch framing', () => {
  it('decodes the same events for a split at every byte offset', async () => {
    for (let i = 0; i <= wire.length; i++) {
      expect(await collect(decodeWatchEvents(chunked(wire, [i])))).toEqual(events);
    }
  });

  it('decodes the same events for one byte per chunk', async () => {
    const cuts = Array.from({ length: wire.length }, (_, i) => i);
    expect(await collect(decodeWatchEvents(chunked(wire, cuts)))).toEqual(events);
  });

  it('decodes the same events for any set of split points (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 0, max: wire.length }), { maxLength: 40 }), async (cuts) => {
        const got = await collect(decodeWatchEvents(chunked(wire, [...cuts].sort((a, b) => a - b))));
        expect(got).toEqual(events);
      }),
    );
  });

  it('round-trips arbitrary JSON values, including multi-byte strings, with CRLF and blank lines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.dictionary(fc.string({ unit: 'binary' }), fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean())), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (values, rawCuts) => {
          const bytes = Buffer.from(values.map((v) => JSON.stringify(v)).join('\r\n\n') + '\n', 'utf8');
          const cuts = [...new Set(rawCuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          expect(await collect(decodeJsonLines(chunked(bytes, cuts)))).toEqual(values);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('decodes a last frame without a newline', async () => {
    const bytes = Buffer.from(JSON.stringify(events[0]) + '\n' + JSON.stringify(events[1]));
    expect(await collect(decodeWatchEvents(chunked(bytes, [5])))).toEqual(events.slice(0, 2));
  });

  it('rejects malformed frames and non-events', async () => {
    await expect(collect(decodeJsonLines(chunked(Buffer.from('{"a":\n'), [])))).rejects.toBeInstanceOf(WatchDecodeError);
    await expect(collect(decodeWatchEvents(chunked(Buffer.from('{"type":"WHAT","object":{}}\n'), [])))).rejects.toBeInstanceOf(WatchDecodeError);
  });
});

const things: ResourceDescriptor<Thing> = { group: 'example.com', version: 'v1', resource: 'things', kind: 'Thing', namespaced: true };

function typed(t: ScriptedTransport, ns = 'ns'): TypedClient<Thing, KubeList<Thing>> {
  const rest = new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined, sleep: async () => undefined });
  return new TypedClient(rest, things, ns);
}

describe('TypedClient.watch', () => {
  it('sends the watch query and yields typed events until the server closes', async () => {
    const t = new ScriptedTransport({ status: 200, body: [wire.subarray(0, 17), wire.subarray(17)] });
    const w = await typed(t).watch({ resourceVersion: '10', allowWatchBookmarks: true, timeoutSeconds: 5, labelSelector: 'a=b' });
    const got: WatchEvent<Thing>[] = await collect(w);
    expect(got).toEqual(events);
    expect(t.requests[0]!.path).toBe(
      '/apis/example.com/v1/namespaces/ns/things?labelSelector=a%3Db&resourceVersion=10&timeoutSeconds=5&watch=true&allowWatchBookmarks=true',
    );
    expect(t.requests[0]!.stream).toBe(true);
  });

  it('an ERROR event is thrown as a StatusError after the earlier events', async () => {
    const expired = { type: 'ERROR', object: { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410, message: 'too old resource version: 1 (5)' } };
    const body = Buffer.from(JSON.stringify(events[0]) + '\n' + JSON.stringify(expired) + '\n' + JSON.stringify(events[1]) + '\n');
    const w = await typed(new ScriptedTransport({ status: 200, body: [body] })).watch({ resourceVersion: '1' });
    const seen: string[] = [];
    let err: unknown;
    try {
      for await (const ev of w) seen.push(ev.type);
    } catch (e) {
      err = e;
    }
    expect(seen).toEqual(['ADDED']);
    expect(err).toBeInstanceOf(StatusError);
    expect(isResourceExpired(err)).toBe(true);
    expect((err as StatusError).code).toBe(410);
  });

  it('a rejected watch rejects the watch() call itself', async () => {
    const t = new ScriptedTransport({ status: 403, body: JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'Forbidden', code: 403 }) });
    await expect(typed(t).watch()).rejects.toBeInstanceOf(StatusError);
  });

  it('aborting the signal ends the iteration cleanly', async () => {
    const t = new ScriptedTransport({ status: 200, body: [Buffer.from(JSON.stringify(events[0]) + '\n')], hang: true });
    const ac = new AbortController();
    const w = await typed(t).watch({ signal: ac.signal });
    const seen: string[] = [];
    for await (const ev of w) {
      seen.push(ev.type);
      setTimeout(() => ac.abort(), 5);
    }
    expect(seen).toEqual(['ADDED']);
    expect(t.requests[0]!.signal!.aborted).toBe(true);
  });

  it('stop() ends the iteration cleanly and aborts the request', async () => {
    const t = new ScriptedTransport({ status: 200, body: [], hang: true });
    const w = await typed(t).watch();
    setTimeout(() => w.stop(), 5);
    expect(await collect(w)).toEqual([]);
    expect(t.requests[0]!.signal!.aborted).toBe(true);
  });

  it('leaving the loop early aborts the request', async () => {
    const t = new ScriptedTransport({ status: 200, body: [wire], hang: true });
    const w = await typed(t).watch();
    for await (const ev of w) {
      expect(ev.type).toBe('ADDED');
      break;
    }
    expect(t.requests[0]!.signal!.aborted).toBe(true);
  });

  it('a broken stream is thrown', async () => {
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(JSON.stringify(events[0]) + '\n');
      throw Object.assign(new Error('socket closed'), { code: 'UND_ERR_SOCKET' });
    }
    const w = new StreamWatch<Thing>(decodeWatchEvents<Thing>(broken()), new AbortController());
    await expect(collect(w)).rejects.toThrow('socket closed');
  });

  it('a watch can be iterated only once', async () => {
    const w = new PushWatch<Thing>();
    w.close();
    await collect(w);
    await expect(collect(w)).rejects.toThrow(/only once/);
  });
});

describe('PushWatch', () => {
  it('delivers queued events, then ends on close()', async () => {
    const w = new PushWatch<Thing>();
    w.add({ metadata: { name: 'a' } });
    w.modify({ metadata: { name: 'a' } });
    setTimeout(() => {
      w.delete({ metadata: { name: 'a' } });
      w.close();
    }, 2);
    expect((await collect(w)).map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
  });

  it('stop() drops queued events; error() throws', async () => {
    const w = new PushWatch<Thing>();
    w.add({});
    w.stop();
    w.add({});
    expect(await collect(w)).toEqual([]);
    const e = new PushWatch<Thing>();
    e.add({});
    e.error({ reason: 'Gone', code: 410, message: 'gone' });
    await expect(collect(e)).rejects.toBeInstanceOf(StatusError);
  });
});

/** The batches of `it`, and the error it ended with (`undefined` when it ended cleanly). */
async function batchesOf<T>(it: AsyncIterable<readonly T[]>): Promise<{ batches: T[][]; error: unknown }> {
  const batches: T[][] = [];
  try {
    for await (const b of it) batches.push([...b]);
  } catch (error) {
    return { batches, error };
  }
  return { batches, error: undefined };
}

/** How many frames each chunk of `bytes` cut at `cuts` completes (its newline bytes); chunks completing none dropped. */
function framesPerChunk(bytes: Buffer, cuts: number[]): number[] {
  const out: number[] = [];
  let prev = 0;
  for (const c of [...cuts, bytes.length]) {
    if (c <= prev) continue;
    const n = bytes.subarray(prev, c).filter((b) => b === 0x0a).length;
    if (n > 0) out.push(n);
    prev = c;
  }
  return out;
}

describe('watch batches (decodeWatchEventBatches, Watch.batches)', () => {
  const many = Array.from({ length: 250 }, (_, i) => ({ type: 'MODIFIED', object: { kind: 'Thing', metadata: { name: `t${i}`, resourceVersion: String(i + 10) }, spec: { text: `ü${i}` } } }));
  const manyWire = Buffer.from(many.map((e) => JSON.stringify(e) + '\n').join(''), 'utf8');

  it('a chunk of many events is one batch, in the server order', async () => {
    const { batches, error } = await batchesOf(decodeWatchEventBatches(chunked(manyWire, [])));
    expect(error).toBeUndefined();
    expect(batches).toEqual([many]);
  });

  it('each batch holds exactly the frames its chunk completed: cuts mid-line and inside a multi-byte character', async () => {
    const mid = wire.indexOf(Buffer.from('世')) + 1; // inside the 3-byte character
    const emoji = wire.indexOf(Buffer.from('🎉')) + 2; // inside the 4-byte character
    const firstNl = wire.indexOf(0x0a);
    for (const cuts of [[mid], [emoji], [mid, emoji], [firstNl, firstNl + 1], [mid, firstNl + 3], [3, mid, emoji, wire.length - 1]]) {
      const { batches, error } = await batchesOf(decodeWatchEventBatches(chunked(wire, cuts)));
      expect(error).toBeUndefined();
      expect(batches.map((b) => b.length)).toEqual(framesPerChunk(wire, cuts));
      expect(batches.flat()).toEqual(events);
    }
  });

  it('batch sizes follow the chunks for any split points, and the events are the same (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 0, max: manyWire.length }), { maxLength: 60 }), async (raw) => {
        const cuts = [...raw].sort((a, b) => a - b);
        const { batches, error } = await batchesOf(decodeWatchEventBatches(chunked(manyWire, cuts)));
        expect(error).toBeUndefined();
        expect(batches.map((b) => b.length)).toEqual(framesPerChunk(manyWire, cuts));
        expect(batches.flat()).toEqual(many);
      }),
      { numRuns: 50 },
    );
  });

  it('a malformed frame mid-chunk: the frames before it are a last batch, then the error', async () => {
    const body = Buffer.from(`${JSON.stringify(events[0])}\n${JSON.stringify(events[1])}\n{"type":\n${JSON.stringify(events[2])}\n`);
    const { batches, error } = await batchesOf(decodeWatchEventBatches(chunked(body, [])));
    expect(batches).toEqual([[events[0], events[1]]]);
    expect(error).toBeInstanceOf(WatchDecodeError);
  });

  it('a frame over the limit mid-chunk: the frames before it come first, then WatchFrameTooLargeError', async () => {
    const big = JSON.stringify({ type: 'ADDED', object: { spec: { text: 'x'.repeat(500) } } });
    const body = Buffer.from(`${JSON.stringify(events[0])}\n${big}\n${JSON.stringify(events[1])}\n`);
    const { batches, error } = await batchesOf(decodeWatchEventBatches(chunked(body, []), { maxFrameBytes: 200 }));
    expect(batches).toEqual([[events[0]]]);
    expect(error).toBeInstanceOf(WatchFrameTooLargeError);
  });

  it('the frame limit counts bytes, whatever the chunking and however many multi-byte characters (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'é', '日', '🚀', '"', '\\'), maxLength: 40 }), { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(fc.nat(400), { maxLength: 12 }),
        fc.integer({ min: 40, max: 200 }),
        async (texts, cuts, max) => {
          const frames = texts.map((text, i) => JSON.stringify({ type: 'ADDED', object: { metadata: { name: `n${i}` }, text } }));
          const body = Buffer.from(frames.map((f) => `${f}\n`).join(''));
          // the events before the first frame over `max` bytes, then the error (or all of them)
          const over = frames.findIndex((f) => Buffer.byteLength(f) > max);
          const want = (over === -1 ? frames : frames.slice(0, over)).map((f) => JSON.parse(f) as unknown);
          const { batches, error } = await batchesOf(decodeWatchEventBatches(chunked(body, cuts.filter((c) => c < body.length).sort((a, b) => a - b)), { maxFrameBytes: max }));
          expect(batches.flat()).toEqual(want);
          if (over === -1) expect(error).toBeUndefined();
          else expect(error).toBeInstanceOf(WatchFrameTooLargeError);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an ERROR event mid-batch: batches() yields the events before it, then throws the StatusError', async () => {
    const expired = { type: 'ERROR', object: { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410, message: 'too old' } };
    const body = Buffer.from([events[0], events[1], expired, events[3]].map((e) => JSON.stringify(e) + '\n').join(''));
    const t = new ScriptedTransport({ status: 200, body: [body] });
    const w = await typed(t).watch({ resourceVersion: '1' });
    const { batches, error } = await batchesOf(w.batches!());
    expect(batches).toEqual([[events[0], events[1]]]);
    expect(error).toBeInstanceOf(StatusError);
    expect(isResourceExpired(error)).toBe(true);
    expect(t.requests[0]!.signal!.aborted).toBe(true);
  });

  it('stop() mid-batch: the per-event iteration ends after the event being delivered', async () => {
    const t = new ScriptedTransport({ status: 200, body: [manyWire], hang: true });
    const w = await typed(t).watch();
    const seen: string[] = [];
    for await (const ev of w) {
      seen.push(ev.object.metadata!.name!);
      if (seen.length === 3) w.stop();
    }
    expect(seen).toEqual(['t0', 't1', 't2']);
    expect(t.requests[0]!.signal!.aborted).toBe(true);
  });

  it('an aborted signal mid-batch ends batches() before the next batch', async () => {
    const ac = new AbortController();
    const t = new ScriptedTransport({ status: 200, body: [manyWire.subarray(0, 1000), manyWire.subarray(1000)], hang: true });
    const w = await typed(t).watch({ signal: ac.signal });
    const { batches, error } = await batchesOf(
      (async function* () {
        for await (const b of w.batches!()) {
          ac.abort();
          yield b;
        }
      })(),
    );
    expect(error).toBeUndefined();
    expect(batches).toHaveLength(1);
    expect(t.requests[0]!.signal!.aborted).toBe(true);
  });

  it('batches() and the per-event iteration share the one iteration of a watch', async () => {
    const w = new PushWatch<Thing>();
    w.close();
    await collect(w.batches());
    await expect(collect(w)).rejects.toThrow(/only once/);
  });

  it('PushWatch.batches(): what is queued when asked is one batch; an ERROR ends it after the events before it', async () => {
    const w = new PushWatch<Thing>();
    w.add({ metadata: { name: 'a' } });
    w.modify({ metadata: { name: 'a' } });
    setTimeout(() => {
      w.delete({ metadata: { name: 'a' } });
      w.add({ metadata: { name: 'b' } });
      w.error({ reason: 'Gone', code: 410, message: 'gone' });
      w.add({ metadata: { name: 'c' } });
    }, 2);
    const { batches, error } = await batchesOf(w.batches());
    expect(batches.map((b) => b.map((e) => `${e.type} ${e.object.metadata!.name!}`))).toEqual([['ADDED a', 'MODIFIED a'], ['DELETED a', 'ADDED b']]);
    expect(error).toBeInstanceOf(StatusError);
  });

  it('watchBatches: a Watch without batches() gives one event a batch', async () => {
    const inner = new PushWatch<Thing>();
    inner.add({ metadata: { name: 'a' } });
    inner.add({ metadata: { name: 'b' } });
    inner.close();
    const plain: Watch<Thing> = { stop: () => { inner.stop(); }, [Symbol.asyncIterator]: () => inner[Symbol.asyncIterator]() };
    const { batches } = await batchesOf(watchBatches(plain));
    expect(batches.map((b) => b.map((e) => e.object.metadata!.name!))).toEqual([['a'], ['b']]);
  });
});
