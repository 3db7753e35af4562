/**
 * What a reconciler receives and returns (controller-runtime `pkg/reconcile`).
 *
 * Contract of a `Reconciler`:
 * - `reconcile(request, signal)` is called with the namespace and name of an object whose actual state may differ
 *   from its desired state. The object may be gone (read it and treat NotFound as "deleted");
 * - the same request is never reconciled by two workers at once; different requests may be, up to the
 *   controller's `maxConcurrentReconciles`;
 * - `signal` aborts when the controller stops (graceful shutdown, lost leadership) or the reconcile exceeds its
 *   `reconciliationTimeoutMs`: pass it to every call that may wait;
 * - the returned `Result` and thrown errors decide what the queue does, exactly as in controller-runtime:
 *
 *   | returns / throws            | queue                                          | `reconcile_total{result}` |
 *   |-----------------------------|------------------------------------------------|---------------------------|
 *   | throws an error             | rate-limited re-add (the Result is ignored)     | `error`                   |
 *   | throws a `TerminalError`    | nothing, and no forget (the backoff is kept)   | `error` (+ terminal)      |
 *   | `{ requeueAfterMs > 0 }`    | forget, then re-add after the delay             | `requeue_after`           |
 *   | `{ requeue: true }`         | rate-limited re-add                             | `requeue`                 |
 *   | `{}` / `undefined`          | forget                                          | `success`                 |
 *
 *   Anything can be thrown (not only `Error`s): every value is logged with a safe text and requeued as an error.
 *   A Result that cannot be read (a getter that throws, a `requeueAfterMs` that is not a number) counts as a
 *   thrown error.
 */

import { describeThrown } from '../observe/thrown';

/** The object a reconcile is about: `namespace` is `''` for cluster-scoped kinds. */
export interface Request {
  readonly namespace: string;
  readonly name: string;
}

/** What a reconcile asks of the queue; see the module doc. */
export interface Result {
  /** Re-add the request with the rate limiter's backoff (controller-runtime's deprecated `Requeue: true`). */
  requeue?: boolean;
  /**
   * Re-add the request after this many milliseconds (> 0); wins over `requeue`. Any delay works: the clock chains
   * Node timers past their 2³¹ − 1 ms limit (`Infinity`: never).
   */
  requeueAfterMs?: number;
}

/** Reconciles one request; see the module doc for the contract. */
export interface Reconciler {
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- a reconciler that does not requeue returns nothing (controller-runtime's zero Result); `async () => {}` must fit
  reconcile(request: Request, signal: AbortSignal): Promise<Result | void> | Result | void;
}

/** A function as a `Reconciler`. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- as Reconciler.reconcile: returning nothing means the zero Result
export type ReconcileFunc = (request: Request, signal: AbortSignal) => Promise<Result | void> | Result | void;

/** `<namespace>/<name>`, or `<name>` for a cluster-scoped object: the queue key of a request. */
export function requestKey(req: Request): string {
  return req.namespace ? `${req.namespace}/${req.name}` : req.name;
}

/** The request of a queue key (inverse of `requestKey`). */
export function requestFromKey(key: string): Request {
  const i = key.indexOf('/');
  return i < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

/**
 * An error that retrying will not fix (controller-runtime's `reconcile.TerminalError`): the request is not
 * requeued. Its message is `terminal error: <cause>` (`describeThrown`'s text of any cause, `<nil>` for none).
 * Detect it through wrapping with `isTerminalError`.
 */
export class TerminalError extends Error {
  override readonly name = 'TerminalError';

  constructor(cause?: unknown) {
    super(`terminal error: ${cause === undefined ? '<nil>' : describeThrown(cause)}`, { cause });
  }
}

/** Wraps `cause` as a terminal error. */
export function terminalError(cause?: unknown): TerminalError {
  return new TerminalError(cause);
}

/**
 * Whether `err`, or any error in its `cause` chain (or an `AggregateError`'s errors), is a `TerminalError`. Never
 * throws: a value that cannot be looked at (a revoked Proxy, a throwing `cause` getter or trap) is not terminal.
 */
export function isTerminalError(err: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (e: unknown): boolean => {
    if (e === null || typeof e !== 'object' || seen.has(e) || seen.size > 64) return false;
    seen.add(e);
    try {
      if (e instanceof TerminalError) return true;
      if (e instanceof AggregateError) {
        const errors: unknown = e.errors;
        if (Array.isArray(errors) && errors.some(walk)) return true;
      }
      return walk((e as { cause?: unknown }).cause);
    } catch {
      return false;
    }
  };
  return walk(err);
}
