/**
 * The compiled validators against the schema walker, their oracle: for every sample API (`apis/`) and every golden
 * case (`test/golden/<case>/apis`), each kind version's generated `validate<Kind>` gives, on random objects, the
 * errors the runtime's walker gives over the CRD's schema — the same types, fields, values and messages in the same
 * order, and the same unchecked rules. Objects are drawn from the schema (mostly valid), then broken: values
 * replaced by arbitrary JSON anywhere, keys deleted; updates (an old object, for transition rules) are drawn too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { loadApiModel } from '../../../../generator/pipeline';
import { crdGenerator } from '../../../../generator/emit/crd';
import { validationGenerator } from '../../../../generator/emit/validation';
import { validateFunctionName } from '../../../../generator/naming';
import { runGenerator } from '../../../../generator/emit/shared/execute';
import type { JSONSchemaProps } from '../../../../generator/core/schema';
import * as validation from '../../../../runtime/src/validation';
import { MAX_DEPTH, validate, type ValidationPasses, type ValidationResult, type ValidationSchema, type ValidatorOptions } from '../../../../runtime/src/validation';
import { goFloat, shownError, type FieldError } from '../../../../runtime/src/validation/errors';
import { aboveMaximum, belowMinimum, boundError, fixedFailure, inKeyOrder, invalidNumber, invalidString, patternError, patternMismatch, required, requiredAt } from '../../../../runtime/src/validation/compiled';
import { scanned } from '../../../../runtime/src/validation/validate';
import { jsonText } from '../../../../runtime/src/validation/json';
import { jsonValue, schemaArbitrary } from '../../helpers/arbitrary';
import { RUNTIME_MODULES, apiModulesOf, moduleLoader, renderTypes } from '../../helpers/generated';
import { apiCases } from '../../../golden/cases';

// This file loads and runs generated TypeScript: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '../../../..');
const RUNS = Math.max(25, Math.floor(Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200) / 2));

interface CrdVersion {
  name: string;
  schema?: { openAPIV3Schema: JSONSchemaProps };
  subresources?: { status?: object; scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string } };
}
interface Crd {
  spec: { group: string; names: { kind: string }; versions: CrdVersion[] };
}

type Validator = (obj: unknown, options?: { oldObject?: unknown }) => ValidationResult;

/** Every object and array of a JSON value, in document order. */
function containers(v: unknown): Array<Record<string, unknown> | unknown[]> {
  const out: Array<Record<string, unknown> | unknown[]> = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) {
      out.push(x);
      x.forEach(walk);
    } else if (typeof x === 'object' && x !== null) {
      const o = x as Record<string, unknown>;
      out.push(o);
      for (const k of Object.keys(o)) walk(o[k]);
    }
  };
  walk(v);
  return out;
}

/** One change to an object: at the `at`-th container, replace (or, with `remove`, delete) its `key`-th entry. */
interface Break {
  at: number;
  key: number;
  remove: boolean;
  value: unknown;
}

const breakArb: fc.Arbitrary<Break> = fc.record({ at: fc.nat(), key: fc.nat(), remove: fc.boolean(), value: jsonValue(2) });

function broken(obj: unknown, breaks: readonly Break[]): unknown {
  const copy = structuredClone(obj);
  for (const b of breaks) {
    const all = containers(copy);
    const c = all[b.at % all.length];
    if (c === undefined) continue;
    if (Array.isArray(c)) {
      if (c.length === 0) c.push(b.value);
      else if (b.remove) c.splice(b.key % c.length, 1);
      else c[b.key % c.length] = b.value;
    } else {
      const keys = Object.keys(c);
      const k = keys[b.key % Math.max(keys.length, 1)];
      if (k === undefined) c.x = b.value;
      else if (b.remove) delete c[k];
      else c[k] = b.value;
    }
  }
  return copy;
}

/** `length` nested containers, arrays or objects as `kinds` says (cycled), with a scalar at the bottom (built without recursion). */
function chain(length: number, kinds: readonly boolean[]): unknown {
  let v: unknown = 1;
  for (let i = length - 1; i >= 0; i--) v = kinds[i % kinds.length] === true ? [v] : { x: v };
  return v;
}

