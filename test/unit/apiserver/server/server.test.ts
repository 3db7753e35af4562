/**
 * The HTTP server over a real etcd, serving the wardle sample from its generated package: health, discovery, the REST
 * paths with raw requests, the Status bodies of bad input (oversized, unparsable, wrong content type, wrong kind,
 * bad selectors and list options), watch frames, and the 429 (with its Retry-After) of a watch cache that relists.
 */
import * as path from 'node:path';
import * as wardle from '@kubegen-generated/wardle.example.com';
import { APIServer, apiGroupFromPackage } from '@kubegen/apiserver';
import { isJsonObject, type JsonObject } from '@kubegen/runtime';
import { FakeClock } from '@kubegen/runtime/cache';
import { readCrdFiles } from '@kubegen/runtime/testing';
import { serveOverTestEtcd } from '../../helpers/etcd';
import { SpyStorage } from '../../helpers/spy-storage';

jest.setTimeout(120_000);

const CRDS = path.resolve(__dirname, '../../../../generated/wardle.example.com/crds');
const FLUNDERS = '/apis/wardle.example.com/v1beta1/namespaces/srv/flunders';


const served = serveOverTestEtcd((storage) => new APIServer({ groups: [apiGroupFromPackage(wardle, readCrdFiles([CRDS]))], storage, maxRequestBodyBytes: 64 * 1024 }));


async function call(method: string, p: string, body?: unknown, contentType = 'application/json'): Promise<{ code: number; body: JsonObject; text: string; warnings: string[] }> {
  const init: RequestInit = { method, headers: { 'Content-Type': contentType } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(served.base + p, init);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = {};
  }
  return { code: res.status, body: isJsonObject(parsed) ? parsed : {}, text, warnings: res.headers.get('warning')?.split(/, (?=299)/) ?? [] };
}

const flunder = (name: string, extra: JsonObject = {}): JsonObject => ({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name }, ...extra });

describe('health and discovery', () => {
  it('answers /healthz, /livez and /readyz', async () => {
    for (const p of ['/healthz', '/livez', '/readyz']) expect(await call('GET', p)).toMatchObject({ code: 200, text: 'ok' });
  });

  it('serves /apis, the group and each version from the model', async () => {
    const groups = await call('GET', '/apis');
    expect(groups.body).toEqual({
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [
        {
          name: 'wardle.example.com',
          versions: [
            { groupVersion: 'wardle.example.com/v1beta1', version: 'v1beta1' },
            { groupVersion: 'wardle.example.com/v1alpha1', version: 'v1alpha1' },
          ],
          preferredVersion: { groupVersion: 'wardle.example.com/v1beta1', version: 'v1beta1' },
        },
      ],
    });
    expect((await call('GET', '/apis/wardle.example.com')).body).toMatchObject({ kind: 'APIGroup', name: 'wardle.example.com' });
    const resources = await call('GET', '/apis/wardle.example.com/v1alpha1');
    expect(resources.body).toMatchObject({ kind: 'APIResourceList', groupVersion: 'wardle.example.com/v1alpha1' });
    const list = Array.isArray(resources.body.resources) ? resources.body.resources : [];
    expect(list.map((r) => (isJsonObject(r) ? [r.name, r.namespaced, r.kind] : []))).toEqual([
      ['fischers', false, 'Fischer'],
      ['flunders', true, 'Flunder'],
      ['flunders/status', true, 'Flunder'],
    ]);
  });

  it('answers 404 for unknown paths, groups, versions, resources and subresources, 405 for a verb a path does not serve', async () => {
    for (const p of ['/api', '/apis/nope', '/apis/wardle.example.com/v9', '/apis/wardle.example.com/v1beta1/nopes', '/apis/wardle.example.com/v1beta1/fischers/x/status', `${FLUNDERS}/x/scale`]) {
      expect(await call('GET', p)).toMatchObject({ code: 404, body: { kind: 'Status', reason: 'NotFound' } });
    }
    expect((await call('POST', '/apis', {})).code).toBe(405);
    expect((await call('PUT', FLUNDERS, {})).body).toMatchObject({ code: 405, reason: 'MethodNotAllowed' });
  });
});

