/** Store / Indexer: keys, index maintenance, atomic replace — as tables of given / want. */
import {
  CacheIndexer,
  DeletedFinalStateUnknown,
  deletionHandlingMetaNamespaceKeyFunc,
  isDeletedFinalStateUnknown,
  metaNamespaceIndexFunc,
  metaNamespaceKeyFunc,
  NAMESPACE_INDEX,
  newIndexer,
  newStore,
  splitMetaNamespaceKey,
} from '../../../../runtime/src/cache/store';
import fc from 'fast-check';
import { names, widget, type Widget } from '../../helpers/cache';

const byOwner = { owner: (w: Widget) => (w.spec?.owner ? [w.spec.owner] : []) };
const owned = (name: string, ns: string, owner?: string): Widget => ({ ...widget(name, ns), ...(owner ? { spec: { owner } } : {}) });

describe('keys', () => {
  it.each([
    { given: widget('a', 'ns1'), want: 'ns1/a' },
    { given: { metadata: { name: 'node-1' } }, want: 'node-1' },
    { given: { metadata: { name: 'x', namespace: '' } }, want: 'x' },
  ])('metaNamespaceKeyFunc($given.metadata) = $want', ({ given, want }) => {
    expect(metaNamespaceKeyFunc(given)).toBe(want);
  });

  it('rejects an object without a name', () => {
    expect(() => metaNamespaceKeyFunc({ metadata: {} })).toThrow(/no metadata.name/);
  });

  it.each([
    { given: 'ns/a', want: { namespace: 'ns', name: 'a' } },
    { given: 'a', want: { namespace: '', name: 'a' } },
    { given: '/a', want: { namespace: '', name: 'a' } },
  ])('splitMetaNamespaceKey($given)', ({ given, want }) => {
    expect(splitMetaNamespaceKey(given)).toEqual(want);
  });

  it('rejects a key with two slashes', () => {
    expect(() => splitMetaNamespaceKey('a/b/c')).toThrow(/unexpected key format/);
  });

  it('keys a tombstone by its recorded key', () => {
    const t = new DeletedFinalStateUnknown('ns/gone', widget('other'));
    expect(deletionHandlingMetaNamespaceKeyFunc(t)).toBe('ns/gone');
    expect(isDeletedFinalStateUnknown(t)).toBe(true);
    expect(isDeletedFinalStateUnknown(widget('a'))).toBe(false);
  });
});

describe('Store', () => {
  it('adds, updates, gets, lists and deletes by key', () => {
    const s = newStore<Widget>();
    s.add(widget('a', 'ns', undefined, 1));
    s.add(widget('b', 'ns'));
    s.update(widget('a', 'ns', undefined, 2));
    expect(s.size).toBe(2);
    expect(s.getByKey('ns/a')?.spec?.size).toBe(2);
    expect(s.get(widget('b'))?.metadata?.name).toBe('b');
    expect(s.listKeys().sort()).toEqual(['ns/a', 'ns/b']);
    s.delete(widget('a'));
    s.delete(widget('missing'));
    expect(names(s.list())).toEqual(['b']);
  });

  it('returns fresh arrays (a caller cannot corrupt the store)', () => {
    const s = newStore<Widget>();
    s.add(widget('a'));
    s.list().length = 0;
    s.listKeys().push('x');
    expect(s.listKeys()).toEqual(['ns/a']);
  });

  it('replace swaps the contents and records the resourceVersion; a list taken before is unaffected', () => {
    const s = newIndexer<Widget>(byOwner);
    s.add(owned('old', 'ns1', 'o1'));
    const before = s.list();
    s.replace([owned('new1', 'ns2', 'o2'), owned('new2', 'ns2')], '42');
    expect(names(before)).toEqual(['old']);
    expect(names(s.list())).toEqual(['new1', 'new2']);
    expect(s.resourceVersion).toBe('42');
    expect(s.listIndexFuncValues(NAMESPACE_INDEX)).toEqual(['ns2']);
    expect(s.listIndexFuncValues('owner')).toEqual(['o2']);
    s.bookmark('43');
    expect(s.resourceVersion).toBe('43');
  });
  it('beginReplace builds the next contents aside: readers see the old ones until commit, then all of the new ones', () => {
    const s = newIndexer<Widget>(byOwner);
    s.add(owned('old', 'ns1', 'o1'));
    s.bookmark('7');
    const b = s.beginReplace();
    expect(b.add(owned('new1', 'ns2', 'o2'))).toBe('ns2/new1');
    b.add(owned('new2', 'ns2'));
    // a key added twice: the later object wins, in the items, the indices and getByNamespaceAndName
    b.add(owned('new1', 'ns2', 'o3'));
    expect(names(s.list())).toEqual(['old']);
    expect(s.listIndexFuncValues('owner')).toEqual(['o1']);
    expect(s.getByNamespaceAndName('ns2', 'new1')).toBeUndefined();
    expect(s.resourceVersion).toBe('7');
    b.commit('42');
    expect(names(s.list())).toEqual(['new1', 'new2']);
    expect(s.listIndexFuncValues(NAMESPACE_INDEX)).toEqual(['ns2']);
    expect(s.listIndexFuncValues('owner')).toEqual(['o3']);
    expect(s.getByNamespaceAndName('ns2', 'new1')?.spec?.owner).toBe('o3');
    expect(s.getByKey('ns1/old')).toBeUndefined();
    expect(s.resourceVersion).toBe('42');
    expect(() => b.add(owned('late', 'ns2'))).toThrow(/after commit/);
    expect(() => { b.commit('43'); }).toThrow(/twice/);
  });

  it('a builder that is never committed changes nothing', () => {
    const s = newIndexer<Widget>();
    s.add(widget('a'));
    const b = s.beginReplace();
    b.add(widget('b'));
    s.add(widget('c'));
    expect(names(s.list())).toEqual(['a', 'c']);
    expect(s.getByNamespaceAndName('ns', 'b')).toBeUndefined();
  });
});

