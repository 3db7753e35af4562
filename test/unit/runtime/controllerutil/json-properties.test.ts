/**
 * Properties of what walks untrusted JSON in controllerutil: `createMergePatch` and `semanticDeepEqual`.
 * Keys include `__proto__` and `constructor` as ordinary data; `Object.prototype` is never touched.
 * `KUBEGEN_FUZZ_RUNS` sets the runs.
 */
import fc from 'fast-check';
import { semanticDeepEqual } from '../../../../runtime/src/controllerutil/equality';
import { createMergePatch, type JsonValue } from '../../../../runtime/src/controllerutil/patch';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);

const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'limits', 'requests', 'spec', 'a', 'b'), fc.string({ maxLength: 6 }));
const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constantFrom('1Gi', '1024Mi', '500m', '0.5', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z'));
/** JSON without nulls (a merge patch cannot set a value to null). */
const { json } = fc.letrec<{ json: JsonValue }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(key, tie('json'), { maxKeys: 4, noNullPrototype: false }),
  ),
}));
const object = fc.dictionary(key, json, { maxKeys: 5 });

function prototypeClean(): boolean {
  return Object.keys(Object.prototype).length === 0 && ({} as Record<string, unknown>).polluted === undefined;
}

describe('createMergePatch', () => {
  it('applying the patch of (a, b) to a gives b; equal inputs give no patch', () => {
    fc.assert(
      fc.property(object, object, (a, b) => {
        const patch = createMergePatch(a, b);
        const got = patch === undefined ? a : applyMergePatch(a, patch);
        expect(JSON.stringify(sortKeys(got))).toBe(JSON.stringify(sortKeys(b)));
        expect(createMergePatch(a, JSON.parse(JSON.stringify(a)) as JsonValue)).toBeUndefined();
        expect(prototypeClean()).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('semanticDeepEqual', () => {
  it('is reflexive on copies, symmetric, and never throws', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(semanticDeepEqual(a, JSON.parse(JSON.stringify(a)))).toBe(true);
        expect(semanticDeepEqual(a, b)).toBe(semanticDeepEqual(b, a));
        expect(prototypeClean()).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('exact JSON equality implies semantic equality; a changed plain string outside Quantity and Time fields breaks it', () => {
    fc.assert(
      fc.property(object, fc.string({ minLength: 1, maxLength: 5 }).filter((s) => !/\d/.test(s)), (a, s) => {
        const b = JSON.parse(JSON.stringify({ ...a, name: s })) as JsonValue;
        const c = JSON.parse(JSON.stringify({ ...a, name: `${s}x` })) as JsonValue;
        expect(semanticDeepEqual(b, c)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });
});

/** RFC 7386 applied with own keys only (`__proto__` is data), as the reference of the property. */
function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const base = typeof target === 'object' && target !== null && !Array.isArray(target) ? (target as Record<string, unknown>) : {};
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(base)) out[k] = base[k];
  for (const k of Object.keys(patch)) {
    const v = (patch as Record<string, unknown>)[k];
    if (v === null) delete out[k];
    else out[k] = applyMergePatch(Object.hasOwn(base, k) ? base[k] : undefined, v);
  }
  return out;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return { ...out };
  }
  return v;
}