/** A copy of `obj` with each value put at the `key`-th entry of its `at`-th container (chosen before any is put). */
function withChains(obj: unknown, places: ReadonlyArray<{ at: number; key: number; value: unknown }>): unknown {
  const copy = structuredClone(obj);
  const all = containers(copy);
  for (const { at, key, value } of places) {
    const c = all[at % all.length];
    if (c === undefined) continue;
    if (Array.isArray(c)) {
      if (c.length === 0) c.push(value);
      else c[key % c.length] = value;
    } else {
      const keys = Object.keys(c);
      c[keys[key % Math.max(keys.length, 1)] ?? 'x'] = value;
    }
  }
  return copy;
}

/**
 * What is compared: every field of every error (the value as JSON text: `text` is JSON.stringify, or the runtime's
 * stack-walking printer for values deeper than JSON.stringify goes), the unchecked rules, the verdict.
 */
function summary(r: ValidationResult, text: (v: unknown) => string = JSON.stringify): unknown {
  return {
    valid: r.valid,
    errors: r.errors.map((e) => ({ type: e.type, field: e.field, detail: e.detail, message: e.message, badValue: 'badValue' in e ? text(e.badValue) : '<omitted>' })),
    unchecked: r.unchecked,
  };
}

function sources(): Array<{ name: string; root: string }> {
  return [{ name: 'apis', root: 'apis' }, ...apiCases().map((c) => ({ name: `test/golden/${c.name}`, root: `test/golden/${c.name}/apis` }))];
}

let compared = 0;

/** The passes each generated validator was bound to (its module's `compiledValidator` call), by validator. */
const passesOf = new Map<unknown, ValidationPasses>();
const recordingValidation = {
  ...validation,
  compiledValidator: (passes: ValidationPasses, options?: ValidatorOptions): unknown => {
    const v = validation.compiledValidator(passes, options);
    passesOf.set(v, passes);
    return v;
  },
};

/**
 * The scan against the walk it lets the validator skip: where it says the object needs no preparing, `prepare`
 * prepares the object as it is (the same object: nothing pruned, dropped or defaulted) and finds the scan's errors.
 */
function expectScanAgrees(passes: ValidationPasses, input: unknown): void {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return;
  const root = input as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (!scanned(passes, root, errors)) return;
  const walked: FieldError[] = [];
  expect(passes.prepare(root, walked)).toBe(root);
  expect(errors).toEqual(walked);
}

