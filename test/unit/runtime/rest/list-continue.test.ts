/**
 * A list's continue token read from its raw bytes (`continueTokenOf`), and what uses it: `TypedClient.list`'s
 * `onContinue` (called before the page is decoded, whatever the chunking of the body), and the reflector, which
 * requests the next page with it and drops that request when the decoded page carries another token.
 */
import { Reflector, type ListerWatcher, type ReflectorStore } from '../../../../runtime/src/cache/reflector';
import { CacheIndexer } from '../../../../runtime/src/cache/store';
import { TypedClient } from '../../../../runtime/src/client/typed';
import type { KubeList } from '../../../../runtime/src/client/types';
import { RestClient } from '../../../../runtime/src/rest/client';
import { continueTokenOf } from '../../../../runtime/src/rest/listmeta';
import type { ListOptions, WatchOptions } from '../../../../runtime/src/rest/options';
import type { Watch } from '../../../../runtime/src/watch/types';
import { PushWatch } from '../../../../runtime/src/watch/stream';
import { crontabs, type CronTab, type CronTabList } from '../../helpers/crontab';
import { ScriptedTransport } from '../../helpers/transport';

const item = (name: string): string => `{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"${name}","namespace":"ns","resourceVersion":"7"},"spec":{"cronSpec":"{ not: json }"}}`;
/** A custom resource list as the apiserver encodes it: sorted keys, metadata after items. */
const crList = (meta: string, items = [item('a'), item('b')]): string => `{"apiVersion":"stable.example.com/v1","items":[${items.join(',')}],"kind":"CronTabList","metadata":${meta}}\n`;
/** A built-in list: metadata before items. */
const builtinList = (meta: string): string => `{"kind":"ConfigMapList","apiVersion":"v1","metadata":${meta},"items":[{"metadata":{"name":"a","resourceVersion":"3"}}]}\n`;

describe('continueTokenOf', () => {
  const table: Array<{ name: string; body: string; want: string | undefined }> = [
    { name: 'custom resource list: metadata after items', body: crList('{"continue":"eyJ2Ijo","remainingItemCount":98,"resourceVersion":"10"}'), want: 'eyJ2Ijo' },
    { name: 'built-in list: metadata before items', body: builtinList('{"resourceVersion":"10","continue":"tok-1","remainingItemCount":4}'), want: 'tok-1' },
    { name: 'the last page: metadata without continue', body: crList('{"resourceVersion":"10"}'), want: '' },
    { name: 'the last page: an empty continue', body: builtinList('{"resourceVersion":"10","continue":""}'), want: '' },
    { name: 'a token with JSON escapes', body: crList('{"continue":"a\\u003db","resourceVersion":"1"}'), want: 'a=b' },
    { name: 'no list metadata at all', body: '{"apiVersion":"v1","items":[],"kind":"List"}', want: undefined },
    {
      name: "an item's metadata last, not the list's",
      body: '{"items":[{"metadata":{"continue":"evil"}}]}',
      want: undefined,
    },
    { name: 'a nested object ends with metadata', body: '{"a":{"b":1,"metadata":{"continue":"evil"}}}', want: undefined },
    { name: 'metadata first but inside a nested object', body: '{"spec":{"metadata":{"continue":"evil"}},"items":[]}', want: undefined },
    { name: 'a brace inside the metadata', body: crList('{"continue":"x","selfLink":"/a}b","resourceVersion":"1"}'), want: undefined },
    { name: 'a truncated body', body: crList('{"continue":"tok"}').slice(0, 60), want: undefined },
    { name: 'not JSON', body: '<html>login</html>', want: undefined },
    { name: 'continue not a string', body: crList('{"continue":5}'), want: undefined },
    { name: 'empty', body: '', want: undefined },
  ];
  it.each(table)('$name', ({ body, want }) => {
    expect(continueTokenOf(Buffer.from(body))).toBe(want);
  });

  it('reads a Uint8Array that is not a Buffer', () => {
    const bytes = new Uint8Array(Buffer.from(crList('{"continue":"t"}')));
    expect(continueTokenOf(bytes)).toBe('t');
  });
});