describe('getByNamespaceAndName', () => {
  const cluster = (name: string): Widget => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name } });
  it.each([
    { given: [widget('a', 'ns1')], namespace: 'ns1', name: 'a', want: 'ns1/a' },
    { given: [widget('a', 'ns1')], namespace: 'ns2', name: 'a', want: undefined },
    { given: [widget('a', 'ns1')], namespace: 'ns1', name: 'b', want: undefined },
    { given: [cluster('node-1')], namespace: '', name: 'node-1', want: 'node-1' },
    { given: [cluster('node-1')], namespace: 'node-1', name: '', want: undefined },
    { given: [widget('a', 'ns1'), widget('a', 'ns2')], namespace: 'ns2', name: 'a', want: 'ns2/a' },
  ])('$namespace / $name in $given.length objects → $want', ({ given, namespace, name, want }) => {
    for (const store of [newStore<Widget>(), new CacheIndexer<Widget>({ keyFunc: (o) => metaNamespaceKeyFunc(o), indexers: {} })]) {
      for (const o of given) store.add(o);
      const got = store.getByNamespaceAndName(namespace, name);
      expect(got === undefined ? undefined : metaNamespaceKeyFunc(got)).toBe(want);
    }
  });

  it('answers as getByKey of the metaNamespaceKeyFunc key after any adds, updates, deletes and replaces (property)', () => {
    const nsArb = fc.constantFrom('', 'ns1', 'ns2');
    const nameArb = fc.constantFrom('a', 'b', 'c');
    const obj = fc.record({ ns: nsArb, name: nameArb, size: fc.nat(3) }).map(({ ns, name, size }) => (ns === '' ? { ...cluster(name), spec: { size } } : widget(name, ns, undefined, size)));
    const op = fc.oneof(
      fc.record({ op: fc.constantFrom('add' as const, 'update' as const, 'delete' as const), obj }),
      fc.record({ op: fc.constant('replace' as const), objs: fc.array(obj, { maxLength: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const fast = newIndexer<Widget>();
        // the same store keyed by an equal but different function: the key-building path
        const slow = new CacheIndexer<Widget>({ keyFunc: (o) => metaNamespaceKeyFunc(o) });
        for (const step of ops) {
          for (const s of [fast, slow]) {
            if (step.op === 'replace') s.replace(step.objs, '1');
            else s[step.op](step.obj);
          }
        }
        for (const ns of ['', 'ns1', 'ns2']) {
          for (const name of ['a', 'b', 'c']) {
            const key = ns === '' ? name : `${ns}/${name}`;
            expect(fast.getByNamespaceAndName(ns, name)).toBe(fast.getByKey(key));
            expect(slow.getByNamespaceAndName(ns, name)).toBe(slow.getByKey(key));
          }
        }
      }),
    );
  });
});

