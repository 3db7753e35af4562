/**
 * The run-time reproductions of issue 8, each kept as a regression test: prototype pollution through the
 * lost-fields annotation (1), deepcopy of an own `__proto__` key (7), the multi-version fake clientset (6), the
 * watch decoder's frame limit and a 2xx body that is not JSON (8).
 */
import * as path from 'node:path';
import {
  cloneJSON,
  StatusError,
  DEFAULT_MAX_WATCH_FRAME_BYTES,
  decodeWatchEvents,
  RestClient,
  ResponseDecodeError,
  TypedClient,
  WatchFrameTooLargeError,
  type KubeObject,
} from '../../runtime/src';
import { Fake } from '../../runtime/src/testing';
import { lostFieldsAnnotation } from '../../runtime/src/webhook';
import { ScriptedTransport } from '../unit/helpers/transport';
import { plainEverywhere, prototypesUntouched, sameJson } from './json-arbitrary';

const GENERATED = path.resolve(__dirname, '../../generated');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated module is chosen at run time, by name
const stable = (module: string): unknown => require(path.join(GENERATED, 'stable.example.com/src', module));

afterEach(() => prototypesUntouched());

describe('conversion: the lost-fields annotation is data (issue 8, item 1)', () => {
  const { convert } = stable('conversion') as { convert: (o: object, v: string) => Record<string, unknown> };
  const cronTab = (annotation: string) => ({
    apiVersion: 'stable.example.com/v1beta1',
    kind: 'CronTab',
    metadata: { name: 'x', namespace: 'ns', annotations: { [lostFieldsAnnotation('v1')]: annotation } },
    spec: { cronSpec: '* * * * *', image: 'i' },
  });

  test.each([
    ['__proto__ as a child (the reproduction)', '{"c":{"__proto__":{"f":{"polluted":"yes"}}}}'],
    ['constructor.prototype as children', '{"c":{"constructor":{"c":{"prototype":{"f":{"polluted":"yes"}}}}}}'],
    ['__proto__ inside spec', '{"c":{"spec":{"c":{"__proto__":{"f":{"polluted":"yes"}}}}}}'],
  ])('%s: converting does not pollute Object.prototype', (_name, annotation) => {
    const out = convert(cronTab(annotation), 'stable.example.com/v1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    plainEverywhere(out);
    // a well-formed tree is applied (and removed): the children name no own object, so nothing is restored
    expect((out.metadata as { annotations?: Record<string, string> }).annotations?.[lostFieldsAnnotation('v1')]).toBeUndefined();
    expect(out.spec).toEqual({ schedule: '* * * * *', image: 'i' });
  });

  test('a lost field named __proto__ is restored as an own data property, not as a prototype', () => {
    const out = convert(cronTab('{"f":{"__proto__":{"polluted":"yes"}},"c":{"spec":{"f":{"__proto__":{"x":1}}}}}'), 'stable.example.com/v1');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(Object.getOwnPropertyDescriptor(out.spec, '__proto__')?.value).toEqual({ x: 1 });
    expect(out.polluted).toBeUndefined();
    plainEverywhere(out);
  });

  test.each([
    ['not JSON', '{"c":'],
    ['f not an object', '{"f":"x"}'],
    ['c not an object', '{"c":[1]}'],
    ['a child not a tree', '{"c":{"spec":5}}'],
    ['nested deeper than the limit', `${'{"c":{"spec":'.repeat(1100)}{}${'}}'.repeat(1100)}`],
  ])('a malformed annotation (%s) is left in place, unapplied', (_name, annotation) => {
    const out = convert(cronTab(annotation), 'stable.example.com/v1');
    expect((out.metadata as { annotations: Record<string, string> }).annotations[lostFieldsAnnotation('v1')]).toBe(annotation);
    expect(out.spec).toEqual({ schedule: '* * * * *', image: 'i' });
  });
});

describe('deepcopy: an own __proto__ key is copied as data (issue 8, item 7)', () => {
  const v1 = stable('v1/deepcopy') as { deepCopyCronTab(o: unknown): Record<string, unknown>; deepCopyObject(o: unknown): unknown };
  const hostile = () =>
    JSON.parse(
      '{"apiVersion":"stable.example.com/v1","kind":"CronTab","__proto__":{"polluted":"yes"},' +
        '"metadata":{"name":"x","__proto__":{"m":1},"labels":{"__proto__":"l"}},"spec":{"__proto__":{"s":1},"replicas":2},"status":{"__proto__":7}}',
    ) as Record<string, unknown>;

  test.each([
    ['generated deepCopyCronTab', (o: unknown) => v1.deepCopyCronTab(o)],
    ['generated deepCopyObject', (o: unknown) => v1.deepCopyObject(o)],
    ['runtime cloneJSON', (o: unknown) => cloneJSON(o)],
  ])('%s keeps every __proto__ key and gives the copy no chosen prototype', (_name, copy) => {
    const obj = hostile();
    const out = copy(obj) as Record<string, unknown>;
    plainEverywhere(out);
    sameJson(out, obj);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(Object.getOwnPropertyDescriptor(out.status, '__proto__')?.value).toBe(7);
    expect(JSON.stringify(out)).toBe(JSON.stringify(obj));
  });
});

describe('fake clientset of several versions converts through the generated converters (issue 8, item 6)', () => {
  const { Clientset } = stable('fake') as { Clientset: new () => StableFake };
  interface Client {
    create(o: KubeObject): Promise<KubeObject>;
    get(name: string): Promise<KubeObject & { spec?: Record<string, unknown> }>;
    list(): Promise<{ apiVersion?: string; items: Array<KubeObject & { spec?: Record<string, unknown> }> }>;
    update(o: KubeObject): Promise<KubeObject>;
    watch(opts?: object): Promise<AsyncIterable<{ type: string; object: KubeObject & { spec?: Record<string, unknown> } }> & { stop(): void }>;
    patch(name: string, type: string, body: unknown): Promise<KubeObject & { spec?: Record<string, unknown> }>;
  }
  interface StableFake {
    stableV1(): { cronTabs(ns: string): Client };
    stableV1beta1(): { cronTabs(ns: string): Client };
    tracker: { add(o: KubeObject): KubeObject };
  }
  const beta = { apiVersion: 'stable.example.com/v1beta1', kind: 'CronTab', metadata: { name: 'c' }, spec: { cronSpec: '*/5 * * * *', image: 'img' } };
  const v1Spec = { schedule: '*/5 * * * *', image: 'img' };

  test('created through v1beta1, read through v1 (get and list) in the v1 shape, and back in the v1beta1 shape', async () => {
    const cs = new Clientset();
    const created = await cs.stableV1beta1().cronTabs('ns').create(beta);
    expect(created.apiVersion).toBe('stable.example.com/v1beta1');
    const got = await cs.stableV1().cronTabs('ns').get('c');
    expect(got.apiVersion).toBe('stable.example.com/v1');
    expect(got.spec).toEqual(v1Spec);
    const list = await cs.stableV1().cronTabs('ns').list();
    expect(list.apiVersion).toBe('stable.example.com/v1');
    expect(list.items.map((i) => [i.apiVersion, i.spec])).toEqual([['stable.example.com/v1', v1Spec]]);
    const again = await cs.stableV1beta1().cronTabs('ns').get('c');
    expect(again.apiVersion).toBe('stable.example.com/v1beta1');
    expect(again.spec).toEqual(beta.spec);
    expect(again.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
  });

  test('seeded objects of either version are stored once; a v1beta1 client gets the v1beta1 shape', async () => {
    const cs = new Clientset();
    cs.tracker.add({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a', namespace: 'ns' }, spec: v1Spec } as KubeObject);
    cs.tracker.add({ ...beta, metadata: { name: 'b', namespace: 'ns' } });
    const items = (await cs.stableV1beta1().cronTabs('ns').list()).items;
    expect(items.map((i) => [i.metadata?.name, i.apiVersion, i.spec])).toEqual([
      ['a', 'stable.example.com/v1beta1', beta.spec],
      ['b', 'stable.example.com/v1beta1', beta.spec],
    ]);
    expect((await cs.stableV1().cronTabs('ns').list()).items.map((i) => i.spec)).toEqual([v1Spec, v1Spec]);
  });

  test('watch events come in the version of the watcher', async () => {
    const cs = new Clientset();
    const w1 = await cs.stableV1().cronTabs('ns').watch();
    const wb = await cs.stableV1beta1().cronTabs('ns').watch();
    await cs.stableV1beta1().cronTabs('ns').create(beta);
    await cs.stableV1().cronTabs('ns').patch('c', 'application/merge-patch+json', { spec: { schedule: '0 * * * *' } });
    const take = async (w: AsyncIterable<{ type: string; object: KubeObject & { spec?: Record<string, unknown> } }>, n: number) => {
      const out: Array<[string, string | undefined, unknown]> = [];
      for await (const e of w) {
        out.push([e.type, e.object.apiVersion, e.object.spec]);
        if (out.length === n) break;
      }
      return out;
    };
    expect(await take(w1, 2)).toEqual([
      ['ADDED', 'stable.example.com/v1', v1Spec],
      ['MODIFIED', 'stable.example.com/v1', { ...v1Spec, schedule: '0 * * * *' }],
    ]);
    expect(await take(wb, 2)).toEqual([
      ['ADDED', 'stable.example.com/v1beta1', beta.spec],
      ['MODIFIED', 'stable.example.com/v1beta1', { ...beta.spec, cronSpec: '0 * * * *' }],
    ]);
  });

  test('a patch applies to the object in the version of the request; an unchanged update is a no-op', async () => {
    const cs = new Clientset();
    await cs.stableV1().cronTabs('ns').create({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'c' }, spec: v1Spec } as KubeObject);
    const patched = await cs.stableV1beta1().cronTabs('ns').patch('c', 'application/json-patch+json', [{ op: 'replace', path: '/spec/cronSpec', value: '1 * * * *' }]);
    expect(patched.spec).toEqual({ ...beta.spec, cronSpec: '1 * * * *' });
    expect((await cs.stableV1().cronTabs('ns').get('c')).spec).toEqual({ ...v1Spec, schedule: '1 * * * *' });
    const same = await cs.stableV1beta1().cronTabs('ns').update(patched);
    expect(same.metadata?.resourceVersion).toBe(patched.metadata?.resourceVersion);
  });
});

describe('fake tracker: a failing conversion is an InternalError, as from a failing conversion webhook', () => {
  const d = (version: string) => ({ group: 'g.io', version, resource: 'things', kind: 'Thing', namespaced: false });
  const converters = {
    group: 'g.io',
    kinds: {
      Thing: {
        hub: 'v2',
        versions: ['v1', 'v2'],
        spokes: {
          v1: {
            toHub: (o: Record<string, unknown>) => {
              if (o.spec === 'bad') throw new Error('cannot convert bad');
              return { ...o, apiVersion: 'g.io/v2' };
            },
            fromHub: (o: Record<string, unknown>) => {
              if (o.spec === 'unreadable') throw new Error('cannot read unreadable');
              return { ...o, apiVersion: 'g.io/v1' };
            },
          },
        },
      },
    },
  };

  test('a write that cannot be converted to the hub is refused with 500 InternalError naming the cause', async () => {
    const fake = new Fake({ converters: [converters] });
    const err = await fake.client(d('v1')).create({ apiVersion: 'g.io/v1', kind: 'Thing', metadata: { name: 'a' }, spec: 'bad' } as KubeObject).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StatusError);
    expect((err as StatusError).code).toBe(500);
    expect((err as StatusError).reason).toBe('InternalError');
    expect((err as StatusError).message).toContain('cannot convert bad');
  });

  test('an object a watcher cannot read in its version is an ERROR event, other watchers still get it', async () => {
    const fake = new Fake({ converters: [converters] });
    const w1 = await fake.client(d('v1')).watch();
    const w2 = await fake.client(d('v2')).watch();
    await fake.client(d('v2')).create({ apiVersion: 'g.io/v2', kind: 'Thing', metadata: { name: 'a' }, spec: 'unreadable' } as KubeObject);
    const first = async (w: AsyncIterable<unknown>) => {
      try {
        for await (const e of w) return e;
      } catch (e) {
        return e;
      }
      return undefined;
    };
    expect(await first(w2)).toMatchObject({ type: 'ADDED', object: { apiVersion: 'g.io/v2', spec: 'unreadable' } });
    const e1 = await first(w1);
    expect(e1).toBeInstanceOf(StatusError);
    expect((e1 as StatusError).message).toContain('cannot read unreadable');
  });
});

describe('watch decoder: frames are bounded (issue 8, item 8)', () => {
  /** An endless line: fresh chunks of `size` bytes without a newline (as a socket gives), counting what was read. */
  function endlessLine(size: number): { chunks: AsyncIterable<Uint8Array>; read: () => number } {
    let read = 0;
    return {
      read: () => read,
      chunks: {
        async *[Symbol.asyncIterator]() {
          for (;;) {
            read += size;
            yield Buffer.alloc(size, 0x61);
          }
        },
      },
    };
  }

  test('an endless line ends the watch with WatchFrameTooLargeError after about maxFrameBytes', async () => {
    const line = endlessLine(64 * 1024);
    const it = decodeWatchEvents(line.chunks, { maxFrameBytes: 1024 * 1024 });
    await expect(it.next()).rejects.toThrow(WatchFrameTooLargeError);
    expect(line.read()).toBeGreaterThan(1024 * 1024);
    expect(line.read()).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
  });

  test('the default limit is 16 MiB, and memory stays bounded on an endless line', async () => {
    expect(DEFAULT_MAX_WATCH_FRAME_BYTES).toBe(16 * 1024 * 1024);
    const line = endlessLine(1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    await expect(decodeWatchEvents(line.chunks).next()).rejects.toThrow(/watch frame larger than 16777216 bytes/);
    expect(line.read()).toBeLessThanOrEqual(DEFAULT_MAX_WATCH_FRAME_BYTES + 1024 * 1024);
    // what the decoder held is at most the limit plus one chunk (the issue measured 882 MB RSS and growing)
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(48 * 1024 * 1024);
  });

  test('a frame over the limit inside one chunk is refused too; frames at the limit pass', async () => {
    const event = (n: number) => `{"type":"ADDED","object":{"kind":"X","pad":"${'p'.repeat(n)}"}}`;
    const exact = event(100);
    const ok = decodeWatchEvents((async function* () { yield Buffer.from(`${exact}\n`); })(), { maxFrameBytes: exact.length });
    await expect(ok.next()).resolves.toMatchObject({ value: { type: 'ADDED' } });
    const tooBig = decodeWatchEvents((async function* () { yield Buffer.from(`${event(101)}\n`); })(), { maxFrameBytes: exact.length });
    await expect(tooBig.next()).rejects.toThrow(WatchFrameTooLargeError);
  });

  test('through a typed client: the watch ends with the error; maxFrameBytes is not sent to the server', async () => {
    const transport = new ScriptedTransport({ status: 200, body: [Buffer.alloc(4096, 0x61), Buffer.alloc(4096, 0x61)] });
    const rest = new RestClient({ server: 'https://k8s.example', transport });
    const client = new TypedClient(rest, { group: 'stable.example.com', version: 'v1', resource: 'crontabs', kind: 'CronTab', namespaced: true }, 'ns');
    const w = await client.watch({ maxFrameBytes: 5000 });
    await expect((async () => {
      for await (const _ of w) {
        // drained until the watch fails
      }
    })()).rejects.toThrow(WatchFrameTooLargeError);
    expect(transport.requests[0]?.path).not.toContain('maxFrameBytes');
  });

  test('a bad limit is refused', async () => {
    await expect(decodeWatchEvents((async function* () {})(), { maxFrameBytes: 0 }).next()).rejects.toThrow(RangeError);
  });
});

describe('REST client: a 2xx body that is not JSON names the request (issue 8, item 8)', () => {
  test.each([
    ['an HTML login page', 'text/html; charset=utf-8', '<html><body>Please log in</body></html>'],
    ['a truncated body', 'application/json', '{"apiVersion":"v1","kind":"Po'],
    ['no content type', undefined, 'plain words'],
  ])('%s: ResponseDecodeError with method, path, status, content type and the first bytes', async (_name, contentType, body) => {
    const transport = new ScriptedTransport({ status: 200, headers: contentType ? { 'content-type': contentType } : {}, body });
    const rest = new RestClient({ server: 'https://k8s.example/prefix', transport });
    const client = new TypedClient(rest, { group: 'stable.example.com', version: 'v1', resource: 'crontabs', kind: 'CronTab', namespaced: true }, 'ns');
    const err = await client.get('c').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ResponseDecodeError);
    const e = err as ResponseDecodeError;
    expect([e.method, e.path, e.status, e.contentType]).toEqual(['GET', '/prefix/apis/stable.example.com/v1/namespaces/ns/crontabs/c', 200, contentType ?? '']);
    expect(e.message).toContain('GET /prefix/apis/stable.example.com/v1/namespaces/ns/crontabs/c');
    expect(e.message).toContain('200');
    expect(e.message).toContain(contentType ? JSON.stringify(contentType) : 'content-type none');
    expect(e.message).toContain(JSON.stringify(body).slice(1, 20));
    expect(e.cause).toBeInstanceOf(SyntaxError);
  });

  test('only the first 200 characters of a large body are kept', async () => {
    const body = `<html>${'x'.repeat(10_000)}`;
    const rest = new RestClient({ server: 'https://k8s.example', transport: new ScriptedTransport({ status: 201, headers: { 'content-type': 'text/html' }, body }) });
    const err = (await rest.request({ method: 'POST', path: '/api/v1/namespaces', body: {} }).catch((e: unknown) => e)) as ResponseDecodeError;
    expect(err).toBeInstanceOf(ResponseDecodeError);
    expect(err.bodyStart).toHaveLength(201);
    expect(err.message.length).toBeLessThan(400);
  });
});
