import fc from 'fast-check';
import { decodeJsonLines, decodeWatchEvents, WatchDecodeError } from '../../../runtime/src/watch/decoder';
import { PushWatch, StreamWatch } from '../../../runtime/src/watch/stream';
import type { WatchEvent } from '../../../runtime/src/watch/types';
import { isResourceExpired, StatusError } from '../../../runtime/src/errors/errors';
import { RestClient } from '../../../runtime/src/rest/client';
import { TypedClient } from '../../../runtime/src/client/typed';
import type { KubeList, ResourceDescriptor } from '../../../runtime/src/client/types';
import type { ObjectMeta } from '../../../runtime/src/meta/types';
import { ScriptedTransport } from './transport';

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

const things: ResourceDescriptor = { group: 'example.com', version: 'v1', resource: 'things', kind: 'Thing', namespaced: true };

function typed(t: ScriptedTransport, ns = 'ns'): TypedClient<Thing, KubeList<Thing>> {
  const rest = new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined, sleep: async () => undefined });
  return new TypedClient<Thing, KubeList<Thing>>(rest, things, ns);
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
