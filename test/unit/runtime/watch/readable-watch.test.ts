/**
 * `ReadableWatch`: the watch over a Node `Readable` body (Node's HTTP client), its `'data'` chunks queued, decoded
 * together a piece a turn and pushed to `listen` — chunk cuts, many events a chunk, backpressure, abort and ERROR
 * mid-batch, reading ahead (`ending`), and the
 * `batches()` / iteration contract built on it. Driven by a `PassThrough`, written step by step.
 */
import { PassThrough } from 'node:stream';
import { ReadableWatch } from '../../../../runtime/src/watch/stream';
import { WatchDecodeError } from '../../../../runtime/src/watch/decoder';
import { StatusError, isResourceExpired } from '../../../../runtime/src/errors/errors';
import type { WatchEvent, WatchSink } from '../../../../runtime/src/watch/types';

// This file starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

interface Thing {
  metadata: { name: string; resourceVersion: string };
  spec?: { text: string };
}

const ev = (type: string, name: string, rv: number, text = 'ünï€ode'): string =>
  `${JSON.stringify({ type, object: { metadata: { name, resourceVersion: String(rv) }, spec: { text } } })}\n`;
const gone = `${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410, message: 'too old' } })}\n`;

/** Records what a sink receives; `behind` makes it report being behind. */
function recorder(behind = false): { sink: WatchSink<Thing>; calls: (readonly WatchEvent<Thing>[])[]; ends: (Error | undefined)[]; state: { behind: boolean } } {
  const calls: (readonly WatchEvent<Thing>[])[] = [];
  const ends: (Error | undefined)[] = [];
  const state = { behind };
  return {
    calls,
    ends,
    state,
    sink: {
      events: (batch) => {
        calls.push(batch);
        return !state.behind;
      },
      end: (err) => ends.push(err),
    },
  };
}

