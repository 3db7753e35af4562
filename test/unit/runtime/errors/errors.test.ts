import {
  errorFromResponse,
  inconsistentContinueOf,
  isAlreadyExists,
  isBadRequest,
  isConflict,
  isForbidden,
  isGone,
  isInternalError,
  isInvalid,
  isMethodNotSupported,
  isNotFound,
  isResourceExpired,
  isServerTimeout,
  isServiceUnavailable,
  isTimeout,
  isTooManyRequests,
  isUnauthorized,
  newNotFound,
  newStaleConflict,
  StatusError,
  suggestsClientDelay,
} from '../../../../runtime/src/errors/errors';
import { backoffDelay, DefaultBackoff, DefaultRetry, retryOnError, retryOnConflict } from '../../../../runtime/src/errors/retry';

const guards = {
  isNotFound,
  isAlreadyExists,
  isConflict,
  isInvalid,
  isForbidden,
  isUnauthorized,
  isGone,
  isResourceExpired,
  isTooManyRequests,
  isTimeout,
  isServerTimeout,
  isBadRequest,
  isMethodNotSupported,
  isInternalError,
  isServiceUnavailable,
} as const;
type Guard = keyof typeof guards;

function status(reason: string, code: number, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: `m ${reason}`, reason, code, ...extra });
}

describe('errorFromResponse maps every reason to exactly its guard', () => {
  const table: Array<{ reason: string; code: number; want: Guard }> = [
    { reason: 'NotFound', code: 404, want: 'isNotFound' },
    { reason: 'AlreadyExists', code: 409, want: 'isAlreadyExists' },
    { reason: 'Conflict', code: 409, want: 'isConflict' },
    { reason: 'Invalid', code: 422, want: 'isInvalid' },
    { reason: 'Forbidden', code: 403, want: 'isForbidden' },
    { reason: 'Unauthorized', code: 401, want: 'isUnauthorized' },
    { reason: 'Gone', code: 410, want: 'isGone' },
    { reason: 'Expired', code: 410, want: 'isResourceExpired' },
    { reason: 'TooManyRequests', code: 429, want: 'isTooManyRequests' },
    { reason: 'Timeout', code: 504, want: 'isTimeout' },
    { reason: 'ServerTimeout', code: 500, want: 'isServerTimeout' },
    { reason: 'BadRequest', code: 400, want: 'isBadRequest' },
    { reason: 'MethodNotAllowed', code: 405, want: 'isMethodNotSupported' },
    { reason: 'InternalError', code: 500, want: 'isInternalError' },
    { reason: 'ServiceUnavailable', code: 503, want: 'isServiceUnavailable' },
  ];
  it.each(table)('$reason ($code)', ({ reason, code, want }) => {
    const err = errorFromResponse(code, status(reason, code));
    expect(err).toBeInstanceOf(StatusError);
    expect(err.reason).toBe(reason);
    expect(err.code).toBe(code);
    expect(err.message).toBe(`m ${reason}`);
    const hits = (Object.keys(guards) as Guard[]).filter((g) => guards[g](err));
    expect(hits).toEqual([want]);
  });

  it('falls back to the code for a reason it does not know', () => {
    const err = errorFromResponse(404, status('SomethingNew', 404));
    expect(isNotFound(err)).toBe(true);
    expect(isConflict(errorFromResponse(409, status('Brandnew', 409)))).toBe(true);
    // a known reason wins over the code
    expect(isNotFound(errorFromResponse(404, status('Forbidden', 404)))).toBe(false);
  });

  it('synthesises a Status from the code when the body is not one', () => {
    const table: Array<{ code: number; body: string; want: Guard }> = [
      { code: 404, body: '<html>nope</html>', want: 'isNotFound' },
      { code: 409, body: '', want: 'isConflict' },
      { code: 429, body: 'slow down', want: 'isTooManyRequests' },
      { code: 503, body: '{"not":"a status"}', want: 'isServiceUnavailable' },
      { code: 504, body: '', want: 'isTimeout' },
      { code: 401, body: 'Unauthorized', want: 'isUnauthorized' },
    ];
    for (const { code, body, want } of table) {
      const err = errorFromResponse(code, body, { method: 'GET', path: '/x' });
      expect(err.code).toBe(code);
      expect(guards[want](err)).toBe(true);
      expect(err.message).toContain(String(code));
    }
  });

  it('keeps causes and retryAfterSeconds', () => {
    const causes = [{ reason: 'FieldValueRequired', field: 'spec.cronSpec', message: 'Required value' }];
    const err = errorFromResponse(422, status('Invalid', 422, { details: { name: 'a', kind: 'CronTab', causes } }));
    expect(err.causes).toEqual(causes);
    const slow = errorFromResponse(429, status('TooManyRequests', 429, { details: { retryAfterSeconds: 3 } }));
    expect(suggestsClientDelay(slow)).toBe(3);
  });

  it('inconsistentContinueOf: the token a 410 Expired names for an expired continue token, from the response as sent', () => {
    const expired = (extra: Record<string, unknown>) => errorFromResponse(410, status('Expired', 410, extra));
    expect(inconsistentContinueOf(expired({ metadata: { continue: 'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTF9' } }))).toBe('eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTF9');
    // no token to list on (a watch's 410, an old apiserver): none
    expect(inconsistentContinueOf(expired({}))).toBeUndefined();
    expect(inconsistentContinueOf(expired({ metadata: { continue: '' } }))).toBeUndefined();
    expect(inconsistentContinueOf(expired({ metadata: { continue: 7 } }))).toBeUndefined();
    // not an Expired, or not a StatusError
    expect(inconsistentContinueOf(errorFromResponse(400, status('BadRequest', 400, { metadata: { continue: 'x' } })))).toBeUndefined();
    expect(inconsistentContinueOf({ reason: 'Expired', code: 410, status: { metadata: { continue: 'x' } } })).toBeUndefined();
    expect(inconsistentContinueOf(undefined)).toBeUndefined();
  });

  it('guards are false for anything that is not a StatusError', () => {
    for (const g of Object.values(guards)) {
      expect(g(new Error('x'))).toBe(false);
      expect(g(undefined)).toBe(false);
      expect(g({ reason: 'NotFound', code: 404 })).toBe(false);
    }
  });
});