describe('namespaceEpoch and namespaceNames', () => {
  type Step = { op: 'add' | 'update' | 'delete'; obj: Widget } | { op: 'replace'; objs: Widget[] };
  it.each<{ name: string; given: Widget[]; step: Step; moves: boolean }>([
    { name: 'an object of a known namespace added', given: [widget('a', 'ns1')], step: { op: 'add', obj: widget('b', 'ns1') }, moves: false },
    { name: 'an object updated', given: [widget('a', 'ns1')], step: { op: 'update', obj: widget('a', 'ns1', { app: 'web' }) }, moves: false },
    { name: 'one of two objects of a namespace deleted', given: [widget('a', 'ns1'), widget('b', 'ns1')], step: { op: 'delete', obj: widget('a', 'ns1') }, moves: false },
    { name: 'a missing object deleted', given: [widget('a', 'ns1')], step: { op: 'delete', obj: widget('b', 'ns2') }, moves: false },
    { name: 'the first object of a namespace added', given: [widget('a', 'ns1')], step: { op: 'add', obj: widget('a', 'ns2') }, moves: true },
    { name: 'the last object of a namespace deleted', given: [widget('a', 'ns1')], step: { op: 'delete', obj: widget('a', 'ns1') }, moves: true },
    { name: 'a replace with the same objects', given: [widget('a', 'ns1')], step: { op: 'replace', objs: [widget('a', 'ns1')] }, moves: true },
  ])('$name: the epoch moves $moves', ({ given, step, moves }) => {
    const s = newIndexer<Widget>();
    for (const o of given) s.add(o);
    const before = s.namespaceEpoch;
    const kept = s.namespaceNames('ns1');
    if (step.op === 'replace') s.replace(step.objs, '2');
    else s[step.op](step.obj);
    expect(s.namespaceEpoch !== before).toBe(moves);
    // while the epoch stays, the map taken before is the namespace's, changed in place
    if (!moves) {
      expect(s.namespaceNames('ns1')).toBe(kept);
      expect(kept?.get('a')).toBe(s.getByKey('ns1/a'));
    }
  });

  it('is undefined for a store with another key function (it keeps no objects by namespace)', () => {
    const s = new CacheIndexer<Widget>({ keyFunc: (o) => metaNamespaceKeyFunc(o) });
    s.add(widget('a', 'ns1'));
    expect(s.namespaceEpoch).toBeUndefined();
    expect(s.namespaceNames('ns1')).toBeUndefined();
  });
});

describe('Indexer', () => {
  type Step = { op: 'add' | 'update' | 'delete'; obj: Widget };
  const cases: Array<{ name: string; given: Step[]; want: Record<string, Record<string, string[]>> }> = [
    {
      name: 'namespace index after adds',
      given: [
        { op: 'add', obj: owned('a', 'ns1', 'x') },
        { op: 'add', obj: owned('b', 'ns1') },
        { op: 'add', obj: owned('c', 'ns2', 'x') },
      ],
      want: { namespace: { ns1: ['ns1/a', 'ns1/b'], ns2: ['ns2/c'] }, owner: { x: ['ns1/a', 'ns2/c'] } },
    },
    {
      name: 'an update moves the object between index values and drops empty values',
      given: [
        { op: 'add', obj: owned('a', 'ns1', 'x') },
        { op: 'update', obj: owned('a', 'ns1', 'y') },
      ],
      want: { namespace: { ns1: ['ns1/a'] }, owner: { y: ['ns1/a'] } },
    },
    {
      name: 'a delete removes the key from every index',
      given: [
        { op: 'add', obj: owned('a', 'ns1', 'x') },
        { op: 'add', obj: owned('b', 'ns1', 'x') },
        { op: 'delete', obj: owned('a', 'ns1') },
      ],
      want: { namespace: { ns1: ['ns1/b'] }, owner: { x: ['ns1/b'] } },
    },
    {
      name: 'an object leaving an index (no owner any more)',
      given: [
        { op: 'add', obj: owned('a', 'ns1', 'x') },
        { op: 'update', obj: owned('a', 'ns1') },
      ],
      want: { namespace: { ns1: ['ns1/a'] }, owner: {} },
    },
  ];

  it.each(cases)('$name', ({ given, want }) => {
    const idx = newIndexer<Widget>(byOwner);
    for (const s of given) idx[s.op](s.obj);
    for (const [index, values] of Object.entries(want)) {
      expect(idx.listIndexFuncValues(index).sort()).toEqual(Object.keys(values).sort());
      for (const [value, keys] of Object.entries(values)) {
        expect(idx.indexKeys(index, value).sort()).toEqual(keys);
        expect(idx.byIndex(index, value).map(metaNamespaceKeyFunc).sort()).toEqual(keys);
      }
    }
  });

  it('index(name, obj) returns the objects sharing a value with obj', () => {
    const idx = newIndexer<Widget>(byOwner);
    idx.add(owned('a', 'ns1', 'x'));
    idx.add(owned('b', 'ns2', 'x'));
    idx.add(owned('c', 'ns2', 'y'));
    expect(names(idx.index('owner', owned('probe', 'zz', 'x')))).toEqual(['a', 'b']);
    expect(names(idx.index(NAMESPACE_INDEX, owned('probe', 'ns2')))).toEqual(['b', 'c']);
  });

  it('multi-valued index functions', () => {
    const idx = new CacheIndexer<Widget>({ indexers: { labels: (w) => Object.keys(w.metadata?.labels ?? {}) } });
    idx.add(widget('a', 'ns', { x: '1', y: '1' }));
    idx.add(widget('b', 'ns', { y: '1' }));
    expect(idx.indexKeys('labels', 'y').sort()).toEqual(['ns/a', 'ns/b']);
    idx.update(widget('a', 'ns', { z: '1' }));
    expect(idx.listIndexFuncValues('labels').sort()).toEqual(['y', 'z']);
  });

  it('addIndexers indexes what is already stored and rejects a name twice', () => {
    const idx = newIndexer<Widget>();
    idx.add(owned('a', 'ns1', 'x'));
    idx.addIndexers(byOwner);
    expect(idx.indexKeys('owner', 'x')).toEqual(['ns1/a']);
    expect(() => idx.addIndexers(byOwner)).toThrow(/indexer conflict: owner/);
    expect(Object.keys(idx.getIndexers()).sort()).toEqual(['namespace', 'owner']);
  });

  it('an unknown index is an error, not an empty answer', () => {
    const idx = newIndexer<Widget>();
    expect(() => idx.byIndex('nope', 'x')).toThrow(/index with name nope does not exist/);
    expect(() => idx.indexKeys('nope', 'x')).toThrow(/does not exist/);
    expect(() => idx.listIndexFuncValues('nope')).toThrow(/does not exist/);
  });
});