/** Lets queued stream events ('data', 'end', 'close') run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function make(): { body: PassThrough; watch: ReadableWatch<Thing>; controller: AbortController } {
  const body = new PassThrough();
  const controller = new AbortController();
  // the transport destroys the response when the request's signal aborts
  controller.signal.addEventListener('abort', () => body.destroy());
  return { body, watch: new ReadableWatch<Thing>(body, controller), controller };
}

describe('ReadableWatch.listen', () => {
  it('decodes every cut of the bytes (mid-line, mid-character) into the same events, in order, with a clean end', async () => {
    const bytes = Buffer.from(ev('ADDED', 'a', 1) + ev('MODIFIED', 'a', 2) + ev('BOOKMARK', 'b', 3) + ev('DELETED', 'a', 4));
    for (let cut = 1; cut < bytes.length; cut++) {
      const { body, watch } = make();
      const r = recorder();
      watch.listen(r.sink);
      body.write(bytes.subarray(0, cut));
      await settle();
      body.end(bytes.subarray(cut));
      await settle();
      const events = r.calls.flat();
      expect(events.map((e) => `${e.type} ${e.object.metadata.resourceVersion} ${e.object.spec?.text}`)).toEqual([
        'ADDED 1 ünï€ode',
        'MODIFIED 2 ünï€ode',
        'BOOKMARK 3 ünï€ode',
        'DELETED 4 ünï€ode',
      ]);
      expect(r.ends).toEqual([undefined]);
    }
  });

  it('hands all the events of one chunk over in one call', async () => {
    const { body, watch } = make();
    const r = recorder();
    watch.listen(r.sink);
    body.write(Array.from({ length: 500 }, (_, i) => ev('MODIFIED', `o${i}`, i + 1)).join(''));
    await settle();
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]).toHaveLength(500);
    expect(r.calls[0]?.[499]?.object.metadata.name).toBe('o499');
    expect(r.ends).toEqual([]);
  });

  it('pauses the body while the consumer is behind and resumes it on resume()', async () => {
    const { body, watch } = make();
    const r = recorder(true);
    const listening = watch.listen(r.sink);
    body.write(ev('ADDED', 'a', 1));
    await settle();
    expect(body.isPaused()).toBe(true);
    body.write(ev('MODIFIED', 'a', 2));
    await settle();
    expect(r.calls.flat().map((e) => e.type)).toEqual(['ADDED']);
    r.state.behind = false;
    listening.resume();
    await settle();
    expect(body.isPaused()).toBe(false);
    expect(r.calls.flat().map((e) => e.type)).toEqual(['ADDED', 'MODIFIED']);
    listening.resume(); // not paused: nothing
    expect(r.ends).toEqual([]);
  });

  it('ends cleanly at once when the consumer stops the watch in the middle of a batch; nothing after', async () => {
    const { body, watch } = make();
    const seen: string[] = [];
    const ends: (Error | undefined)[] = [];
    watch.listen({
      events: (batch) => {
        for (const e of batch) {
          seen.push(e.object.metadata.name);
          if (e.object.metadata.name === 'b') watch.stop();
        }
        return true;
      },
      end: (err) => ends.push(err),
    });
    body.write(ev('ADDED', 'a', 1) + ev('ADDED', 'b', 2) + ev('ADDED', 'c', 3));
    await settle();
    expect(ends).toEqual([undefined]);
    expect(body.destroyed).toBe(true);
    // the consumer saw its own batch to the end (it checks its signal between events); no batch after
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('ends cleanly when the signal aborts before or while waiting', async () => {
    const before = make();
    before.controller.abort();
    const r1 = recorder();
    before.watch.listen(r1.sink);
    expect(r1.ends).toEqual([undefined]);

    const { body, watch, controller } = make();
    const r2 = recorder();
    watch.listen(r2.sink);
    body.write(ev('ADDED', 'a', 1));
    await settle();
    controller.abort();
    await settle();
    expect(r2.calls.flat()).toHaveLength(1);
    expect(r2.ends).toEqual([undefined]);
  });

  it('delivers the events before an ERROR, then ends with its StatusError (nothing after it)', async () => {
    const { body, watch } = make();
    const r = recorder();
    watch.listen(r.sink);
    body.write(ev('ADDED', 'a', 1) + ev('MODIFIED', 'a', 2) + gone + ev('MODIFIED', 'a', 3));
    await settle();
    expect(r.calls.flat().map((e) => e.object.metadata.resourceVersion)).toEqual(['1', '2']);
    expect(r.ends).toHaveLength(1);
    expect(r.ends[0]).toBeInstanceOf(StatusError);
    expect(isResourceExpired(r.ends[0])).toBe(true);
    expect(body.destroyed).toBe(true);
  });

  it('delivers the events before an undecodable frame, then ends with a WatchDecodeError', async () => {
    const { body, watch } = make();
    const r = recorder();
    watch.listen(r.sink);
    body.write(`${ev('ADDED', 'a', 1)}{not json}\n${ev('ADDED', 'b', 2)}`);
    await settle();
    expect(r.calls.flat().map((e) => e.object.metadata.name)).toEqual(['a']);
    expect(r.ends[0]).toBeInstanceOf(WatchDecodeError);
  });

  it('ends with the error of a broken body, and with an error for a body closed before its end', async () => {
    const broken = make();
    const r1 = recorder();
    broken.watch.listen(r1.sink);
    broken.body.destroy(new Error('ECONNRESET'));
    await settle();
    expect(r1.ends.map((e) => e?.message)).toEqual(['ECONNRESET']);

    const closed = make();
    const r2 = recorder();
    closed.watch.listen(r2.sink);
    closed.body.destroy();
    await settle();
    expect(r2.ends.map((e) => e?.message)).toEqual(['the watch response was closed before its end']);
  });

  it('ends with the error of a body that broke or closed before listen (a watch opened ahead, its connection cut meanwhile)', async () => {
    const broken = make();
    broken.body.write(ev('ADDED', 'a', 1));
    broken.body.on('error', () => undefined); // as an IncomingMessage, which emits 'error' only to its listeners
    broken.body.destroy(new Error('ECONNRESET'));
    await settle();
    const r1 = recorder();
    broken.watch.listen(r1.sink);
    await settle();
    expect(r1.calls).toEqual([]);
    expect(r1.ends.map((e) => e?.message)).toEqual(['ECONNRESET']);

    const closed = make();
    closed.body.destroy();
    await settle();
    const r2 = recorder();
    closed.watch.listen(r2.sink);
    await settle();
    expect(r2.ends.map((e) => e?.message)).toEqual(['the watch response was closed before its end']);
    // and as an AsyncIterable
    const iterated = make();
    iterated.body.on('error', () => undefined);
    iterated.body.destroy(new Error('EPIPE'));
    await settle();
    await expect((async () => {
      for await (const _batch of iterated.watch.batches()) {
        // drained: the iteration's failure is what is awaited
      }
    })()).rejects.toThrow('EPIPE');
  });

  describe('reading ahead: the end of a response is seen before its events are applied (ending)', () => {
    /** A recorder that also logs `ending` calls among the events. */
    function endingRecorder() {
      const log: string[] = [];
      const sink: WatchSink<Thing> = {
        events: (batch) => {
          for (const e of batch) log.push(`${e.type} ${e.object.metadata.resourceVersion}`);
          return true;
        },
        end: (err) => log.push(`end ${err?.message ?? 'clean'}`),
        ending: (rv) => log.push(`ending ${rv}`),
      };
      return { sink, log };
    }
    /** Writes `chunks` and ends the body in one go (a response already in, as after a stall), then lets it run. */
    async function run(chunks: string[]): Promise<string[]> {
      const { body, watch } = make();
      const r = endingRecorder();
      watch.listen(r.sink);
      for (const c of chunks) body.write(c);
      body.end();
      for (let i = 0; i < 5; i++) await settle();
      return r.log;
    }
    const three = ev('ADDED', 'a', 1) + ev('MODIFIED', 'a', 2) + ev('MODIFIED', 'a', 3);

    it('gives the last event\'s resourceVersion before the events read ahead are delivered', async () => {
      const log = await run([three]);
      expect(log).toEqual(['ending 3', 'ADDED 1', 'MODIFIED 2', 'MODIFIED 3', 'end clean']);
    });

    it.each([1, 5, 17, 64])('whatever the chunks (%i bytes), trailing blank lines, a last frame without newline, a BOOKMARK', async (size) => {
      for (const body of [three, `${three}\n\r\n  \n`, three.slice(0, -1), ev('ADDED', 'a', 1) + ev('BOOKMARK', 'b', 9)]) {
        const chunks: string[] = [];
        const bytes = Buffer.from(body);
        for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size).toString('latin1'));
        const { body: stream, watch } = make();
        const r = endingRecorder();
        watch.listen(r.sink);
        for (const c of chunks) stream.write(Buffer.from(c, 'latin1'));
        stream.end();
        for (let i = 0; i < 5; i++) await settle();
        const last = body.includes('BOOKMARK') ? '9' : '3';
        expect(r.log.filter((l) => l.startsWith('ending'))).toEqual([`ending ${last}`]);
        expect(r.log.indexOf(`ending ${last}`)).toBeLessThan(r.log.findIndex((l) => l.endsWith(` ${last}`) && !l.startsWith('ending')));
        expect(r.log[r.log.length - 1]).toBe('end clean');
      }
    });

    it('is not called when the last frame is an ERROR or not an event, nor for an empty response', async () => {
      expect((await run([ev('ADDED', 'a', 1) + gone])).filter((l) => l.startsWith('ending'))).toEqual([]);
      expect((await run([`${ev('ADDED', 'a', 1)}{"type":"ADDED"}\n`])).filter((l) => l.startsWith('ending'))).toEqual([]);
      expect(await run([])).toEqual(['end clean']);
    });

    it('decodes the chunks at hand together: many one-event chunks (a watch catching up) reach the sink in one call', async () => {
      const { body, watch } = make();
      const r = recorder();
      watch.listen(r.sink);
      for (let i = 0; i < 300; i++) body.write(ev('MODIFIED', `o${i}`, i + 1));
      await settle();
      expect(r.calls).toHaveLength(1);
      expect(r.calls[0]?.map((e) => e.object.metadata.resourceVersion)).toEqual(Array.from({ length: 300 }, (_, i) => String(i + 1)));
    });

    it('decodes the chunks of one turn in pieces (a frame or a character cut where one piece ends) into one call', async () => {
      const { body, watch } = make();
      const r = recorder();
      watch.listen(r.sink);
      // ≈ 200 KB — several decoded pieces, under one turn's share — cut every 997 bytes: the pieces end inside
      // frames and inside the three-byte '€'
      const n = 200;
      const text = 'ü€'.repeat(200);
      const bytes = Buffer.from(Array.from({ length: n }, (_, i) => ev('MODIFIED', `o${i}`, i + 1, text)).join(''));
      expect(bytes.length).toBeGreaterThan(150 * 1024);
      expect(bytes.length).toBeLessThan(250 * 1024);
      for (let at = 0; at < bytes.length; at += 997) body.write(bytes.subarray(at, at + 997));
      await settle();
      expect(r.calls).toHaveLength(1);
      expect(r.calls[0]?.map((e) => `${e.object.metadata.resourceVersion} ${e.object.spec?.text === text}`)).toEqual(
        Array.from({ length: n }, (_, i) => `${i + 1} true`),
      );
    });

    it('decodes a large backlog a piece a turn: what arrives meanwhile is read, and the end is seen before the backlog is applied', async () => {
      const { body, watch } = make();
      const r = endingRecorder();
      watch.listen(r.sink);
      // about 1 MiB in 1 KB chunks, in one go
      const padding = 'x'.repeat(900);
      const n = 1000;
      for (let i = 1; i <= n; i++) body.write(ev('MODIFIED', `o${i}`, i, padding));
      await settle();
      const deliveredBeforeEnd = r.log.length;
      expect(deliveredBeforeEnd).toBeGreaterThan(0);
      expect(deliveredBeforeEnd).toBeLessThan(n);
      body.end(ev('MODIFIED', 'last', n + 1, padding));
      for (let i = 0; i < 20 && r.log[r.log.length - 1] !== 'end clean'; i++) await settle();
      // the end came after one turn of decoding, and was seen before the rest of the backlog was delivered
      expect(r.log.indexOf(`ending ${n + 1}`)).toBeGreaterThanOrEqual(deliveredBeforeEnd);
      expect(r.log.indexOf(`ending ${n + 1}`)).toBeLessThan(n);
      expect(r.log.filter((l) => !l.startsWith('ending') && l !== 'end clean')).toEqual(Array.from({ length: n + 1 }, (_, i) => `MODIFIED ${i + 1}`));
      expect(r.log[r.log.length - 1]).toBe('end clean');
    });

    it('a response that breaks after its bytes are read: the events read are delivered, then the error', async () => {
      const { body, watch } = make();
      const r = endingRecorder();
      watch.listen(r.sink);
      body.write(three);
      body.destroy(new Error('ECONNRESET'));
      for (let i = 0; i < 5; i++) await settle();
      expect(r.log).toEqual(['ADDED 1', 'MODIFIED 2', 'MODIFIED 3', 'end ECONNRESET']);
    });
  });

  it('is iterated once', () => {
    const { watch } = make();
    watch.listen(recorder().sink);
    expect(() => watch.listen(recorder().sink)).toThrow('only once');
  });
});