describe('REST', () => {
  it('creates (201), gets, lists, updates, patches and deletes (a Success Status)', async () => {
    const created = await call('POST', FLUNDERS, flunder('one', { spec: { reference: 'a' } }));
    expect(created.code).toBe(201);
    const got = await call('GET', `${FLUNDERS}/one`);
    expect(got.body).toEqual(created.body);
    const alpha = await call('GET', '/apis/wardle.example.com/v1alpha1/namespaces/srv/flunders/one');
    expect(alpha.body.apiVersion).toBe('wardle.example.com/v1alpha1');
    const all = await call('GET', '/apis/wardle.example.com/v1beta1/flunders?labelSelector=');
    expect(all.body.kind).toBe('FlunderList');
    const updated = await call('PUT', `${FLUNDERS}/one`, { ...created.body, spec: { reference: 'b' } });
    expect(updated.code).toBe(200);
    const stale = await call('PUT', `${FLUNDERS}/one`, { ...created.body, spec: { reference: 'c' } });
    expect(stale.body).toMatchObject({ kind: 'Status', code: 409, reason: 'Conflict' });
    const patched = await call('PATCH', `${FLUNDERS}/one/status`, { status: { observedGeneration: 2 } }, 'application/merge-patch+json');
    expect(patched.body.status).toEqual({ observedGeneration: 2 });
    const deleted = await call('DELETE', `${FLUNDERS}/one`);
    expect(deleted.body).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'one', group: 'wardle.example.com', kind: 'flunders' } });
    expect((await call('GET', `${FLUNDERS}/one`)).body).toMatchObject({ code: 404, message: 'flunders.wardle.example.com "one" not found' });
  });

  it('answers bad input with the apiserver Status and stores nothing', async () => {
    const cases: Array<{ name: string; method: string; path: string; body: unknown; type?: string; want: JsonObject }> = [
      { name: 'oversized body', method: 'POST', path: FLUNDERS, body: flunder('big', { spec: { reference: 'x'.repeat(70_000) } }), want: { code: 413, reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 65536' } },
      { name: 'JSON that does not parse', method: 'POST', path: FLUNDERS, body: '{"metadata":', want: { code: 400, reason: 'BadRequest', message: 'the object provided is unrecognized (must be of type Flunder): couldn\'t get version/kind; json parse error: unexpected end of JSON input ({"metadata":)' } },
      { name: 'YAML without a kind', method: 'POST', path: FLUNDERS, body: 'metadata: {}', type: 'application/yaml', want: { code: 400, reason: 'BadRequest', message: "the object provided is unrecognized (must be of type Flunder): Object 'Kind' is missing in 'metadata: {}' (6d657461646174613a207b7d)" } },
      { name: 'YAML that does not parse', method: 'POST', path: FLUNDERS, body: 'kind: [Flunder\n', type: 'application/yaml', want: { code: 400, reason: 'BadRequest', message: "the object provided is unrecognized (must be of type Flunder): yaml: line 2: did not find expected ',' or ']' (6b696e643a205b466c756e6465720a)" } },
      { name: 'text/plain', method: 'POST', path: FLUNDERS, body: '{}', type: 'text/plain', want: { code: 415, reason: 'UnsupportedMediaType', message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf' } },
      { name: 'wrong kind', method: 'POST', path: FLUNDERS, body: { ...flunder('wk'), kind: 'Fischer' }, want: { code: 422, reason: 'Invalid', message: 'Fischer.wardle.example.com "wk" is invalid: kind: Invalid value: "Fischer": must be Flunder' } },
      { name: 'no kind', method: 'POST', path: FLUNDERS, body: { metadata: { name: 'nk' } }, want: { code: 400, message: `the object provided is unrecognized (must be of type Flunder): Object 'Kind' is missing in '{"metadata":{"name":"nk"}}' ({"metadata":{"name":"nk"}})` } },
      { name: 'an array', method: 'POST', path: FLUNDERS, body: '[1]', want: { code: 400, message: 'the object provided is unrecognized (must be of type Flunder): couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" } (5b315d)' } },
      { name: 'unknown fields, strict', method: 'POST', path: `${FLUNDERS}?fieldValidation=Strict`, body: { ...flunder('st'), spec: { reference: 'r', extra: 1 } }, want: { code: 400, message: 'Flunder in version "v1beta1" cannot be handled as a Flunder: strict decoding error: unknown field "spec.extra"' } },
      { name: 'unknown dryRun', method: 'POST', path: `${FLUNDERS}?dryRun=Yes&fieldValidation=Loud`, body: flunder('dr'), want: { code: 422, message: 'CreateOptions.meta.k8s.io "" is invalid: [dryRun: Unsupported value: ["Yes"]: supported values: "All", fieldValidation: Unsupported value: "Loud": supported values: "", "Ignore", "Strict", "Warn"]' } },
      { name: 'dry run of an invalid object', method: 'POST', path: `${FLUNDERS}?dryRun=All`, body: flunder('Bad_Name'), want: { code: 422, reason: 'Invalid' } },
      { name: 'bad label selector', method: 'GET', path: `${FLUNDERS}?labelSelector=${encodeURIComponent('a in (b')}`, body: undefined, want: { code: 400, reason: 'BadRequest' } },
      { name: 'unselectable field', method: 'GET', path: `${FLUNDERS}?fieldSelector=spec.x%3Dy`, body: undefined, want: { code: 400, message: 'field label not supported: spec.x' } },
      { name: 'unparsable resourceVersion', method: 'GET', path: `${FLUNDERS}?resourceVersion=x1`, body: undefined, want: { code: 400, reason: 'BadRequest' } },
      { name: 'match without resourceVersion', method: 'GET', path: `${FLUNDERS}?resourceVersionMatch=Exact`, body: undefined, want: { code: 422, message: 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided' } },
      { name: 'watch with Exact', method: 'GET', path: `${FLUNDERS}?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=Exact&resourceVersion=1`, body: undefined, want: { code: 422, message: 'ListOptions.meta.k8s.io "" is invalid: [resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan, resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"]' } },
      { name: 'watch match without sendInitialEvents', method: 'GET', path: `${FLUNDERS}?watch=1&resourceVersionMatch=NotOlderThan&resourceVersion=1`, body: undefined, want: { code: 422, message: 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided' } },
      { name: 'unsupported patch type', method: 'PATCH', path: `${FLUNDERS}/x`, body: {}, type: 'application/strategic-merge-patch+json', want: { code: 415 } },
      { name: 'bad limit', method: 'GET', path: `${FLUNDERS}?limit=ten`, body: undefined, want: { code: 400, message: 'strconv.ParseInt: parsing "ten": invalid syntax' } },
    ];
    for (const c of cases) {
      const r = await call(c.method, c.path, c.body, c.type);
      expect({ name: c.name, body: r.body }).toMatchObject({ name: c.name, body: { kind: 'Status', status: 'Failure', ...c.want } });
    }
    const proto = await call('POST', FLUNDERS, '{"apiVersion":"wardle.example.com/v1beta1","kind":"Flunder","metadata":{"name":"proto","__proto__":{"a":1}},"spec":{"__proto__":{"polluted":true},"reference":"r"},"__proto__":{"b":2}}');
    expect(proto.code).toBe(201);
    expect(proto.text).not.toContain('__proto__');
    // unknown fields are dropped with a warning each (fieldValidation=Warn, the default)
    expect(proto.warnings).toEqual(['299 - "unknown field \\"__proto__\\""', '299 - "unknown field \\"metadata.__proto__\\""', '299 - "unknown field \\"spec.__proto__\\""']);
    const list = await call('GET', FLUNDERS);
    expect(Array.isArray(list.body.items) ? list.body.items.map((i) => (isJsonObject(i) && isJsonObject(i.metadata) ? i.metadata.name : '')) : []).toEqual(['proto']);
  });
});

describe('list resourceVersion "0"', () => {
  it('answers the whole list with no continue, its limit ignored, as kube-apiserver serves it from the watch cache', async () => {
    const ns = '/apis/wardle.example.com/v1beta1/namespaces/rvzero/flunders';
    for (const name of ['z1', 'z2', 'z3']) expect((await call('POST', ns, flunder(name))).code).toBe(201);
    const names = (b: JsonObject) => (Array.isArray(b.items) ? b.items.map((i) => (isJsonObject(i) && isJsonObject(i.metadata) ? i.metadata.name : '')) : []);
    const any = await call('GET', `${ns}?limit=1&resourceVersion=0`);
    expect([names(any.body), isJsonObject(any.body.metadata) ? any.body.metadata.continue : 'no metadata']).toEqual([['z1', 'z2', 'z3'], undefined]);
    const notOlder = await call('GET', `${ns}?limit=1&resourceVersion=0&resourceVersionMatch=NotOlderThan`);
    expect(names(notOlder.body)).toEqual(['z1', 'z2', 'z3']);
    // unset: a page
    const page = await call('GET', `${ns}?limit=1`);
    expect([names(page.body), isJsonObject(page.body.metadata) && typeof page.body.metadata.continue === 'string']).toEqual([['z1'], true]);
  });
});

describe('watch', () => {
  it('streams JSON frames: initial events with their bookmark, then changes, filtered by the field selector', async () => {
    const ns = '/apis/wardle.example.com/v1beta1/namespaces/watched/flunders';
    await call('POST', ns, flunder('w1'));
    const ac = new AbortController();
    const res = await fetch(`${served.base}${ns}?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&fieldSelector=metadata.name%3Dw1`, { signal: ac.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const frames: JsonObject[] = [];
    let buffered = '';
    const decoder = new TextDecoder();
    const until = async (n: number) => {
      while (frames.length < n) {
        const chunk: { done: boolean; value?: Uint8Array } = await reader.read();
        if (chunk.done) break;
        buffered += decoder.decode(chunk.value, { stream: true });
        let i;
        while ((i = buffered.indexOf('\n')) >= 0) {
          const parsed: unknown = JSON.parse(buffered.slice(0, i));
          if (isJsonObject(parsed)) frames.push(parsed);
          buffered = buffered.slice(i + 1);
        }
      }
    };
    await until(2);
    await call('POST', ns, flunder('w2'));
    await call('PATCH', `${ns}/w1`, { spec: { reference: 'z' } }, 'application/merge-patch+json');
    await call('DELETE', `${ns}/w1`);
    await until(4);
    ac.abort();
    expect(frames.map((f) => f.type)).toEqual(['ADDED', 'BOOKMARK', 'MODIFIED', 'DELETED']);
    expect(frames[1]?.object).toMatchObject({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { annotations: { 'k8s.io/initial-events-end': 'true' } } });
    expect(frames[2]?.object).toMatchObject({ apiVersion: 'wardle.example.com/v1beta1', spec: { reference: 'z' } });
  });

  it('streams Tables of one row when asked as=Table, the columns on the first only, an ERROR as a Status', async () => {
    const ns = '/apis/wardle.example.com/v1beta1/namespaces/watched-table/flunders';
    const created = await call('POST', ns, flunder('t1'));
    const rv = created.body.metadata;
    const from = isJsonObject(rv) && typeof rv.resourceVersion === 'string' ? rv.resourceVersion : '';
    await call('DELETE', `${ns}/t1`);
    const res = await fetch(`${served.base}${ns}?watch=1&resourceVersion=${from}&timeoutSeconds=1&includeObject=None`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    expect(res.status).toBe(200);
    const frames = (await res.text())
      .split('\n')
      .filter((l) => l !== '')
      .map((l): unknown => JSON.parse(l))
      .filter(isJsonObject);
    expect(frames.map((f) => f.type)).toEqual(['DELETED']);
    const table = isJsonObject(frames[0]?.object) ? frames[0].object : {};
    expect([table.kind, table.apiVersion, Array.isArray(table.columnDefinitions)]).toEqual(['Table', 'meta.k8s.io/v1', true]);
    const rows = Array.isArray(table.rows) ? table.rows.filter(isJsonObject) : [];
    expect(rows.map((r) => [Array.isArray(r.cells) ? r.cells[0] : undefined, r.object])).toEqual([['t1', null]]);
    const bad = await fetch(`${served.base}${ns}?watch=1&includeObject=All`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    expect(bad.status).toBe(400);
  });

  it('serves a watch from the watch cache: from a revision etcd compacted but the window still holds, the events after it', async () => {
    const ns = '/apis/wardle.example.com/v1beta1/namespaces/compacted/flunders';
    const first = await call('POST', ns, flunder('c1'));
    await call('POST', ns, flunder('c2'));
    await call('POST', ns, flunder('c3'));
    // etcd compacted past c1: the cache still has the events after it (kube-apiserver's watch cache answers the same)
    const rv = await served.storage.currentResourceVersion();
    await served.storage.client.kv.compact({ revision: rv, physical: true });
    const oldRv = isJsonObject(first.body.metadata) && typeof first.body.metadata.resourceVersion === 'string' ? first.body.metadata.resourceVersion : '';
    const frames = async (query: string): Promise<unknown[]> => {
      const res = await fetch(`${served.base}${ns}?watch=true&${query}`);
      return (await res.text())
        .split('\n')
        .filter((l) => l !== '')
        .map((l): unknown => JSON.parse(l));
    };
    const replay = await frames(`resourceVersion=${oldRv}&timeoutSeconds=1`);
    const summary = (f: unknown): string => (isJsonObject(f) && isJsonObject(f.object) && isJsonObject(f.object.metadata) ? `${JSON.stringify(f.type)} ${JSON.stringify(f.object.metadata.name)}` : '');
    expect(replay.map(summary)).toEqual(['"ADDED" "c2"', '"ADDED" "c3"']);
    // (410 from a revision the window lost: test/unit/apiserver/storage/cacher.test.ts; from etcd: etcd3.test.ts)
  });
});

describe('server-side apply over HTTP', () => {
  const APPLY = 'application/apply-patch+yaml';
  const managers = (o: JsonObject) => {
    const meta = isJsonObject(o.metadata) ? o.metadata : {};
    return (Array.isArray(meta.managedFields) ? meta.managedFields : []).filter(isJsonObject).map((e) => `${typeof e.operation === 'string' ? e.operation : ''}:${typeof e.manager === 'string' ? e.manager : ''}`);
  };

  it('creates from YAML (201), then merges (200); names the updater from its user agent; refuses bad PatchOptions and bodies', async () => {
    const yaml = 'apiVersion: wardle.example.com/v1beta1\nkind: Flunder\nmetadata:\n  name: ssa-1\n  labels:\n    a: "1"\nspec:\n  reference: r\n';
    const created = await call('PATCH', `${FLUNDERS}/ssa-1?fieldManager=tool`, yaml, APPLY);
    expect(created.code).toBe(201);
    expect(managers(created.body)).toEqual(['Apply:tool']);
    const res = await fetch(`${served.base}${FLUNDERS}/ssa-1`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json', 'User-Agent': 'kubectl-edit/v1.37 (linux/amd64)' },
      body: JSON.stringify({ metadata: { labels: { b: '2' } } }),
    });
    const patched: unknown = await res.json();
    expect(isJsonObject(patched) ? managers(patched) : []).toEqual(['Apply:tool', 'Update:kubectl-edit']);
    const again = await call('PATCH', `${FLUNDERS}/ssa-1?fieldManager=tool`, yaml, APPLY);
    expect(again.code).toBe(200);

    expect(await call('PATCH', `${FLUNDERS}/ssa-1`, yaml, APPLY)).toMatchObject({
      code: 422,
      body: { reason: 'Invalid', details: { causes: [{ reason: 'FieldValueRequired', field: 'fieldManager', message: 'Required value: is required for apply patch' }] } },
    });
    expect(await call('PATCH', `${FLUNDERS}/ssa-1?force=true`, {}, 'application/merge-patch+json')).toMatchObject({
      code: 422,
      body: { details: { causes: [{ reason: 'FieldValueForbidden', field: 'force', message: 'Forbidden: may not be specified for non-apply patch' }] } },
    });
    expect((await call('PATCH', `${FLUNDERS}/ssa-1?fieldManager=${'m'.repeat(129)}`, yaml, APPLY)).body).toMatchObject({ details: { causes: [{ reason: 'FieldValueTooLong' }] } });
    expect(await call('PATCH', `${FLUNDERS}/ssa-1?fieldManager=tool&force=maybe`, yaml, APPLY)).toMatchObject({ code: 400, body: { message: 'strconv.ParseBool: parsing "maybe": invalid syntax' } });
    const bad = await call('PATCH', `${FLUNDERS}/ssa-1?fieldManager=tool`, 'a: [', APPLY);
    expect(bad.code).toBe(400);
    expect(bad.body.message).toMatch(/^error encoding patch: [^\n]+$/);
    expect(await call('PATCH', `${FLUNDERS}/ssa-1?fieldManager=tool`, '- 1\n', APPLY)).toMatchObject({ code: 400 });
    expect(await call('PATCH', `${FLUNDERS}/ssa-2?fieldManager=tool`, yaml, APPLY)).toMatchObject({ code: 400, body: { message: 'the name of the object (ssa-1) does not match the name on the URL (ssa-2)' } });
    expect((await call('GET', `${FLUNDERS}/ssa-2`)).code).toBe(404);
    expect((await call('DELETE', `${FLUNDERS}/ssa-1`)).code).toBe(200);
  });
});

/** The frames of a watch response as they come: `next()` is the next one, undefined once the stream ended. */
function frameReader(res: Response): { next(): Promise<JsonObject | undefined> } {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    async next() {
      for (;;) {
        const i = buffered.indexOf('\n');
        if (i >= 0) {
          const parsed: unknown = JSON.parse(buffered.slice(0, i));
          buffered = buffered.slice(i + 1);
          if (isJsonObject(parsed)) return parsed;
          continue;
        }
        const chunk: { done: boolean; value?: Uint8Array } = await reader.read();
        if (chunk.done) return undefined;
        buffered += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}

describe('the watch deadline (timeoutSeconds) over a watch cache on a fake clock', () => {
  it('passes timeoutSeconds down: a bookmark each minute and 2 s before the deadline, the end at it; 0 is the default', async () => {
    const clock = new FakeClock(1_000_000);
    const server = new APIServer({ groups: [apiGroupFromPackage(wardle, readCrdFiles([CRDS]))], storage: served.storage, watchCache: { clock } });
    const base = await server.listen();
    const ns = '/apis/wardle.example.com/v1beta1/namespaces/deadline/flunders';
    const acs: AbortController[] = [];
    const watch = async (query: string) => {
      const ac = new AbortController();
      acs.push(ac);
      const res = await fetch(`${base}${ns}?watch=1&${query}`, { signal: ac.signal });
      expect(res.status).toBe(200);
      return frameReader(res);
    };
    try {
      const start = clock.now();
      // the handler's watch timer is real (100 s): the fake clock's steps below come long before it
      const timed = await watch('timeoutSeconds=100&allowWatchBookmarks=true');
      // 0 is no timeout of its own: the default of 30 to 60 minutes, not an end at once
      const untimed = await watch('timeoutSeconds=0');
      await fetch(base + ns, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(flunder('d1')) });
      const added = await timed.next();
      expect(added?.type).toBe('ADDED');
      expect((await untimed.next())?.type).toBe('ADDED');
      const rv = isJsonObject(added?.object) && isJsonObject(added.object.metadata) ? added.object.metadata.resourceVersion : undefined;
      // rule (b): a minute on
      clock.setTime(start + 61_999);
      expect(await timed.next()).toMatchObject({ type: 'BOOKMARK', object: { kind: 'Flunder', metadata: { resourceVersion: rv } } });
      // rule (a): 2 s before the deadline; then the deadline ends the stream
      clock.setTime(start + 99_999);
      expect(await timed.next()).toMatchObject({ type: 'BOOKMARK', object: { kind: 'Flunder', metadata: { resourceVersion: rv } } });
      clock.setTime(start + 100_000);
      expect(await timed.next()).toBeUndefined();
    } finally {
      for (const ac of acs) ac.abort();
      await server.close();
    }
  });
});

describe('a watch cache that is not ready (a relist)', () => {
  it('answers a watch and a list without a limit 429 with Retry-After, serves a page from etcd, then the cache again', async () => {
    const spy = new SpyStorage(served.storage);
    const server = new APIServer({ groups: [apiGroupFromPackage(wardle, readCrdFiles([CRDS]))], storage: spy });
    const base = await server.listen();
    const get = async (p: string) => {
      const res = await fetch(base + p);
      const parsed: unknown = JSON.parse(await res.text());
      return { code: res.status, retryAfter: res.headers.get('retry-after'), body: isJsonObject(parsed) ? parsed : {} };
    };
    const cache = server.watchCaches.find((c) => c.resourcePrefix.endsWith('/flunders/'));
    try {
      if (!cache) throw new Error('no watch cache of flunders');
      await cache.waitReady();
      spy.holdNextList();
      spy.failReflector(cache.resourcePrefix, { kind: 'Status', code: 410, reason: 'Expired', message: 'too old resource version' });
      for (let i = 0; cache.isReady(); i++) {
        if (i > 2000) throw new Error('the cache did not relist');
        await new Promise((r) => setTimeout(r, 10));
      }
      const refused = { code: 429, retryAfter: '1', body: { kind: 'Status', status: 'Failure', reason: 'TooManyRequests', code: 429, message: 'storage is (re)initializing' } };
      expect(await get(`${FLUNDERS}?watch=true`)).toMatchObject(refused);
      expect(await get(FLUNDERS)).toMatchObject(refused);
      const page = await get(`${FLUNDERS}?limit=5`);
      expect(page).toMatchObject({ code: 200, retryAfter: null, body: { kind: 'FlunderList' } });
      expect(spy.lists).toHaveLength(1);
      spy.release();
      await cache.waitReady();
      expect(await get(FLUNDERS)).toMatchObject({ code: 200, body: { kind: 'FlunderList' } });
      expect(spy.lists).toHaveLength(1);
    } finally {
      spy.release();
      await server.close();
    }
  });
});
