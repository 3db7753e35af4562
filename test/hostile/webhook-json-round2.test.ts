/**
 * The webhook's sliced JSON body parser (runtime/src/webhook/json-body.ts, issue 23 item 5): the same value as
 * `JSON.parse` for any JSON text, an error exactly where `JSON.parse` has one, the depth limit checked while parsing
 * (as `nestsDeeper` checked after), and the same results when the parse is cut into the smallest slices (one step a
 * slice, one character a step). Linear in its input: 10× the input costs at most 20× the CPU time.
 */
import fc from 'fast-check';
import { JsonBodyError, JsonBodyScheduler, SlicedJsonParser } from '../../runtime/src/webhook/json-body';
import { nestsDeeper } from '../../runtime/src/webhook/server';
import { hostileJson, plainEverywhere, RUNS } from './json-arbitrary';
import { linearRatios } from './linear-time';

/** Parses in one go (`tiny`: one step per slice and tiny steps); throws what the parser throws. */
function parse(text: string, maxDepth = 1000, tiny = false): unknown {
  const parser = new SlicedJsonParser(text, maxDepth, tiny ? { stepChars: 1, stepsPerClockCheck: 1 } : {});
  let slices = 0;
  while (!parser.run(tiny ? -Infinity : Infinity)) slices++;
  if (!tiny) expect(slices).toBe(0);
  return parser.value;
}

/** JSON text of `v` in one of several layouts (compact, indented, with tabs and CRLF). */
const layouts = [(v: unknown) => JSON.stringify(v), (v: unknown) => JSON.stringify(v, null, 2), (v: unknown) => JSON.stringify(v, null, '\t').replace(/\n/g, '\r\n')];

/** Strings with what JSON escapes: quotes, backslashes, control characters, lone and paired surrogates, U+2028. */
const hostileString = fc.string({ unit: fc.constantFrom('a', '"', '\\', '/', '\n', '\u0000', '\u001f', '\u2028', '\ud83d', '\ude00', 'é', ' '), maxLength: 20 });

function same(a: unknown, b: unknown): void {
  expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  expect(() => { plainEverywhere(a); }).not.toThrow();
}