describe('TypedClient.list onContinue', () => {
  function client(body: string, chunk: number): { c: TypedClient<CronTab, CronTabList>; t: ScriptedTransport } {
    const bytes = Buffer.from(body);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
    const t = new ScriptedTransport({ status: 200, body: chunks, headers: { 'content-type': 'application/json' } });
    return { c: new TypedClient(new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined }), crontabs, 'ns'), t };
  }

  it.each([1, 3, 7, 64, 100_000])('gives a built-in list\'s token before its items arrive, with the body in chunks of %i bytes (the token split across them)', async (size) => {
    const body = builtinList('{"resourceVersion":"10","continue":"split-token-0123456789"}');
    const { c } = client(body, size);
    const calls: string[] = [];
    let resolved = false;
    const page = c.list({ limit: 2, onContinue: (t) => calls.push(`${t} resolved=${String(resolved)}`), onItems: (items) => calls.push(`items ${items.length}`) }).then((p) => {
      resolved = true;
      return p;
    });
    const got = await page;
    expect(calls[0]).toBe('split-token-0123456789 resolved=false');
    expect(calls.slice(1)).toEqual(['items 1']);
    expect(got.metadata?.continue).toBe('split-token-0123456789');
    expect(got.items.map((i) => i.metadata?.name)).toEqual(['a']);
  });

  it.each([1, 3, 7, 64, 100_000])('gives a custom resource list\'s token (written last) as soon as its last bytes are in, and hands its items over as they are decoded (chunks of %i bytes)', async (size) => {
    const { c } = client(crList('{"continue":"tok","resourceVersion":"10"}'), size);
    const early: string[] = [];
    let resolved = false;
    const got = await c
      .list({
        onContinue: (t) => early.push(`token ${t} resolved=${String(resolved)}`),
        onItems: (items) => early.push(...items.map((i) => `${(i as CronTab).metadata?.name} resolved=${String(resolved)}`)),
      })
      .then((p) => {
        resolved = true;
        return p;
      });
    expect(early.filter((e) => !e.startsWith('token'))).toEqual(['a resolved=false', 'b resolved=false']);
    expect(early.filter((e) => e.startsWith('token'))).toEqual(['token tok resolved=false']);
    if (size >= 100_000) expect(early[0]).toBe('token tok resolved=false'); // read ahead of the decoding
    expect(got.metadata?.continue).toBe('tok');
    expect(got.items.map((i) => i.metadata?.name)).toEqual(['a', 'b']);
  });

  it.each([1, 333, 4096, 5000])('finds the token of a list longer than the window it looks in (chunks of %i bytes), once', async (size) => {
    const names = Array.from({ length: 60 }, (_, i) => `item-${i}`);
    const { c } = client(crList('{"continue":"far","resourceVersion":"10"}', names.map(item)), size);
    const calls: string[] = [];
    let resolved = false;
    const got = await c.list({ onContinue: (t) => calls.push(`${t} resolved=${String(resolved)}`) }).then((p) => {
      resolved = true;
      return p;
    });
    expect(calls).toEqual(['far resolved=false']);
    expect(got.items.map((i) => i.metadata?.name)).toEqual(names);
  });

  it('is not called for the last page, nor when the bytes do not show the metadata; the list decodes either way', async () => {
    const calls: string[] = [];
    const last = client(crList('{"resourceVersion":"10"}'), 5);
    expect((await last.c.list({ onContinue: (t) => calls.push(t) })).items).toHaveLength(2);
    // the list's metadata neither first nor last
    const odd = client('{"kind":"CronTabList","items":[],"metadata":{"continue":"x"},"extra":{"a":1}} ', 5);
    expect(await odd.c.list({ onContinue: (t) => calls.push(t) })).toMatchObject({ metadata: { continue: 'x' } });
    expect(calls).toEqual([]);
  });

  it('is never sent to the server', async () => {
    const { c, t } = client(crList('{"continue":"n"}'), 1000);
    await c.list({ limit: 1, onContinue: () => undefined });
    expect(t.requests[0]!.path).toBe('/apis/stable.example.com/v1/namespaces/ns/crontabs?limit=1');
  });
});

