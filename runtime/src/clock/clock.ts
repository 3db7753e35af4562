/**
 * The clock every timed stage of the cache and the workqueue takes as an option (k8s.io/utils/clock): the
 * reflector's backoff and watch timeouts, the informer's resync timer, the delaying queue and the token bucket.
 * `realClock` in production; `FakeClock` in tests, where time moves only when the test calls `step`.
 *
 * Process liveness — what keeps Node running (a Go program runs until `main` returns; a Node program runs while
 * something holds its event loop, and a pending promise holds nothing):
 * - **awaited work keeps the process alive.** A timer that something awaits — a promise a caller holds: a
 *   `clockSleep`, a reflector's or leader elector's backoff, `installCRDs`' poll, the delay of a workqueue item a
 *   worker waits for, a deadline of awaited work — keeps the process alive until it fires or is cancelled
 *   (`setTimer`'s default, as Node's own `setTimeout`). A script that awaits runtime work never exits part-way
 *   through with status 0;
 * - **a running thing holds the process until it is stopped.** `Manager.start` and `SharedIndexInformer.run` (and
 *   so `SharedInformerFactory.start`) take a `hold()` of their clock for as long as they run, and release it when
 *   their signal aborts and they have stopped (client-go and controller-runtime programs run until their context is
 *   cancelled). Stopping them — aborting the signal, `shutdown()` — is what lets the process exit;
 * - **background housekeeping does not.** A periodic timer nobody awaits, owned by something that is itself held
 *   while it runs (an informer's resync tick, an event recorder's series ticks), is set with `keepAlive: false`:
 *   it never keeps a process alive by itself, so a program that is done is never kept running by a tick;
 * - sockets follow the same rule in the transports: a connection with a request or watch in flight keeps the
 *   process alive, an idle kept-alive connection does not.
 *
 * `FakeClock` holds nothing real (tests move its time); it counts its holds and its keep-alive timers so tests
 * can check the rule.
 */

/** An opaque timer handle of a `Clock`. */
export interface ClockTimer {
  readonly __clockTimer?: never;
}

/** Options of `Clock.setTimer`. */
export interface TimerOptions {
  /**
   * Whether the pending timer keeps the process alive; default true (awaited work). False only for background
   * housekeeping nobody awaits whose owner is held while it runs (see the module doc).
   */
  keepAlive?: boolean;
}

/** Keeps the process alive from `Clock.hold()` until `release()` (idempotent). */
export interface ClockHold {
  release(): void;
}

export interface Clock {
  /** Milliseconds since an arbitrary epoch; never decreases. */
  now(): number;
  /**
   * Runs `fn` once, `ms` from now: any delay (`NaN` and negative ones are 0, `Infinity` is never). The pending
   * timer keeps the process alive unless `opts.keepAlive` is false.
   */
  setTimer(fn: () => void, ms: number, opts?: TimerOptions): ClockTimer;
  /** Cancels a timer; a fired or cancelled timer is ignored. */
  clearTimer(timer: ClockTimer): void;
  /**
   * Keeps the process alive until the hold is released, whatever else is pending: what a running manager or
   * informer takes for as long as it runs.
   */
  hold(): ClockHold;
}

/**
 * The longest delay a Node timer takes: 2³¹ − 1 ms (about 24.8 days). Node runs a timer asked for longer after
 * 1 ms instead, with a `TimeoutOverflowWarning`: a "wait this long" would turn into a 1 ms spin.
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** A delay as a Node timer takes it: within [0, `MAX_TIMER_DELAY_MS`]; `NaN` and negative delays are 0. */
export function clampTimerDelay(ms: number): number {
  return ms > 0 ? Math.min(ms, MAX_TIMER_DELAY_MS) : 0;
}

/** A cancellable timer of `startTimer`. */
export interface LongTimer {
  cancel(): void;
}

/**
 * Runs `fn` once, `ms` from now, for any delay: one Node timeout up to `MAX_TIMER_DELAY_MS`; a longer delay is a
 * chain of timeouts, each of at most that length, that add up to `ms` (each fires no earlier than asked, so neither
 * does `fn`), so a huge delay costs one timer fire every 24.8 days and never a warning; `Infinity` never fires.
 * `NaN` and negative delays are 0. With `keepAlive: false` the timeouts are `unref`ed (they do not keep the process
 * alive). Every timer of the runtime with a delay that users or the cluster can influence is one of these (through
 * `realClock` or directly).
 */
