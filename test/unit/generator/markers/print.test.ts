/**
 * Every definition of the marker registry prints what it parses (controller-tools `markers/parse.go` read
 * backwards): for each one, an arbitrary value of the kind its parser produces → `print` → `parseMarker` gives the
 * value back (up to the sign of zero, which `0` spells), and the line holds nothing a comment of either kind cannot.
 * The values are built from the definition itself (its argument types, `oneOf`, `validate`, optional arguments), so a
 * definition added to the registry is covered without a line here; custom grammars have their own arbitraries below,
 * and a test fails when one is missing. `KUBEGEN_FUZZ_RUNS` sets the runs.
 */
import fc from 'fast-check';
import { CLIENT_VERBS } from '../../../../generator/markers/definitions/client';
import { markerDefinitions, markerJson, markerString, parseMarker, printMarker, rawMarkerTextProblem, type ArgSpec, type ArgType, type MarkerDefinition } from '../../../../generator/markers';
import { present } from '../../helpers/present';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 60);
const span = { file: 'apis/x/v1/a.ts', line: 1, column: 4 };

/** Strings of any code units: lone surrogates, controls, line and paragraph separators, `*\/`, quotes, backticks. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('a', ' ', ',', ';', '{', '}', ':', '"', '`', '\\', '*', '/', '\n', '\u2028', '\ud800', '=', '(', ')', 'true'), maxLength: 10 }),
);

/** Integers as the grammar reads them: a number within ±2^53, an exact bigint beyond (within int64). */
const int64 = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((b) => (b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b)),
);
const double = fc.double({ noNaN: true, noDefaultInfinity: true });

/** Text a raw (verbatim) argument can hold: what the parser can read from a comment line. */
const rawText = fc.string({ unit: 'binary', maxLength: 16 }).filter((s) => rawMarkerTextProblem(s) === undefined);

/**
 * Values of controller-gen's guessed grammar, as its parser produces them: a list takes the type guessed for its first
 * element, so lists are non-empty (`{}` is an empty map) and of one kind; an integer-valued double beyond int64 is a
 * float, within int64 an exact integer.
 */
const scalarAny = fc.oneof(
  text,
  fc.boolean(),
  int64,
  double.filter((d) => !Number.isInteger(d) || Math.abs(d) >= 2 ** 63 || Number.isSafeInteger(d)),
  fc.constantFrom(1e19, -(2 ** 64), 1e21, 0.5e-7),
);
const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    scalarAny,
    fc.array(text, { minLength: 1, maxLength: 3 }),
    fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
    fc.array(int64, { minLength: 1, maxLength: 3 }),
    fc.tuple(double.filter((d) => !Number.isInteger(d)), fc.array(double, { maxLength: 2 })).map(([first, rest]) => [first, ...rest]),
    fc.array(fc.array(text, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }),
    fc.array(fc.dictionary(text, tie('v'), { maxKeys: 2 }), { minLength: 1, maxLength: 2 }),
    fc.dictionary(text, tie('v'), { maxKeys: 3 }),
  ),
})).v;

function valueOf(type: ArgType): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'int':
      return int64;
    case 'number':
      return double;
    case 'bool':
      return fc.boolean();
    case 'string':
      return text;
    case 'raw':
      return rawText;
    case 'json':
      return fc.jsonValue();
    case 'any':
      return anyValue;
    case 'slice':
      return fc.array(valueOf(type.items), { maxLength: 3 });
    case 'map':
      return fc.dictionary(fc.oneof(text, fc.constant('__proto__')), valueOf(type.values), { maxKeys: 3 });
  }
}

/** Values the validated arguments accept (their `validate` rejects almost every arbitrary string). */
const VALIDATED: Record<string, fc.Arbitrary<unknown>> = {
  'kubebuilder:printcolumn.JSONPath': text.map((t) => `.${t}`),
  'kubebuilder:externalDocs.url': fc.webUrl(),
  'kubebuilder:metadata.annotations': fc.array(text.map((t) => `k=${t}`), { maxLength: 3 }),
  'kubebuilder:metadata.labels': fc.array(fc.stringMatching(/^[a-z]{1,5}=[a-z0-9]{0,5}$/), { maxLength: 3 }),
  'kubebuilder:validation:Pattern': fc.constantFrom('^[a-z]+$', '`x`', 'a,b;c\\}', '"q"', '\\d{3}', '*/?', ''),
  'kubebuilder:validation:items:Pattern': fc.constantFrom('^[a-z]+$', 'a,b;c\\}', '\\\\', ''),
};