for (const source of sources()) {
  const { model, diagnostics } = loadApiModel(source.root, REPO);
  if (diagnostics.some((d) => d.severity === 'error')) continue;
  const validationFiles = runGenerator(validationGenerator, model, {}).files;
  if (validationFiles.length === 0) continue;
  const crds = runGenerator(crdGenerator, model, {}).files.map((f) => parse(f.contents) as Crd);
  // a validator embedding a built-in type calls @kubegen/api's validators of it (its committed sources)
  const load = moduleLoader([...validationFiles, ...renderTypes(model)], { ...RUNTIME_MODULES, '@kubegen/runtime/validation': recordingValidation, ...apiModulesOf(validationFiles) });

  describe(`compiled validators of ${source.name}`, () => {
    for (const crd of crds) {
      for (const version of crd.spec.versions) {
        const schema = version.schema?.openAPIV3Schema;
        if (!schema) continue;
        const kind = crd.spec.names.kind;
        test(`validate${kind} ${crd.spec.group}/${version.name} equals the walker`, () => {
          const mod = load(`${crd.spec.group}/${version.name}/validation`);
          const compiledValidator = mod[validateFunctionName(kind)] as Validator;
          const options: ValidatorOptions = {
            ...(version.subresources?.status ? { statusSubresource: true } : {}),
            ...(version.subresources?.scale ? { scale: version.subresources.scale } : {}),
          };
          const walker = (obj: unknown, old?: unknown): ValidationResult => validate(schema as ValidationSchema, obj, { ...options, ...(old === undefined ? {} : { oldObject: old }) });
          const objects = schemaArbitrary(schema, { unknownFields: true }).map((o) => ({ ...(o as object), apiVersion: `${crd.spec.group}/${version.name}`, kind }));
          const cases = fc.record({
            obj: objects,
            breaks: fc.array(breakArb, { maxLength: 3 }),
            old: fc.option(fc.tuple(objects, fc.array(breakArb, { maxLength: 1 })), { nil: undefined }),
          });
          // Nesting at the decoder's limit: a chain of containers put at any place, just within or past MAX_DEPTH
          // levels in all (counting the levels above it), gives the walker's verdict — the first container past the
          // limit, in document order, and its opening — from the compiled validator's one walk.
          const deepCases = fc.record({ obj: objects, at: fc.nat(), key: fc.nat(), length: fc.integer({ min: MAX_DEPTH - 8, max: MAX_DEPTH + 2 }), kinds: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), second: fc.boolean() });
          fc.assert(
            fc.property(deepCases, ({ obj, at, key, length, kinds, second }) => {
              // With a second, shallower chain elsewhere, of the other kinds: the first past the limit decides the opening.
              const input = withChains(obj, [
                { at, key, value: chain(length, kinds) },
                ...(second ? [{ at: at + 1, key: key + 1, value: chain(length - 1, kinds.map((k) => !k)) }] : []),
              ]);
              expect(summary(compiledValidator(input), jsonText)).toEqual(summary(walker(input), jsonText));
              compared++;
            }),
            { numRuns: Math.max(10, Math.floor(RUNS / 5)) },
          );
          fc.assert(
            fc.property(cases, ({ obj, breaks, old }) => {
              const input = broken(obj, breaks);
              const oldObject = old === undefined ? undefined : broken(old[0], old[1]);
              const snapshot = structuredClone(input);
              const got = compiledValidator(input, oldObject === undefined ? undefined : { oldObject });
              expect(summary(got)).toEqual(summary(walker(input, oldObject)));
              // the object is not changed
              expect(input).toEqual(snapshot);
              compared++;
            }),
            { numRuns: RUNS },
          );
          // The scan, on objects drawn without unknown fields (mostly valid, so mostly needing no preparing) and broken.
          const passes = passesOf.get(compiledValidator);
          if (passes?.scan !== undefined) {
            const known = schemaArbitrary(schema).map((o) => ({ ...(o as object), apiVersion: `${crd.spec.group}/${version.name}`, kind }));
            fc.assert(
              fc.property(known, fc.array(breakArb, { maxLength: 2 }), (obj, breaks) => {
                expectScanAgrees(passes, obj);
                const input = broken(obj, breaks);
                expectScanAgrees(passes, input);
                expect(summary(compiledValidator(input))).toEqual(summary(walker(input)));
                compared++;
              }),
              { numRuns: RUNS },
            );
          }
        });
      }
    }
  });
}