describe('SlicedJsonParser', () => {
  it('gives what JSON.parse gives, in one slice and in the smallest slices (property)', () => {
    fc.assert(
      fc.property(hostileJson(5), hostileString, fc.constantFrom(...layouts), (v, s, layout) => {
        const text = layout([v, s, { [s]: v }]);
        const want: unknown = JSON.parse(text);
        same(parse(text), want);
        same(parse(text, 1000, true), want);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps __proto__ an own key, the last duplicate key, -0 and long numbers as JSON.parse does', () => {
    const text = '{"__proto__":{"polluted":1},"a":1,"a":2,"z":-0,"n":12345678901234567890123,"e":-1.5e-7,"u":"\\ud83d\\ude00\\u2028"}';
    for (const tiny of [false, true]) {
      const got = parse(text, 1000, tiny) as Record<string, unknown>;
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(got, '__proto__')?.value).toEqual({ polluted: 1 });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.keys(got)).toEqual(Object.keys(JSON.parse(text) as object));
      expect(got.a).toBe(2);
      expect(Object.is(got.z, -0)).toBe(true);
      // the nearest double, as JSON.parse reads it (the literal itself would not be exact)
      expect(got.n).toBe(Number('12345678901234567890123'));
      expect(got.e).toBe(-1.5e-7);
      expect(got.u).toBe('😀\u2028');
    }
  });

  it('fails where JSON.parse fails, with a one-line message (property over edited JSON texts)', () => {
    const edit = fc.tuple(fc.nat(), fc.constantFrom('', '"', '\\', ',', ':', '{', '}', '[', ']', '0', '-', '.', 'e', 'x', ' ', '\u0001', 'tru', 'nul'));
    fc.assert(
      fc.property(hostileJson(4), fc.array(edit, { minLength: 1, maxLength: 3 }), (v, edits) => {
        let text = JSON.stringify({ v });
        for (const [at, insert] of edits) {
          const i = at % (text.length + 1);
          // delete the character there, or insert one
          text = insert === '' ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + insert + text.slice(i);
        }
        let want: unknown;
        let fails = false;
        try {
          want = JSON.parse(text);
        } catch {
          fails = true;
        }
        for (const tiny of [false, true]) {
          if (fails) {
            expect(() => parse(text, 1000, tiny)).toThrow(JsonBodyError);
            try {
              parse(text, 1000, tiny);
            } catch (e) {
              expect((e as Error).message).not.toMatch(/\n/);
              expect((e as JsonBodyError).tooDeep).toBe(false);
            }
          } else same(parse(text, 1000, tiny), want);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('names the line and column of a syntax error', () => {
    expect(() => parse('{\n  "a": 1,\n  "b": tru\n}')).toThrow('unexpected "t" at line 3, column 8');
    expect(() => parse('{"a":"x\ny"}')).toThrow('control character "\\n" in a string at line 1, column 8');
    expect(() => parse('{"a":"\\x"}')).toThrow('bad escape in a string at line 1, column 7');
    expect(() => parse('{"a":"xyz')).toThrow('unterminated string (it starts at line 1, column 6)');
    expect(() => parse('[1,2')).toThrow('unexpected end of the body');
    expect(() => parse('  ')).toThrow('unexpected end of the body');
    expect(() => parse('{} {}')).toThrow('unexpected "{" at line 1, column 4');
  });

  it('checks the depth while parsing, as nestsDeeper checks the parsed value (property)', () => {
    fc.assert(
      fc.property(hostileJson(6), fc.nat(7), (v, maxDepth) => {
        const text = JSON.stringify(v);
        const deeper = nestsDeeper(JSON.parse(text), maxDepth);
        for (const tiny of [false, true]) {
          let tooDeep = false;
          try {
            parse(text, maxDepth, tiny);
          } catch (e) {
            expect(e).toBeInstanceOf(JsonBodyError);
            tooDeep = (e as JsonBodyError).tooDeep;
          }
          expect(tooDeep).toBe(deeper);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('stops at the first container deeper than allowed, before reading on', () => {
    // 10 MB of unclosed arrays, then text that is not JSON: the depth error comes first
    const text = '['.repeat(10_000_000) + 'not json';
    expect(() => parse(text, 1000)).toThrow(new JsonBodyError('nests deeper than 1000 levels', true));
    expect(() => parse('['.repeat(1000) + ']'.repeat(1000), 1000)).not.toThrow();
    expect(() => parse('['.repeat(1001) + ']'.repeat(1001), 1000)).toThrow('nests deeper than 1000 levels');
  });

  it('reads long strings in pieces, escapes and surrogate pairs cut at any piece boundary', () => {
    for (const stepChars of [1, 2, 3, 5, 7]) {
      const s = 'ab\\"\\n\ud83d\ude00\\ud83d\\ude00é'.repeat(9);
      const text = `["${s}", {"${s}": "${s}"}]`;
      const parser = new SlicedJsonParser(text, 10, { stepChars, stepsPerClockCheck: 1 });
      while (!parser.run(-Infinity));
      same(parser.value, JSON.parse(text));
    }
  });

  it('fills a large array in steps after its `]`, of at most one step of elements each', () => {
    for (const n of [1_000, 100_000]) {
      const text = `[${Array.from({ length: n }, (_, i) => `{"i":${i}}`).join(',')}]`;
      const parser = new SlicedJsonParser(text, 10, { stepChars: 500, stepsPerClockCheck: 1 });
      let closingSteps = 0;
      while (!parser.run(-Infinity)) if (parser.remaining === 0) closingSteps++;
      expect(JSON.stringify(parser.value)).toBe(text);
      // once the text is read, the root array's elements are copied 500 a step (each `run` is one step here; the last
      // run, which ends the parse, is not counted)
      expect(closingSteps).toBe(Math.ceil(n / 500));
    }
  });

  it('works in time linear in its input: 10× the input, at most 20× the CPU time', () => {
    const shapes: Record<string, (n: number) => string> = {
      'empty arrays': (n) => `[${Array(n).fill('[]').join(',')}]`,
      'small objects': (n) => `[${Array(n).fill('{"a":1,"b":"x"}').join(',')}]`,
      'nesting up to the limit': (n) => `[${Array(Math.ceil(n / 500)).fill('['.repeat(999) + ']'.repeat(999)).join(',')}]`,
      escapes: (n) => `"${'\\n\\u00e9\\"x'.repeat(n)}"`,
      'white space': (n) => `${' \n\t\r'.repeat(n)}1`,
      'long numbers': (n) => `[${'9'.repeat(n)}.5]`,
    };
    for (const [name, make] of Object.entries(shapes)) {
      const small = make(10_000);
      const large = make(100_000);
      const ratios = linearRatios(() => parse(small), () => parse(large), 20);
      expect({ name, ratios, holds: ratios.some((r) => r <= 20) }).toEqual({ name, ratios, holds: true });
    }
  }, 120_000);
});

describe('JsonBodyScheduler', () => {
  it('answers a small body in its first slice and a large one over several turns, others served in between', async () => {
    const scheduler = new JsonBodyScheduler(0);
    await expect(scheduler.parse('{"a":[1,2]}', 10)).resolves.toEqual({ a: [1, 2] });
    const large = `[${Array(200_000).fill('{"a":[]}').join(',')}]`;
    let turns = 0;
    let parsed = false;
    const ticker = (): void => {
      if (parsed) return;
      turns++;
      setImmediate(ticker);
    };
    setImmediate(ticker);
    const value = await scheduler.parse(large, 10).finally(() => (parsed = true));
    expect((value as unknown[]).length).toBe(200_000);
    // the event loop turned while the body was parsed
    expect(turns).toBeGreaterThan(1);
  }, 60_000);

  it('drops a parse whose signal aborts, and goes on with the others', async () => {
    const scheduler = new JsonBodyScheduler(0);
    const large = `[${Array(100_000).fill('[]').join(',')}]`;
    const controller = new AbortController();
    const dropped = scheduler.parse(large, 10, controller.signal);
    const kept = scheduler.parse(large, 10);
    controller.abort(new Error('the client went away'));
    await expect(dropped).rejects.toThrow('the client went away');
    await expect(kept).resolves.toHaveLength(100_000);
    expect(scheduler.pending).toBe(0);
  }, 60_000);

  it('parses large bodies one at a time in arrival order, a small one arriving meanwhile answered at once', async () => {
    const scheduler = new JsonBodyScheduler(0);
    const large = (n: number) => `[${Array(n).fill('{"a":[]}').join(',')}]`;
    const order: string[] = [];
    const first = scheduler.parse(large(60_000), 10).then((v) => order.push(`first ${(v as unknown[]).length}`));
    const second = scheduler.parse(large(20_000), 10).then((v) => order.push(`second ${(v as unknown[]).length}`));
    expect(scheduler.pending).toBe(2);
    await scheduler.parse('{"small":true}', 10).then(() => order.push('small'));
    await Promise.all([first, second]);
    // round-robin would answer the shorter second body first
    expect(order).toEqual(['small', 'first 60000', 'second 20000']);
    expect(scheduler.pending).toBe(0);
  }, 60_000);

  it('takes turns among maxActive bodies, and drops a waiting parse whose signal aborted before it started', async () => {
    const scheduler = new JsonBodyScheduler(0, 2);
    const large = (n: number) => `[${Array(n).fill('[]').join(',')}]`;
    const order: string[] = [];
    const controller = new AbortController();
    const a = scheduler.parse(large(60_000), 10).then(() => order.push('a'));
    const b = scheduler.parse(large(20_000), 10).then(() => order.push('b'));
    const c = scheduler.parse(large(20_000), 10, controller.signal);
    controller.abort(new Error('the client went away'));
    await expect(c).rejects.toThrow('the client went away');
    await Promise.all([a, b]);
    // two active at a time take turns: the shorter one ends first
    expect(order).toEqual(['b', 'a']);
  }, 60_000);

  it('rejects a body that is not JSON or too deep with a JsonBodyError', async () => {
    const scheduler = new JsonBodyScheduler(0);
    await expect(scheduler.parse('{"a":', 10)).rejects.toThrow(JsonBodyError);
    await expect(scheduler.parse(`[${Array(50_000).fill('[]').join(',')}, [[[[[[[[[[[]]]]]]]]]]]]`, 10)).rejects.toMatchObject({ tooDeep: true });
  }, 60_000);
});