function argValue(defName: string, argName: string | undefined, spec: ArgSpec): fc.Arbitrary<unknown> {
  const given = VALIDATED[argName === undefined ? defName : `${defName}.${argName}`];
  let arb: fc.Arbitrary<unknown>;
  if (given) arb = given;
  else if (spec.oneOf) {
    const one = fc.constantFrom(...spec.oneOf);
    arb = spec.type.kind === 'slice' ? fc.array(one, { maxLength: 3 }) : one;
  } else arb = valueOf(spec.type);
  return arb.filter((v) => spec.validate?.(v) === undefined);
}

/** The arbitrary values of the custom grammars, by definition name (validation-gen's by their shape below). */
const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
const methodValue = rawText.filter((s) => s !== '' && !s.includes(',') && s === s.trim());
const CUSTOM: Record<string, fc.Arbitrary<unknown>> = {
  'genclient:onlyVerbs': fc.array(fc.constantFrom(...CLIENT_VERBS), { minLength: 1, maxLength: 4 }),
  'genclient:skipVerbs': fc.array(fc.constantFrom(...CLIENT_VERBS), { minLength: 1, maxLength: 4 }),
  'genclient:method': fc
    .record({ name: identifier, verb: fc.constantFrom('create', 'update', 'get', 'list', 'patch', 'apply', 'applyStatus'), subresource: methodValue, input: methodValue, result: methodValue }, { requiredKeys: ['name', 'verb'] })
    .map((v) => {
      const out: Record<string, string> = { name: v.name, verb: v.verb };
      if (v.subresource !== undefined) out.subresource = v.subresource;
      if (v.input !== undefined && ['create', 'update', 'apply'].includes(v.verb)) out.input = v.input;
      if (v.result !== undefined && ['create', 'update', 'get', 'list', 'patch', 'apply'].includes(v.verb)) out.result = v.result;
      return out;
    }),
  default: fc.jsonValue(),
};