describe('the namespace index of a default-keyed store (answered from its namespace → name map)', () => {
  type Op = { op: 'upsert' | 'delete'; ns: string; name: string } | { op: 'replace'; objects: Array<{ ns: string; name: string }> };
  const nsArb = fc.constantFrom('', 'a', 'b', '__proto__');
  const nameArb = fc.constantFrom('x', 'y', 'z', 'constructor');
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constantFrom<'upsert' | 'delete'>('upsert', 'delete'), ns: nsArb, name: nameArb }),
    fc.record({ op: fc.constant<'replace'>('replace'), objects: fc.array(fc.record({ ns: nsArb, name: nameArb }), { maxLength: 6 }) }),
  );
  const at = (ns: string, name: string): Widget => ({ metadata: { name, ...(ns ? { namespace: ns } : {}) } });

  it('answers byIndex, indexKeys, index and listIndexFuncValues as a kept index does, in the same order', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        const derived = newIndexer<Widget>(byOwner);
        // the same key, by another function: this store keeps the namespace index as a set per value
        const kept = new CacheIndexer<Widget>({ keyFunc: (w) => metaNamespaceKeyFunc(w), indexers: { [NAMESPACE_INDEX]: (w) => (w.metadata?.namespace ? [w.metadata.namespace] : []), ...byOwner } });
        for (const o of ops) {
          for (const s of [derived, kept]) {
            if (o.op === 'replace') s.replace(o.objects.map((w) => at(w.ns, w.name)), '1');
            else if (o.op === 'upsert') s.upsert(at(o.ns, o.name));
            else s.delete(at(o.ns, o.name));
          }
          expect(derived.listIndexFuncValues(NAMESPACE_INDEX)).toEqual(kept.listIndexFuncValues(NAMESPACE_INDEX));
          for (const ns of ['', 'a', 'b', '__proto__']) {
            expect(derived.byIndex(NAMESPACE_INDEX, ns)).toEqual(kept.byIndex(NAMESPACE_INDEX, ns));
            expect(derived.indexKeys(NAMESPACE_INDEX, ns)).toEqual(kept.indexKeys(NAMESPACE_INDEX, ns));
            expect(derived.index(NAMESPACE_INDEX, at(ns, 'x'))).toEqual(kept.index(NAMESPACE_INDEX, at(ns, 'x')));
          }
        }
      }),
    );
  });

  it('also under another name, added later', () => {
    const s = newIndexer<Widget>();
    s.add(widget('a', 'n1'));
    s.addIndexers({ byNs: metaNamespaceIndexFunc });
    s.add(widget('b', 'n1'));
    expect(s.indexKeys('byNs', 'n1')).toEqual(['n1/a', 'n1/b']);
    expect(() => s.byIndex('missing', 'n1')).toThrow(/does not exist/);
  });
});