describe('Reflector: the next page requested with the early token', () => {
  type Call = { opts: ListOptions; settled: boolean };
  /** Pages by continue token; each list resolves when `release()` is called, after giving `early(token)` its token. */
  function lister(pages: Record<string, KubeList<CronTab>>, early: (token: string | undefined) => string | undefined) {
    const calls: Call[] = [];
    const pending: Array<() => void> = [];
    const lw: ListerWatcher<CronTab> = {
      list: (opts) => {
        const call: Call = { opts, settled: false };
        calls.push(call);
        const page = pages[opts.continue ?? ''];
        if (!page) return Promise.reject(new Error(`no page ${String(opts.continue)}`));
        const token = early(page.metadata?.continue);
        if (token) opts.onContinue?.(token);
        return new Promise((resolve, reject) => {
          opts.signal?.addEventListener('abort', () => reject(opts.signal!.reason), { once: true });
          pending.push(() => {
            call.settled = true;
            resolve(page);
          });
        });
      },
      watch: (opts: WatchOptions): Promise<Watch<CronTab>> => Promise.resolve(new PushWatch<CronTab>(opts.signal)),
    };
    const release = async (): Promise<void> => {
      for (let i = 0; i < 50 && pending.length === 0; i++) await new Promise((r) => setImmediate(r));
      pending.shift()?.();
    };
    return { lw, calls, release };
  }
  const ct = (name: string): CronTab => ({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name, namespace: 'ns', resourceVersion: '5' } });
  const pages: Record<string, KubeList<CronTab>> = {
    '': { metadata: { continue: 'p2', resourceVersion: '5' }, items: [ct('a')] },
    p2: { metadata: { continue: 'p3' }, items: [ct('b')] },
    p3: { metadata: { resourceVersion: '5' }, items: [ct('c')] },
  };

  async function run(early: (token: string | undefined) => string | undefined) {
    const l = lister(pages, early);
    const store = new CacheIndexer<CronTab>({ indexers: {} });
    const reflector = new Reflector<CronTab>(l.lw, store, { initialList: 'ListWatch', watchTimeoutSeconds: 0, onError: () => undefined });
    const ac = new AbortController();
    const done = reflector.run(ac.signal);
    return { ...l, store, reflector, stop: async () => { ac.abort(); await done; } };
  }

  it('requests page n + 1 while page n is still pending when the token comes early', async () => {
    const r = await run((t) => t);
    for (let i = 0; i < 20 && r.calls.length < 3; i++) await new Promise((res) => setImmediate(res));
    // nothing has arrived yet, and every page is requested (each token came before its page was decoded)
    expect(r.calls.map((c) => [c.opts.continue, c.settled])).toEqual([
      [undefined, false],
      ['p2', false],
      ['p3', false],
    ]);
    expect(r.calls[1]!.opts.resourceVersion).toBeUndefined();
    for (let i = 0; i < 3; i++) await r.release();
    for (let i = 0; i < 50 && !r.reflector.hasSynced(); i++) await new Promise((res) => setImmediate(res));
    expect(r.store.listKeys().sort()).toEqual(['ns/a', 'ns/b', 'ns/c']);
    expect(r.calls).toHaveLength(3);
    await r.stop();
  });

  it('drops (aborts) a page requested with an early token the decoded page does not carry, and requests the right one', async () => {
    const r = await run((t) => (t === 'p2' ? 'wrong' : t));
    await r.release();
    for (let i = 0; i < 50 && !r.calls.some((c) => c.opts.continue === 'p2'); i++) await new Promise((res) => setImmediate(res));
    const wrong = r.calls.find((c) => c.opts.continue === 'wrong');
    expect(wrong?.opts.signal?.aborted).toBe(true);
    await r.release();
    await r.release();
    for (let i = 0; i < 50 && !r.reflector.hasSynced(); i++) await new Promise((res) => setImmediate(res));
    expect(r.store.listKeys().sort()).toEqual(['ns/a', 'ns/b', 'ns/c']);
    expect(r.calls.filter((c) => c.settled).map((c) => c.opts.continue)).toEqual([undefined, 'p2', 'p3']);
    await r.stop();
  });

  it('without early tokens pages come one after the other, as before', async () => {
    const r = await run(() => undefined);
    await r.release();
    for (let i = 0; i < 20; i++) await new Promise((res) => setImmediate(res));
    expect(r.calls.map((c) => c.opts.continue)).toEqual([undefined, 'p2']);
    await r.release();
    await r.release();
    for (let i = 0; i < 50 && !r.reflector.hasSynced(); i++) await new Promise((res) => setImmediate(res));
    expect(r.store.listKeys().sort()).toEqual(['ns/a', 'ns/b', 'ns/c']);
    await r.stop();
  });
});