/** validation-gen's `(…)` arguments: balanced parentheses outside quotes. */
const params = fc.oneof(rawText.filter((s) => !/[()"`]/.test(s)), fc.constantFrom('a, b', '"x)"', '`(`', 'f(g(1))', ''));
const payloadText = rawText.filter((s) => s !== '' && s === s.trim());

function validationGen(def: MarkerDefinition): fc.Arbitrary<unknown> {
  const spec = def.args.kind === 'value' ? def.args.arg : undefined;
  // a tag that takes no payload documents its syntax as `(<args>)` or nothing
  const noPayload = spec?.optional === true && /^(\(<args>\))?$/.test(spec.help ?? '');
  return fc.record({ args: def.paramArgs ? params : fc.constant(undefined), payload: noPayload ? fc.constant(undefined) : payloadText }, { requiredKeys: [] }).map((v) => {
    const out: Record<string, string> = {};
    if (v.args !== undefined) out.args = v.args;
    if (v.payload !== undefined) out.payload = v.payload;
    return out;
  });
}

function arbitraryFor(def: MarkerDefinition): fc.Arbitrary<unknown> {
  if (def.parse) {
    if (def.category === 'validation-gen') return validationGen(def);
    const custom = CUSTOM[def.name];
    if (!custom) throw new Error(`+${def.name} has a custom grammar and no arbitrary in this test: add one to CUSTOM`);
    return custom;
  }
  switch (def.args.kind) {
    case 'flag':
      return fc.constant(true);
    case 'value': {
      const one = argValue(def.name, undefined, def.args.arg);
      return def.args.arg.optional && !['string', 'raw', 'bool'].includes(def.args.arg.type.kind) ? fc.option(one, { nil: undefined }) : one;
    }
    case 'struct': {
      const entries = Object.entries(def.args.args);
      const shape = Object.fromEntries(entries.map(([n, spec]) => [n, argValue(def.name, n, spec)]));
      return fc.record(shape, { requiredKeys: entries.filter(([, s]) => !s.optional).map(([n]) => n) });
    }
  }
}

/** JSON text for comparison: -0 as 0, bigints and integers a double cannot hold as `<digits>n`, prototypes ignored. */
function canonical(v: unknown): string {
  return JSON.stringify(v === undefined ? '<undefined>' : v, (_k, x: unknown) => {
    if (typeof x === 'bigint') return `${x.toString()}n`;
    if (typeof x === 'number' && Number.isInteger(x) && !Number.isSafeInteger(x) && Math.abs(x) < 2 ** 63) return `${BigInt(x).toString()}n`;
    if (x !== null && typeof x === 'object' && !Array.isArray(x)) return Object.fromEntries(Object.keys(x).sort().map((k) => [k, (x as Record<string, unknown>)[k]]));
    return Object.is(x, -0) ? 0 : x;
  });
}

describe('print is the inverse of parse, for every registered definition', () => {
  test('the registry is covered', () => {
    expect(markerDefinitions.length).toBeGreaterThan(100);
    for (const d of markerDefinitions) expect(() => arbitraryFor(d)).not.toThrow();
  });

  test.each(markerDefinitions.map((d) => [d.name, d] as const))('+%s', (_name, def) => {
    fc.assert(
      fc.property(arbitraryFor(def), (v) => {
        const line = def.print(v);
        expect(line.startsWith(`+${def.name}`)).toBe(true);
        // nothing a comment of either kind cannot hold
        expect(line).not.toMatch(/[\n\r\u2028\u2029]|\*\//);
        expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        const parsed = parseMarker(line, span, present(def.targets[0], `a target of +${def.name}`));
        if (parsed.kind !== 'marker') throw new Error(`${line} does not parse: ${JSON.stringify(parsed)}`);
        expect(parsed.marker.name).toBe(def.name);
        expect(canonical(parsed.marker.value)).toBe(canonical(v));
        expect(printMarker({ name: def.name, value: v })).toBe(line);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('strings of the guessed grammar led by the identifier true or false', () => {
  // The `any` grammar guesses a value's type from its leading identifier (Go's scanner token): bare `true/` is a bool,
  // then refused. Such strings are quoted; fast-check found `{{true/,``}}` (seed -1866737401).
  const def = present(
    markerDefinitions.find((d) => d.name === 'kubebuilder:validation:items:Enum'),
    'the items:Enum definition',
  );
  test.each<[unknown[], string]>([
    [[['true/', '']], '+kubebuilder:validation:items:Enum={{`true/`,``}}'],
    [['false.x'], '+kubebuilder:validation:items:Enum={`false.x`}'],
    [['truex', 'true_1'], '+kubebuilder:validation:items:Enum={truex,true_1}'],
    [[true, 'true'], '+kubebuilder:validation:items:Enum={true,`true`}'],
  ])('%j is printed %s and read back', (v, want) => {
    const line = def.print(v);
    expect(line).toBe(want);
    const parsed = parseMarker(line, span, present(def.targets[0], 'a target'));
    if (parsed.kind !== 'marker') throw new Error(`${line} does not parse: ${JSON.stringify(parsed)}`);
    expect(parsed.marker.value).toEqual(v);
  });
});

describe('print refuses what no marker line can spell, rather than writing another value', () => {
  const def = (name: string) => markerDefinitions.find((d) => d.name === name)!;
  test.each([
    ['k8s:openapi-gen', 'a\nb'],
    ['k8s:openapi-gen', 'x */ y'],
    ['k8s:openapi-gen', 'trailing '],
    ['genclient:onlyVerbs', []],
    ['genclient:method', { name: 'Get', verb: 'get', subresource: 'a,b' }],
    ['genclient:method', { name: 'Get', verb: 'get', subresource: ' s' }],
    ['k8s:ifEnabled', { args: 'a)(' }],
    ['k8s:forbidden', { payload: 'x' }],
    ['default', undefined],
    ['kubebuilder:validation:Minimum', Number.NaN],
    ['kubebuilder:validation:MaxLength', 1.5],
    ['kubebuilder:validation:Required', false],
  ] as Array<[string, unknown]>)('+%s with %j', (name, v) => {
    expect(() => def(name).print(v)).toThrow(/cannot|not a value|flag|no JSON|empty/);
  });

  test('an unregistered marker name', () => {
    expect(() => printMarker({ name: 'kubebuilder:nope', value: true })).toThrow('not registered');
  });
});

describe('the escaping of marker arguments', () => {
  test.each([
    ['plain', 'plain'],
    ['a b', '`a b`'],
    ['a*/b', '"a*\\x2fb"'],
    ['x\ny', '"x\\ny"'],
    ['\u2028', '"\\u2028"'],
    ['\ud800', '"\\ud800"'],
    ['back`tick', '"back`tick"'],
  ])('markerString(%j) = %s', (given, want) => {
    expect(markerString(given)).toBe(want);
  });

  test.each([
    [{ a: '*/' }, '{"a":"*\\/"}'],
    [2n ** 60n, '1152921504606846976'],
    [2 ** 60, '1152921504606846976'],
    ['\u2029', '"\\u2029"'],
  ])('markerJson(%p) = %s', (given, want) => {
    expect(markerJson(given)).toBe(want);
  });
});
