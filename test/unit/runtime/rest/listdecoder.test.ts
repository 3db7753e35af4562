/**
 * `ListDecoder`: a list body decoded while it arrives gives what `JSON.parse` of the whole body gives (and throws
 * when it throws), whatever the chunking; the items are handed over in order, each once, as they complete.
 */
import fc from 'fast-check';
import { ListDecoder } from '../../../../runtime/src/rest/listdecoder';

interface Run {
  result?: unknown;
  error?: unknown;
  batches: unknown[][];
  heads: string[];
}

/** Decodes `body` pushed in the pieces that `cuts` (byte offsets) make. */
function decode(body: Buffer, cuts: number[] = []): Run {
  const batches: unknown[][] = [];
  const heads: string[] = [];
  const d = new ListDecoder({ onItems: (items) => batches.push(items), onHead: (head) => heads.push(head.toString('utf8')) });
  let from = 0;
  for (const cut of [...new Set(cuts.filter((c) => c > 0 && c < body.length))].sort((a, b) => a - b)) {
    d.push(body.subarray(from, cut));
    from = cut;
  }
  d.push(body.subarray(from));
  try {
    return { result: d.end(), batches, heads };
  } catch (error) {
    return { error, batches, heads };
  }
}

/** What JSON.parse says of the whole body (its bytes decoded as UTF-8: a lone surrogate is a replacement character). */
function reference(bytes: Buffer): { result?: unknown; error?: unknown } {
  try {
    return { result: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch (error) {
    return { error };
  }
}

function expectAgrees(text: string, cuts: number[] = []): Run {
  const bytes = Buffer.from(text);
  const got = decode(bytes, cuts);
  const want = reference(bytes);
  if (want.error !== undefined) {
    expect(got.error).toBeInstanceOf(SyntaxError);
  } else {
    expect(got.error).toBeUndefined();
    expect(got.result).toEqual(want.result);
  }
  return got;
}

const everyCut = (text: string): number[][] => Array.from({ length: Buffer.byteLength(text) + 1 }, (_, i) => [i]);

describe('ListDecoder', () => {
  const valid: Array<{ name: string; body: string; items: number }> = [
    { name: 'a custom resource list (metadata last)', body: '{"apiVersion":"v1","items":[{"a":1},{"b":[1,{"c":"}]"}]}],"kind":"L","metadata":{"resourceVersion":"5"}}', items: 2 },
    { name: 'a built-in list (metadata first)', body: '{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"9","continue":"t"},"items":[{"metadata":{"name":"p"}}]}\n', items: 1 },
    { name: 'no items', body: '{"items":[],"metadata":{}}', items: 0 },
    { name: 'no items, spaced', body: ' { "items" : [ \n ] , "kind" : "L" } ', items: 0 },
    { name: 'spaces everywhere', body: '{ "items" :\t[ {"a" : 1 } ,\n{ "b":2 } ] }', items: 2 },
    { name: 'items not objects', body: '{"items":[1,"two",null,true,[3],{"x":"\\"]"}]}', items: 6 },
    { name: 'escapes and brackets inside strings', body: '{"items":[{"s":"a\\\\","t":"\\\\\\"{[","u":"\\u005d,"}]}', items: 1 },
    { name: 'a member name with escapes that is items', body: '{"\\u0069tems":[{"a":1}],"kind":"L"}', items: 1 },
    { name: 'a member name with escapes that is not items', body: '{"\\u0069tem":[{"a":1}],"kind":"L"}', items: 0 },
    { name: 'items nested deeper is not the list\'s', body: '{"spec":{"items":[{"a":1}]},"items":[{"b":2}]}', items: 1 },
    { name: '"items" as a value', body: '{"kind":"items","items":[{"a":"items"}]}', items: 1 },
    { name: 'items null', body: '{"items":null,"kind":"L"}', items: 0 },
    { name: 'not a list: an array', body: '[{"items":[1]}]', items: 0 },
    { name: 'not a list: a string', body: '"items"', items: 0 },
    { name: 'multi-byte characters', body: '{"items":[{"name":"grüße 🚀"},{"n":"日本"}],"metadata":{"x":"é"}}', items: 2 },
    { name: '__proto__ members stay data', body: '{"__proto__":{"polluted":1},"items":[{"__proto__":{"p":2}}]}', items: 1 },
  ];
  it.each(valid)('$name: equals JSON.parse whatever the cut, items handed over once in order', ({ body, items }) => {
    for (const cuts of [[], ...everyCut(body), [1, 2, 3, 5, 8, 13, 21, 34]]) {
      const got = expectAgrees(body, cuts);
      expect(got.batches.flat()).toHaveLength(items);
      if (items > 0) {
        // the very objects of the result, in order
        const list = got.result as { items: unknown[] };
        got.batches.flat().forEach((item, i) => expect(item).toBe(list.items[i]));
        expect(got.heads).toHaveLength(1);
        expect(got.heads[0]).toMatch(/\[$/);
      }
    }
  });

  const invalid: Array<{ name: string; body: string }> = [
    { name: 'a truncated element', body: '{"items":[{"a":1},{"b":' },
    { name: 'a truncated list after the items', body: '{"items":[{"a":1}],"kind":' },
    { name: 'an unterminated string', body: '{"items":[{"a":"x}]}' },
    { name: 'a trailing comma in items', body: '{"items":[{"a":1},]}' },
    { name: 'a leading comma in items', body: '{"items":[,{"a":1}]}' },
    { name: 'a stray closing brace in items', body: '{"items":[{"a":1}}]}' },
    { name: 'a bad element', body: '{"items":[{"a":1},{"b":tru}]}' },
    { name: 'garbage after the list', body: '{"items":[{"a":1}]} x' },
    { name: 'two lists', body: '{"items":[]}{"items":[{"a":1}]}' },
    { name: 'a login page', body: '<html>login</html>' },
    { name: 'mismatched brackets in an element', body: '{"items":[{"a":]}]}' },
    { name: 'a bad member name escape', body: '{"\\x":1,"items":[]}' },
  ];
  it.each(invalid)('$name: a SyntaxError, as JSON.parse', ({ body }) => {
    for (const cuts of [[], ...everyCut(body)]) expectAgrees(body, cuts);
  });

  it('refuses a list with two items members (JSON.parse would keep the last, after the first was handed over)', () => {
    const got = decode(Buffer.from('{"items":[{"a":1}],"items":[]}'));
    expect(String(got.error)).toMatch(/more than one "items" member/);
    expect(decode(Buffer.from('{"items":null,"\\u0069tems":[1]}')).error).toBeInstanceOf(SyntaxError);
  });

  it('hands over nothing after an error', () => {
    const got = decode(Buffer.from('{"items":[{"a":1},{"b":x},{"c":3}]}'));
    expect(got.error).toBeInstanceOf(SyntaxError);
    expect(got.batches.flat()).toEqual([]);
  });

  const json = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(null, true, false, 0, -1.5e3),
      fc.string({ unit: fc.constantFrom('a', '"', '\\', '{', '}', '[', ']', ',', ':', 'é', '🚀', ' ', 'items') }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('items', 'a', '"', '\\', '{]', 'kind', '__proto__'), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

  it('agrees with JSON.parse on lists of arbitrary values, in arbitrary chunks', () => {
    fc.assert(
      fc.property(
        fc.array(json, { maxLength: 6 }),
        fc.dictionary(fc.constantFrom('kind', 'apiVersion', 'metadata', 'x'), json, { maxKeys: 3 }),
        fc.boolean(),
        fc.array(fc.nat(400), { maxLength: 12 }),
        (items, other, first, cuts) => {
          const members = Object.entries(other).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
          const list = `{${(first ? [`"items":${JSON.stringify(items)}`, ...members] : [...members, `"items":${JSON.stringify(items, null, 1)}`]).join(',')}}`;
          const got = expectAgrees(list, cuts);
          expect(got.batches.flat()).toEqual(items);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('agrees with JSON.parse on arbitrary bodies and corrupted lists (throws exactly when it throws)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          json.map((v) => JSON.stringify(v)),
          fc
            .tuple(fc.array(json, { minLength: 1, maxLength: 4 }), fc.nat(), fc.constantFrom('', '"', '\\', '{', '}', '[', ']', ',', ':', ' '), fc.boolean())
            .map(([items, at, ch, drop]) => {
              const s = JSON.stringify({ items, kind: 'L' });
              const i = at % s.length;
              return s.slice(0, i) + ch + s.slice(drop ? i + 1 : i);
            }),
        ),
        fc.array(fc.nat(200), { maxLength: 8 }),
        (body, cuts) => {
          expectAgrees(body, cuts);
        },
      ),
      { numRuns: 600 },
    );
  });
});