describe('Reflector: a page\'s items applied as they are decoded (onItems)', () => {
  const ct = (name: string): CronTab => ({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name, namespace: 'ns', resourceVersion: '5' } });
  /** Each page hands its first item over at once, then resolves (with both items) on `release`; `fail` rejects it instead. */
  function lister(pages: Record<string, KubeList<CronTab>>, opts: { giveOnItems?: boolean; earlyTokens?: boolean } = {}) {
    const pending: Array<{ page: string; release: () => void; fail: (err: Error) => void }> = [];
    const lw: ListerWatcher<CronTab> = {
      list: (o) => {
        const key = o.continue ?? '';
        const page = pages[key]!;
        return new Promise((resolve, reject) => {
          o.signal?.addEventListener('abort', () => reject(o.signal!.reason), { once: true });
          if (opts.earlyTokens && page.metadata?.continue) o.onContinue?.(page.metadata.continue);
          if (opts.giveOnItems !== false) o.onItems?.(page.items.slice(0, 1));
          pending.push({ page: key, release: () => resolve(page), fail: reject });
        });
      },
      watch: (o: WatchOptions): Promise<Watch<CronTab>> => Promise.resolve(new PushWatch<CronTab>(o.signal)),
    };
    /** The pending request of page `key` (the first page: `''`), once it is made. */
    const next = async (key: string) => {
      for (let i = 0; i < 200 && !pending.some((p) => p.page === key); i++) await new Promise((r) => setTimeout(r, 1));
      return pending.splice(pending.findIndex((p) => p.page === key), 1)[0]!;
    };
    return { lw, next };
  }
  function recordingStore() {
    const log: string[] = [];
    const store: ReflectorStore<CronTab> = {
      add: () => undefined,
      update: () => undefined,
      delete: () => undefined,
      replace: () => undefined,
      bookmark: () => undefined,
      beginReplace: () => {
        const names: string[] = [];
        return {
          add: (o) => {
            names.push(o.metadata!.name!);
            log.push(`add ${o.metadata!.name!}`);
            return `ns/${o.metadata!.name!}`;
          },
          commit: (rv) => log.push(`commit ${names.join(',')} @${rv}`),
        };
      },
    };
    return { store, log };
  }
  const pages: Record<string, KubeList<CronTab>> = {
    '': { metadata: { continue: 'p2', resourceVersion: '5' }, items: [ct('a1'), ct('a2')] },
    p2: { metadata: { resourceVersion: '5' }, items: [ct('b1'), ct('b2')] },
  };
  const tick = async (n = 20) => {
    for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
  };

  it.each([false, true])('applies the items handed over before the page is in, the rest after, in page order (early tokens: %s)', async (earlyTokens) => {
    const l = lister(pages, { earlyTokens });
    const { store, log } = recordingStore();
    const ac = new AbortController();
    const reflector = new Reflector<CronTab>(l.lw, store, { initialList: 'ListWatch', watchTimeoutSeconds: 0, onError: () => undefined });
    const done = reflector.run(ac.signal);
    const first = await l.next('');
    await tick();
    // a1 is applied while page 1 is pending; with an early token, page 2 is pending too and its b1 waits for page 1
    expect(log).toEqual(['add a1']);
    first.release();
    const second = await l.next('p2');
    await tick();
    expect(log).toEqual(['add a1', 'add a2', 'add b1']);
    second.release();
    await tick();
    expect(log).toEqual(['add a1', 'add a2', 'add b1', 'add b2', 'commit a1,a2,b1,b2 @5']);
    expect(reflector.hasSynced()).toBe(true);
    ac.abort();
    await done;
  });

  it('takes every item from the page when the lister-watcher hands none over', async () => {
    const l = lister(pages, { giveOnItems: false });
    const { store, log } = recordingStore();
    const ac = new AbortController();
    const done = new Reflector<CronTab>(l.lw, store, { initialList: 'ListWatch', watchTimeoutSeconds: 0, onError: () => undefined }).run(ac.signal);
    (await l.next('')).release();
    (await l.next('p2')).release();
    await tick();
    expect(log).toEqual(['add a1', 'add a2', 'add b1', 'add b2', 'commit a1,a2,b1,b2 @5']);
    ac.abort();
    await done;
  });

  it('does not commit a list that failed after some of its items were applied; the next list starts afresh', async () => {
    const l = lister(pages);
    const { store, log } = recordingStore();
    const ac = new AbortController();
    const errors: string[] = [];
    const done = new Reflector<CronTab>(l.lw, store, { initialList: 'ListWatch', watchTimeoutSeconds: 0, onError: (e) => errors.push(e.reason), backoff: { durationMs: 1, factor: 1, jitter: 0, steps: 1 } }).run(ac.signal);
    (await l.next('')).release();
    (await l.next('p2')).fail(new Error('connection reset'));
    (await l.next('')).release();
    (await l.next('p2')).release();
    await tick();
    expect(errors).toHaveLength(1);
    // the failed list's a1, a2, b1 were applied to a builder that was never committed
    expect(log).toEqual(['add a1', 'add a2', 'add b1', 'add a1', 'add a2', 'add b1', 'add b2', 'commit a1,a2,b1,b2 @5']);
    ac.abort();
    await done;
  });
});
