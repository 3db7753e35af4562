/**
 * Values user code can throw, for properties over "any thrown value" (issue 23, property (c)): fast-check's
 * `anything()` plus the hostile ones `String(err)` throws on or that run user code when read — a throwing
 * `toString`, `Symbol.toPrimitive` or `message` getter, a null-prototype object, Proxies (throwing traps, revoked),
 * Symbols, BigInts, functions. Each is built fresh per case (a revoked Proxy cannot be shared safely).
 */
import * as fc from 'fast-check';

/** `KUBEGEN_FUZZ_RUNS` (default 100): cases per property. */
export const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 100);

function trapsThrow(): object {
  const boom = () => { throw new Error('trap'); };
  return new Proxy({}, { get: boom, getPrototypeOf: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom });
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** The hostile values, by name (each a factory). */
export const HOSTILE_THROWN = {
  'toString throws': () => ({ toString() { throw new Error('no text'); } }),
  'toString throws a toString thrower': () => ({ toString() { throw { toString() { throw new Error('again'); } }; } }),
  'Symbol.toPrimitive throws': () => ({ [Symbol.toPrimitive]() { throw new Error('no primitive'); } }),
  'toString returns an object': () => ({ toString: () => ({}), valueOf: () => ({}) }),
  'toString returns a Symbol': () => ({ toString: () => Symbol('s') }),
  'null prototype': () => Object.create(null) as object,
  'null prototype with message': () => Object.assign(Object.create(null) as object, { message: 'm' }),
  'Error whose message getter throws': () => Object.defineProperty(new Error('x'), 'message', { get() { throw new Error('getter'); } }),
  'Error whose name and message getters throw': () => {
    const e = new Error('x');
    Object.defineProperty(e, 'message', { get() { throw new Error('getter'); } });
    Object.defineProperty(e, 'name', { get() { throw new Error('getter'); } });
    return e;
  },
  'Error with a null prototype chain': () => Object.setPrototypeOf(new Error('x'), null) as object,
  'Proxy whose traps throw': trapsThrow,
  'Proxy of an Error whose traps throw': () => new Proxy(new Error('x'), { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } }),
  'revoked Proxy': revoked,
  Symbol: () => Symbol('thrown'),
  BigInt: () => 10n ** 30n,
  undefined: () => undefined,
  null: () => null,
  'a function': () => function thrown() { /* nothing */ },
  'an empty Error': () => new Error(''),
} satisfies Record<string, () => unknown>;

/** Any value: `fc.anything()` (with null-prototype objects and the like) or one of `HOSTILE_THROWN`. */
export const anyThrown: fc.Arbitrary<() => unknown> = fc.oneof(
  fc.constantFrom(...Object.values(HOSTILE_THROWN)),
  fc
    .anything({ withNullPrototype: true, withBigInt: true, withBoxedValues: true, withMap: true, withSet: true, withObjectString: true, withSparseArray: true, withTypedArray: true })
    .map((v) => () => v),
);
