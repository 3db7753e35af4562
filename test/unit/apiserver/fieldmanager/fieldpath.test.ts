import { FieldSet, fieldElement as f, keyElement as k, valueElement as v, pathString } from '../../../../apiserver/src/fieldmanager';

describe('FieldSet', () => {
  const cases: Array<{ name: string; given: Array<readonly string[]>; want: unknown }> = [
    { name: 'a leaf', given: [[f('spec'), f('image')]], want: { 'f:spec': { 'f:image': {} } } },
    { name: 'a member with children', given: [[f('metadata'), f('labels')], [f('metadata'), f('labels'), f('app')]], want: { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } } },
    {
      name: 'fields, then keys, then values, each sorted',
      given: [[v('b')], [v('a')], [k([['name', 'x']])], [f('z')], [f('a')], [k([['name', 'a']])]],
      want: { 'f:a': {}, 'f:z': {}, 'k:{"name":"a"}': {}, 'k:{"name":"x"}': {}, 'v:"a"': {}, 'v:"b"': {} },
    },
    { name: 'keys sorted by field name', given: [[k([['port', 80], ['name', 'web']])]], want: { 'k:{"name":"web","port":80}': {} } },
    { name: 'numbers in value order', given: [[v(10)], [v(9)]], want: { 'v:9': {}, 'v:10': {} } },
    { name: "Go's escaping", given: [[v('<a&b>')]], want: { 'v:"\\u003ca\\u0026b\\u003e"': {} } },
  ];
  it.each(cases)('encodes $name as fieldsV1', ({ given, want }) => {
    const set = FieldSet.of(...given);
    expect(JSON.stringify(set.toFieldsV1())).toBe(JSON.stringify(want));
    // and reads it back
    expect(JSON.stringify(FieldSet.fromFieldsV1(set.toFieldsV1()).toFieldsV1())).toBe(JSON.stringify(want));
  });

  it('refuses what is not fieldsV1', () => {
    expect(() => FieldSet.fromFieldsV1({ 'x:a': {} })).toThrow('unknown path element prefix');
    expect(() => FieldSet.fromFieldsV1([])).toThrow('expected an object');
  });

  it('keeps __proto__ an ordinary field', () => {
    const set = FieldSet.fromFieldsV1(JSON.parse('{"f:__proto__":{"f:x":{}}}'));
    expect(set.has([f('__proto__'), f('x')])).toBe(true);
    expect(JSON.stringify(set.toFieldsV1())).toBe('{"f:__proto__":{"f:x":{}}}');
  });

  it('combines sets', () => {
    const a = FieldSet.of([f('a')], [f('b'), f('c')], [f('b'), f('d')]);
    const b = FieldSet.of([f('b'), f('c')], [f('e')]);
    expect(a.union(b).toFieldsV1()).toEqual({ 'f:a': {}, 'f:b': { 'f:c': {}, 'f:d': {} }, 'f:e': {} });
    expect(a.intersection(b).toFieldsV1()).toEqual({ 'f:b': { 'f:c': {} } });
    expect(a.difference(b).toFieldsV1()).toEqual({ 'f:a': {}, 'f:b': { 'f:d': {} } });
    expect(a.recursiveDifference(FieldSet.of([f('b')])).toFieldsV1()).toEqual({ 'f:a': {} });
  });

  it.each([
    { path: [f('spec'), f('replicas')], want: '.spec.replicas' },
    { path: [f('spec'), f('containers'), k([['name', 'a']]), f('image')], want: '.spec.containers[name="a"].image' },
    { path: [f('spec'), f('tags'), v('x')], want: '.spec.tags[="x"]' },
    { path: [f('spec'), f('ports'), k([['port', 80], ['protocol', 'TCP']])], want: '.spec.ports[port=80,protocol="TCP"]' },
  ])('prints $want', ({ path, want }) => {
    expect(pathString(path)).toBe(want);
  });
});