describe('retryOnConflict', () => {
  const conflict = () => newStaleConflict({ group: 'g', resource: 'r' }, 'n');

  it('retries conflicts with DefaultRetry and returns the first success', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    const got = await retryOnConflict(
      DefaultRetry,
      async () => {
        calls++;
        if (calls < 3) throw conflict();
        return 'ok';
      },
      { sleep: async (ms) => void sleeps.push(ms), random: () => 0 },
    );
    expect(got).toBe('ok');
    expect(calls).toBe(3);
    expect(sleeps).toEqual([10, 10]);
  });

  it('gives up after `steps` attempts with the last conflict', async () => {
    let calls = 0;
    const err = await retryOnConflict(DefaultRetry, async () => {
      calls++;
      throw conflict();
    }, { sleep: async () => undefined }).catch((e: unknown) => e);
    expect(calls).toBe(DefaultRetry.steps);
    expect(isConflict(err)).toBe(true);
  });

  it('throws other errors at once', async () => {
    let calls = 0;
    const boom = new Error('boom');
    await expect(
      retryOnConflict(DefaultRetry, async () => {
        calls++;
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(calls).toBe(1);
  });

  it('backoff grows by factor, is capped, and jitter adds at most its fraction', () => {
    expect([1, 2, 3].map((a) => backoffDelay(DefaultBackoff, a, () => 0))).toEqual([10, 50, 250]);
    expect(backoffDelay({ ...DefaultBackoff, capMs: 40 }, 3, () => 0)).toBe(40);
    expect(backoffDelay(DefaultRetry, 1, () => 0.999)).toBeLessThanOrEqual(11);
  });

  it('stops waiting when aborted', async () => {
    const ac = new AbortController();
    const p = retryOnError(DefaultRetry, () => true, async () => {
      ac.abort(new Error('stop'));
      throw conflict();
    }, { signal: ac.signal });
    await expect(p).rejects.toThrow('stop');
  });
});

describe('newNotFound', () => {
  const gr = { group: 'example.com', resource: 'widgets' };

  it('captures a stack by default, and none with { stack: false } (a cache miss), leaving the limit as it was', () => {
    const limit = Error.stackTraceLimit;
    const withStack = newNotFound(gr, 'a');
    expect(withStack.stack).toMatch(/^StatusError: widgets\.example\.com "a" not found\n\s+at /);
    const quiet = newNotFound(gr, 'a', { stack: false });
    expect(quiet.stack).toBe('StatusError: widgets.example.com "a" not found');
    expect(isNotFound(quiet)).toBe(true);
    expect(quiet.status).toEqual(withStack.status);
    expect(Error.stackTraceLimit).toBe(limit);
  });

  it('keeps the stack where Error.stackTraceLimit cannot be set (a frozen Error), and never throws', () => {
    const descriptor = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
    Object.defineProperty(Error, 'stackTraceLimit', { ...descriptor, writable: false });
    try {
      const err = newNotFound(gr, 'a', { stack: false });
      expect(isNotFound(err)).toBe(true);
      expect(err.stack).toMatch(/\n\s+at /);
    } finally {
      Object.defineProperty(Error, 'stackTraceLimit', descriptor ?? { value: 10, writable: true, configurable: true, enumerable: true });
    }
    expect(Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')?.writable).toBe(true);
  });
});