export function startTimer(fn: () => void, ms: number, opts: { keepAlive?: boolean } = {}): LongTimer {
  const keepAlive = opts.keepAlive ?? true;
  let left = ms > 0 ? ms : 0;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const arm = (): void => {
    if (left > MAX_TIMER_DELAY_MS) {
      left -= MAX_TIMER_DELAY_MS;
      timeout = setTimeout(arm, MAX_TIMER_DELAY_MS);
    } else {
      timeout = setTimeout(fn, left);
    }
    if (!keepAlive) timeout.unref();
  };
  arm();
  return {
    cancel() {
      clearTimeout(timeout);
    },
  };
}

/** A timer of `realClock`. */
class NodeTimer implements ClockTimer {
  declare readonly __clockTimer?: never;
  constructor(readonly timer: LongTimer) {}
}

/**
 * Wall time and Node timers (`startTimer`: any delay). A pending timer keeps the process alive unless set with
 * `keepAlive: false`; a hold is a ref'd Node interval that never fires in practice (one tick per 24.8 days).
 */
export const realClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  setTimer(fn, ms, opts) {
    return new NodeTimer(startTimer(fn, ms, { keepAlive: opts?.keepAlive ?? true }));
  },
  clearTimer(timer) {
    // a timer of another clock is not ours to cancel (as a fired or cancelled one, it is ignored)
    if (timer instanceof NodeTimer) timer.timer.cancel();
  },
  hold() {
    let interval: ReturnType<typeof setInterval> | undefined = setInterval(() => undefined, MAX_TIMER_DELAY_MS);
    return {
      release() {
        clearInterval(interval);
        interval = undefined;
      },
    };
  },
};

/**
 * Resolves after `ms` on `clock`, or as soon as `signal` aborts — it never rejects: callers check
 * `signal.aborted` afterwards. Returns whether the full delay elapsed. The sleep is awaited work: it keeps the
 * process alive until it ends.
 */
export function clockSleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clock.clearTimer(timer);
      resolve(false);
    };
    const timer = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

interface FakeTimer extends ClockTimer {
  at: number;
  seq: number;
  fn: () => void;
  keepAlive: boolean;
}

/**
 * A clock for tests: `now()` is fixed until `step(ms)` or `setTime(t)` moves it, which runs the timers that came
 * due, in due-time order (ties in creation order), each seeing `now()` equal to its due time. A timer set by a
 * firing timer runs in the same `step` when it is due by the step's end. It holds nothing real: `holds` and
 * `keepAliveTimers` count what would keep a process alive on `realClock`.
 */
export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private timers: FakeTimer[] = [];
  private activeHolds = 0;

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, ms: number, opts?: TimerOptions): ClockTimer {
    const t: FakeTimer = { at: this.time + (ms > 0 ? ms : 0), seq: this.seq++, fn, keepAlive: opts?.keepAlive ?? true };
    this.timers.push(t);
    return t;
  }

  hold(): ClockHold {
    this.activeHolds++;
    let held = true;
    return {
      release: () => {
        if (held) this.activeHolds--;
        held = false;
      },
    };
  }

  /** The number of holds not yet released. */
  get holds(): number {
    return this.activeHolds;
  }

  /** The number of pending timers that keep the process alive (set without `keepAlive: false`). */
  get keepAliveTimers(): number {
    return this.timers.filter((t) => t.keepAlive).length;
  }

  clearTimer(timer: ClockTimer): void {
    const i = this.timers.indexOf(timer as FakeTimer);
    if (i >= 0) this.timers.splice(i, 1);
  }

  /** The number of pending timers. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  /** The due times of pending timers, soonest first, relative to now. */
  pendingDelays(): number[] {
    return this.timers.map((t) => t.at - this.time).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, running due timers. */
  step(ms: number): void {
    this.setTime(this.time + ms);
  }

  /** Moves time to `t` (not backwards), running due timers. */
  setTime(t: number): void {
    if (t < this.time) throw new RangeError(`FakeClock cannot go back from ${this.time} to ${t}`);
    for (;;) {
      let next: FakeTimer | undefined;
      for (const timer of this.timers) {
        if (timer.at <= t && (!next || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq))) next = timer;
      }
      if (!next) break;
      this.timers.splice(this.timers.indexOf(next), 1);
      this.time = next.at;
      next.fn();
    }
    this.time = t;
  }
}

/**
 * Whether `signal` has aborted, read afresh. TypeScript keeps a `signal.aborted` check narrowed across an `await` or
 * a `yield`, so a second check after one looks dead to the type checker though the signal may have fired meanwhile.
 */
export function isAborted(signal: AbortSignal): boolean {
  return signal.aborted;
}
