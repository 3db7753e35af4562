/**
 * Text for a value user code threw. Anything can be thrown — a string, `undefined`, a Symbol, a BigInt, an object
 * without a prototype, a Proxy (revoked or with throwing traps), an object whose `toString`, `message` getter or
 * `Symbol.toPrimitive` throws — and `String(err)` throws on several of these. Every place that turns a caught value
 * into a message (logs, admission denials, conversion failures, reconcile errors) goes through `describeThrown`.
 *
 * Contract: `describeThrown(value)` returns a string and never throws (each step that can run user code — a getter,
 * a trap, a `toString` — is guarded, and the last fallback names only `typeof value`):
 * - an `Error` with a non-empty string `message` → that message;
 * - a string → itself; `null`, `undefined`, numbers, BigInts, booleans, Symbols → as `String` gives them;
 * - any other object → `String(value)` when that succeeds, else its `Object.prototype.toString` tag
 *   (`[object Object]` for a null-prototype object) with "(not convertible to text)", else `a thrown object`.
 *
 * `thrownInstanceOf(value, Class)` is `instanceof` that never throws (`instanceof` runs a Proxy's
 * `getPrototypeOf` trap, and throws on a revoked Proxy).
 */
export function describeThrown(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'object':
    case 'function':
      return value === null ? 'null' : describeObject(value);
    default:
      // undefined, number, bigint, boolean, symbol: String never throws on these (a Symbol gives `Symbol(desc)`)
      return String(value);
  }
}

function describeObject(value: object): string {
  const message = attempt(() => (value instanceof Error ? value.message : undefined));
  if (typeof message === 'string' && message !== '') return message;
  // String runs the value's own Symbol.toPrimitive / toString (what a thrown object chose to say about itself)
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a thrown value's own toString is what it says about itself (see above)
  const text = attempt(() => String(value));
  if (typeof text === 'string') return text;
  const tag = attempt(() => Object.prototype.toString.call(value));
  if (typeof tag === 'string') return `${tag} (not convertible to text)`;
  return `a thrown ${typeof value}`;
}

/** `fn()`, or `undefined` when it throws (whatever it throws is not looked at: reading it could throw again). */
function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/**
 * `value instanceof ctor` for a thrown value, false where `instanceof` itself would throw (a Proxy whose
 * `getPrototypeOf` trap throws, a revoked Proxy).
 */
export function thrownInstanceOf<T>(value: unknown, ctor: abstract new (...args: never[]) => T): value is T {
  return attempt(() => value instanceof ctor) === true;
}
