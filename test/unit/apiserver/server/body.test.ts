/**
 * YAML request bodies (`parseYaml`, `parseBody`): sigs.k8s.io/yaml's YAMLToJSON over yaml.v2 — YAML 1.1 scalars, merge
 * keys, timestamps as text, the first document, repeated keys reported as the strict decoder reports them — and
 * yaml.v2's words for the syntax errors kube-apiserver answers (checked against it in test/e2e/apiserver.test.ts).
 */
import fc from 'fast-check';
import { duplicateFields, parseBody, parseYaml } from '../../../../apiserver/src/server/body';

const yaml = (s: string) => parseYaml(Buffer.from(s));

describe('parseYaml', () => {
  const values: { name: string; given: string; want: unknown; duplicates?: string[] }[] = [
    { name: 'a mapping', given: 'kind: CronTab\nspec: {image: one}\n', want: { kind: 'CronTab', spec: { image: 'one' } } },
    { name: 'YAML 1.1 booleans and numbers', given: 'a: yes\nb: off\nc: 0x10\nd: 1_000\n', want: { a: true, b: false, c: 16, d: 1000 } },
    { name: 'a timestamp kept as its text', given: 'when: 2001-12-14\n', want: { when: '2001-12-14' } },
    { name: 'anchors, aliases and merge keys', given: 'x: &a {p: 1}\nw: *a\nz:\n  <<: *a\n  q: 2\n', want: { x: { p: 1 }, w: { p: 1 }, z: { p: 1, q: 2 } } },
    { name: 'a `y` key as yaml.v2 reads it (the boolean true, as text)', given: 'y: 1\n', want: { true: 1 } },
    { name: 'a non-string key as its text', given: '1: one\n', want: { '1': 'one' } },
    { name: 'the first of two documents', given: 'a: 1\n---\nb: 2\n', want: { a: 1 } },
    { name: 'nothing', given: '', want: null },
    { name: 'a repeated key: the last value, reported', given: 'a: 1\nb: 2\na: 3\n', want: { a: 3, b: 2 }, duplicates: ['line 3: key "a" already set in map'] },
    { name: 'a repeated key in a nested flow mapping', given: 'spec: {image: one, image: two}\n', want: { spec: { image: 'two' } }, duplicates: ['line 1: key "image" already set in map'] },
  ];
  it.each(values)('reads $name', ({ given, want, duplicates = [] }) => {
    expect(yaml(given)).toEqual({ value: want, duplicates });
  });

  it('keeps __proto__ an ordinary own key and pollutes nothing', () => {
    const got = yaml('__proto__: {polluted: true}\nspec: {__proto__: {x: 1}}\n');
    if (!('value' in got)) throw new Error(got.error);
    const v = got.value;
    expect(typeof v === 'object' && v !== null && Object.hasOwn(v, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(JSON.stringify(v)).toBe('{"__proto__":{"polluted":true},"spec":{"__proto__":{"x":1}}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  const errors: { name: string; given: string; want: unknown }[] = [
    { name: 'an unterminated flow sequence', given: 'a: x\nkind: [CronTab\n', want: "yaml: line 3: did not find expected ',' or ']'" },
    { name: 'an unterminated flow mapping', given: 'metadata: {name: a\n', want: "yaml: line 2: did not find expected ',' or '}'" },
    { name: 'a mapping value in a compact mapping', given: 'a: b: c\n', want: 'yaml: line 1: mapping values are not allowed in this context' },
    { name: 'an unterminated quote', given: 'a: "x\n', want: 'yaml: line 2: found unexpected end of stream' },
    { name: 'a tab as indentation', given: 'a:\n\tb: 1\n', want: 'yaml: line 2: found character that cannot start any token' },
    { name: 'misaligned mapping items', given: 'a:\n  - b\n c: d\n', want: 'yaml: line 3: did not find expected key' },
    { name: 'an infinite number (Go cannot encode it as JSON)', given: 'a: .inf\n', want: 'yaml: json: unsupported value: +Inf' },
    { name: 'too many aliases', given: `a: &a [x]\nb: [${Array.from({ length: 200 }, () => '*a').join(', ')}]\n`, want: expect.stringMatching(/^yaml: /) },
  ];
  it.each(errors)('answers $name in yaml.v2 words', ({ given, want }) => {
    expect(yaml(given)).toEqual({ error: want });
  });

  it('never throws, and answers JSON data or a one-line error, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const got = yaml(s);
        if ('error' in got) return !got.error.includes('\n');
        return JSON.stringify(got.value) === JSON.stringify(JSON.parse(JSON.stringify(got.value ?? null)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseBody', () => {
  it('reads JSON by JSON.parse and YAML by parseYaml, by media type', () => {
    expect(parseBody(Buffer.from('{"a":1}'), 'application/json')).toEqual({ value: { a: 1 }, duplicateFields: [] });
    expect(parseBody(Buffer.from('{"a":1,"a":2}'), 'application/json')).toEqual({ value: { a: 2 }, duplicateFields: ['a'] });
    expect(parseBody(Buffer.from('a: on'), 'application/yaml')).toEqual({ value: { a: true }, duplicates: [] });
    expect(parseBody(Buffer.from('a: on'), 'application/json')).toHaveProperty('error');
  });
});

describe('duplicateFields (the strict JSON decoder\'s repeated keys)', () => {
  it.each([
    { name: 'none', given: '{"a":{"b":1},"c":[{"b":1},{"b":2}]}', want: [] },
    { name: 'at the top', given: '{"kind":"A","kind":"A"}', want: ['kind'] },
    { name: 'nested, in document order', given: '{"metadata":{"name":"a","name":"b"},"spec":{"image":"x", "image" : "y"}}', want: ['metadata.name', 'spec.image'] },
    { name: 'in a list item', given: '{"m":{"refs":[{"uid":"1"},{"uid":"2","uid":"2"}]}}', want: ['m.refs[1].uid'] },
    { name: 'a JSON patch', given: '[{"op":"add","op":"add"}]', want: ['[0].op'] },
    { name: 'keys in strings are no keys', given: '{"a":"\\"a\\":1,","b":["a","a"],"a\\u0062":1,"ab":2}', want: ['ab'] },
    { name: 'the same key in sibling objects', given: '{"a":{"x":1},"b":{"x":1}}', want: [] },
  ])('$name', ({ given, want }) => {
    expect(duplicateFields(given)).toEqual(want);
  });

  it('finds none in what JSON.stringify writes, and never throws on JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(duplicateFields(JSON.stringify(v))).toEqual([]);
      }),
    );
  });
});