describe('ReadableWatch as an AsyncIterable (batches(), for await)', () => {
  it('yields the batches, then throws the ERROR', async () => {
    const { body, watch } = make();
    body.write(ev('ADDED', 'a', 1) + ev('ADDED', 'b', 2));
    body.write(ev('MODIFIED', 'a', 3) + gone);
    const got: string[][] = [];
    await expect(
      (async () => {
        for await (const batch of watch.batches()) got.push(batch.map((e) => e.object.metadata.resourceVersion));
      })(),
    ).rejects.toBeInstanceOf(StatusError);
    expect(got.flat()).toEqual(['1', '2', '3']);
  });

  it('pauses the body while batches wait for a slow consumer, resumes once they are taken', async () => {
    const { body, watch } = make();
    const it = watch.batches()[Symbol.asyncIterator]();
    const first = it.next();
    for (let i = 0; i < 40; i++) {
      body.write(ev('MODIFIED', 'a', i + 1));
      await settle();
    }
    await first;
    expect(body.isPaused()).toBe(true);
    let n = 1;
    while (body.isPaused()) {
      await it.next();
      n++;
    }
    expect(n).toBeGreaterThan(1);
    body.end();
    let last = 0;
    for (let r = await it.next(); !r.done; r = await it.next()) last = Number(r.value.at(-1)?.object.metadata.resourceVersion);
    expect(last).toBe(40);
  });

  it('for await ends cleanly on stop() and on the server closing the response', async () => {
    const a = make();
    a.body.write(ev('ADDED', 'a', 1) + ev('ADDED', 'b', 2));
    const names: string[] = [];
    for await (const e of a.watch) {
      names.push(e.object.metadata.name);
      a.watch.stop();
    }
    expect(names).toEqual(['a']);

    const b = make();
    b.body.end(ev('ADDED', 'a', 1) + ev('DELETED', 'a', 2).trimEnd());
    const types: string[] = [];
    for await (const e of b.watch) types.push(e.type);
    expect(types).toEqual(['ADDED', 'DELETED']);
  });
});