describe('the scan of validateCronTab (apis/stable.example.com v1)', () => {
  const { model } = loadApiModel('apis', REPO);
  const files = runGenerator(validationGenerator, model, {}).files;
  const load = moduleLoader([...files, ...renderTypes(model)], { ...RUNTIME_MODULES, '@kubegen/runtime/validation': recordingValidation, ...apiModulesOf(files) });
  const validator = load('stable.example.com/v1/validation').validateCronTab as Validator;
  const passes = passesOf.get(validator);
  const valid = (): Record<string, unknown> => ({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a', labels: { x: 'y' } }, spec: { schedule: '*/5 * * * *', image: 'nginx', replicas: 2 } });
  const spec = (o: Record<string, unknown>): Record<string, unknown> => o.spec as Record<string, unknown>;
  const scan = (o: Record<string, unknown>): { ready: boolean; errors: FieldError[] } => {
    const errors: FieldError[] = [];
    return { ready: passes !== undefined && scanned(passes, o, errors), errors };
  };
  const walked = (o: Record<string, unknown>): unknown => summary(validate(cronTabSchema(), o, { statusSubresource: true }), jsonText);

  test('a valid object that needs no preparing needs no walk: no error, and its walk keeps the object', () => {
    expect(typeof passes?.scan).toBe('function');
    expect(scan(valid())).toEqual({ ready: true, errors: [] });
    const o = valid();
    expect(passes?.prepare(o, [])).toBe(o);
  });

  test.each<[string, (o: Record<string, unknown>) => void]>([
    ['an unknown field (pruned)', (o) => (spec(o).extra = 1)],
    ['a null (dropped)', (o) => (spec(o).timeZone = null)],
    ['a defaulted field absent (defaulted)', (o) => delete spec(o).replicas],
    ['an undefined value', (o) => (spec(o).timeZone = undefined)],
    ['metadata not an object', (o) => (o.metadata = 'x')],
    ['a required field not enumerable (not seen by the walk)', (o) => Object.defineProperty(spec(o), 'image', { value: 'nginx', enumerable: false })],
    ['a required field inherited', (o) => (o.spec = Object.assign(Object.create({ image: 'nginx' }) as object, { schedule: '* * * * *', replicas: 1 }))],
    // As many own keys as declared properties read, one of them inherited: the key loop refuses the unknown own key.
    ['a required field inherited, with an unknown own key', (o) => (o.spec = Object.assign(Object.create({ image: 'nginx' }) as object, { schedule: '* * * * *', replicas: 1, extra: 'x' }))],
    ['metadata nested past the decoder limit', (o) => (o.metadata = { a: chain(MAX_DEPTH, [false]) })],
  ])('%s needs preparing: the walk decides', (_name, change) => {
    const o = valid();
    change(o);
    expect(scan(o).ready).toBe(false);
    expect(summary(validator(o), jsonText)).toEqual(walked(o));
  });

  test.each<[string, (o: Record<string, unknown>) => void]>([
    ['a required field absent', (o) => delete spec(o).image],
    ['a value out of bounds', (o) => (spec(o).replicas = 0)],
    ['a pattern not matched', (o) => (spec(o).schedule = 'bad')],
    ['a value of the wrong type', (o) => (spec(o).image = 5)],
    ['a required field absent and two values wrong, in the schema\'s order', (o) => {
      Object.assign(spec(o), { schedule: 'bad', replicas: 0 });
      delete spec(o).image;
    }],
    ['two values wrong, keys in another order than the schema\'s', (o) => (o.spec = { replicas: 0, image: 'nginx', schedule: 'bad' })],
    ['three values wrong, keys in another order than the schema\'s', (o) => (o.spec = { timeZone: 1, replicas: 0, image: 2, schedule: 'bad' })],
  ])('%s is checked where it is: the walker\'s errors, in its order', (_name, change) => {
    const o = valid();
    change(o);
    const r = scan(o);
    expect(r.ready).toBe(true);
    expect(r.errors.length).toBeGreaterThan(0);
    expect(summary({ valid: false, errors: r.errors, unchecked: [] }, jsonText)).toEqual(walked(o));
    expect(summary(validator(o), jsonText)).toEqual(walked(o));
  });
  test('a value of its leaf\'s type is checked where it is, each keyword once: a failing pattern is tested once', () => {
    let tests = 0;
    const counting = {
      ...recordingValidation,
      compilePattern: (p: string): { test(s: string): boolean } | null => {
        const re = validation.compilePattern(p);
        return re === null
          ? null
          : {
              test: (s: string): boolean => {
                tests++;
                return re.test(s);
              },
            };
      },
    };
    const counted = moduleLoader([...files, ...renderTypes(model)], { ...RUNTIME_MODULES, '@kubegen/runtime/validation': counting, ...apiModulesOf(files) })('stable.example.com/v1/validation').validateCronTab as Validator;
    for (const schedule of ['bad', '*/5 * * * *']) {
      const o = valid();
      Object.assign(spec(o), { schedule, replicas: 0 });
      tests = 0;
      expect(summary(counted(o), jsonText)).toEqual(walked(o));
      expect(tests).toBe(1);
    }
  });
  test('called again from a getter of the object it validates (its errors array is its own): each result is the walker\'s', () => {
    const inner = valid();
    spec(inner).replicas = 0;
    let innerResult: unknown;
    const o = valid();
    const s = spec(o);
    delete s.image;
    Object.defineProperty(s, 'image', {
      enumerable: true,
      get: () => {
        innerResult = summary(validator(inner), jsonText);
        return 5;
      },
    });
    const outer = summary(validator(o), jsonText);
    expect(innerResult).toEqual(walked(inner));
    expect(outer).toEqual(walked(o));
    // and a valid object after them: no error left behind
    expect(validator(valid())).toEqual({ valid: true, errors: [], unchecked: [] });
  });
});

describe('inKeyOrder (a scan\'s errors of properties, from the schema\'s order to the keys\')', () => {
  const e = (field: string): FieldError => validation.fieldError('FieldValueRequired', field, undefined, '');
  const names = ['a', 'b', 'c'];
  test.each<[string, Record<string, unknown>, string[], number[], string[]]>([
    ['keys in the schema\'s order: unchanged', { a: 1, b: 1, c: 1 }, ['own', 'a1', 'b1', 'c1'], [1, 2, 3], ['own', 'a1', 'b1', 'c1']],
    ['keys reversed', { c: 1, b: 1, a: 1 }, ['a1', 'b1', 'b2', 'c1'], [0, 1, 3], ['c1', 'b1', 'b2', 'a1']],
    ['a property without errors between two with', { b: 1, c: 1, a: 1 }, ['h', 'a1', 'c1', 'c2'], [1, 2, 2], ['h', 'c1', 'c2', 'a1']],
    ['a property absent', { c: 1, a: 1 }, ['a1', 'c1'], [0, 1, 1], ['c1', 'a1']],
    ['one property with errors, keys reversed: unchanged', { c: 1, b: 1, a: 1 }, ['h', 'b1', 'b2'], [1, 1, 3], ['h', 'b1', 'b2']],
  ])('%s', (_name, v, given, starts, want) => {
    const errors = given.map(e);
    inKeyOrder(v, errors, starts, names);
    expect(errors.map((x) => x.field)).toEqual(want);
  });
});

describe('shallow (the scans\' depth check)', () => {
  test.each<[string, object, number, boolean]>([
    ['a flat object', { a: 1, b: 'x' }, 0, true],
    ['an empty array', [], 5, true],
    ['a chain reaching the limit exactly', { a: chain(MAX_DEPTH - 1, [false]) }, 0, true],
    ['a chain one level past it', { a: chain(MAX_DEPTH, [false]) }, 0, false],
    ['the same chain, entered one level deeper', { a: chain(MAX_DEPTH - 1, [true, false]) }, 1, false],
  ])('%s', (_name, v, depth, want) => {
    expect(validation.shallow(v, depth)).toBe(want);
    // deep() throws exactly where shallow() is false
    if (want) expect(() => { validation.deep(v, depth); }).not.toThrow();
    else expect(() => { validation.deep(v, depth); }).toThrow(validation.NestingTooDeep);
  });
});

describe('hoist (a node\'s own errors before its children\'s)', () => {
  const e = (field: string): FieldError => validation.fieldError('FieldValueRequired', field, undefined, '');
  test.each<[string, string[], number, number, string[]]>([
    ['one own error after two children', ['a', 'c1', 'c2', 'own'], 1, 3, ['a', 'own', 'c1', 'c2']],
    ['two own errors after one child', ['c1', 'o1', 'o2'], 0, 1, ['o1', 'o2', 'c1']],
    ['more own errors than children, before a head', ['h1', 'h2', 'c1', 'o1', 'o2', 'o3'], 2, 3, ['h1', 'h2', 'o1', 'o2', 'o3', 'c1']],
  ])('%s', (_name, given, mark, end, want) => {
    const errors = given.map(e);
    validation.hoist(errors, mark, end);
    expect(errors.map((x) => x.field)).toEqual(want);
  });
});

describe('validateCronTab with the status subresource, by the scan', () => {
  const { model } = loadApiModel('apis', REPO);
  const files = runGenerator(validationGenerator, model, {}).files;
  const load = moduleLoader([...files, ...renderTypes(model)], { ...RUNTIME_MODULES, ...apiModulesOf(files) });
  const validator = load('stable.example.com/v1/validation').validateCronTab as Validator;
  const spec = { schedule: '*/5 * * * *', image: 'nginx', replicas: 2 };
  test.each<[string, Record<string, unknown>]>([
    ['no status', { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: {}, spec }],
    ['an invalid status (dropped on create)', { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: {}, spec, status: { lastScheduleTime: 1 } }],
    ['an undefined status', { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: {}, spec, status: undefined }],
    ['an unknown field', { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: {}, spec, extra: 1 }],
  ])('%s: the walker\'s verdict', (_name, o) => {
    expect(summary(validator(o))).toEqual(summary(validate(cronTabSchema(), o, { statusSubresource: true })));
  });
});

/** The CRD schema of CronTab v1 (the sample's committed CRD). */
function cronTabSchema(): ValidationSchema {
  const text = fs.readFileSync(path.join(REPO, 'generated/stable.example.com/crds/stable.example.com_crontabs.yaml'), 'utf8');
  const crd = parse(text) as Crd;
  const v1 = crd.spec.versions.find((v) => v.name === 'v1');
  return v1?.schema?.openAPIV3Schema as ValidationSchema;
}

afterAll(() => {
  // Every golden case with kinds was compared, not skipped.
  expect(compared).toBeGreaterThan(0);
});

describe('invalidString / invalidNumber (the failure constructors\' Invalid value of a known type)', () => {
  const detail = fc.string({ minLength: 1 });
  test('a string: the error shownError makes, key for key and in the same order', () => {
    fc.assert(fc.property(fc.string(), fc.string({ unit: 'binary' }), detail, (p, v, d) => {
      const want = shownError('FieldValueInvalid', p, v, d);
      const got = invalidString(p, v, d);
      expect(got).toEqual(want);
      expect(Object.keys(got)).toEqual(Object.keys(want));
    }));
  });
  test('a number or a bigint: the error shownError makes (integers, floats, unsafe integers, -0, ±Inf, NaN)', () => {
    const num = fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.constantFrom(-0, 2 ** 53, -(2 ** 63), 1e21, Infinity, -Infinity, NaN));
    fc.assert(fc.property(fc.string(), num, detail, (p, v, d) => {
      const want = shownError('FieldValueInvalid', p, v, d);
      const got = invalidNumber(p, v, d);
      expect(got).toEqual(want);
      expect(Object.keys(got)).toEqual(Object.keys(want));
    }));
  });
});

describe('fixedFailure / requiredAt (the errors of a scan at a constant path, their texts joined at module load)', () => {
  const detail = fc.string({ minLength: 1 });
  test('a string: the error invalidString makes, key for key and in the same order', () => {
    fc.assert(fc.property(fc.string(), fc.string({ unit: 'binary' }), detail, (p, v, d) => {
      const want = invalidString(p, v, d);
      const got = fixedFailure(p, d).string(v);
      expect(got).toEqual(want);
      expect(Object.keys(got)).toEqual(Object.keys(want));
    }));
  });
  test('a number or a bigint: the error invalidNumber makes', () => {
    const num = fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.constantFrom(-0, 2 ** 53, -(2 ** 63), 1e21, Infinity, -Infinity, NaN));
    fc.assert(fc.property(fc.string(), num, detail, (p, v, d) => {
      const want = invalidNumber(p, v, d);
      const got = fixedFailure(p, d).number(v);
      expect(got).toEqual(want);
      expect(Object.keys(got)).toEqual(Object.keys(want));
    }));
  });
  test('a required property: the error required makes below the root', () => {
    fc.assert(fc.property(fc.string(), (name) => {
      const got = requiredAt(name);
      expect(got).toEqual(required('', name));
      expect(Object.keys(got)).toEqual(Object.keys(required('', name)));
    }));
  });
});

describe('boundError / patternError (the wording after the path written by the emitter)', () => {
  // The wording as generator/emit/validation.ts writes it into the generated code.
  const num = fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n }));
  const bound = fc.oneof(fc.integer(), fc.double({ noNaN: true }));
  test('a bound: the error aboveMaximum / belowMinimum make', () => {
    fc.assert(fc.property(fc.string(), num, bound, fc.boolean(), (p, v, b, ex) => {
      expect(boundError(p, v, ` in body should be greater than ${ex ? '' : 'or equal to '}${goFloat(b)}`)).toEqual(belowMinimum(p, v, b, ex));
      expect(boundError(p, v, ` in body should be less than ${ex ? '' : 'or equal to '}${goFloat(b)}`)).toEqual(aboveMaximum(p, v, b, ex));
    }));
  });
  test('a pattern: the error patternMismatch makes', () => {
    fc.assert(fc.property(fc.string(), fc.string({ unit: 'binary' }), fc.string(), (p, v, re) => {
      expect(patternError(p, v, ` in body should match '${re}'`)).toEqual(patternMismatch(p, v, re));
    }));
  });
});
