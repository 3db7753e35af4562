/**
 * `LeaderElector`: leader election over a resource lock with client-go's semantics
 * (`tools/leaderelection/leaderelection.go`). Durations in milliseconds, on the injected clock.
 *
 * Contract:
 * - `new LeaderElector(config)` validates, in client-go's order and with its messages: `leaseDuration must be
 *   greater than renewDeadline`, `renewDeadline must be greater than retryPeriod*JitterFactor`, `<field> must be
 *   greater than zero`, `OnStartedLeading callback must not be nil`, `OnStoppedLeading callback must not be nil`,
 *   `Lock must not be nil.`, `Lock identity is empty`;
 * - `run(signal)`: tries to acquire every `retryPeriod` (+ up to 1.2 × retryPeriod of jitter). A lease held by
 *   another identity is respected until it expires, and expiry is measured on the LOCAL clock: from the moment
 *   this candidate last saw the record change (`observedTime`) plus the record's `leaseDurationSeconds` — the
 *   remote `renewTime` is never compared, so clock offsets between candidates do not matter. A released lease
 *   (empty holder) is taken at once. On success: event `became leader`, `onStartedLeading(signal)` with a signal
 *   that aborts when leadership ends;
 * - while leading, renews every `retryPeriod`; a renewal may retry every `retryPeriod` until `renewDeadline`.
 *   When no attempt succeeds by then (a hung request counts as failed at the deadline), leadership is lost at
 *   once: the leading signal aborts, event `stopped leading`;
 * - when `signal` aborts while leading and `releaseOnCancel` is set, the lease is released (holder `''`,
 *   `leaseDurationSeconds: 1`), retrying conflicts until `renewDeadline`;
 * - `onStoppedLeading()` is called when `run` ends, EVEN IF THIS CANDIDATE NEVER LED (as client-go);
 *   `onNewLeader(identity)` whenever the observed holder changes (also to this candidate);
 * - `run` resolves when it has stopped: after losing leadership, or after `signal` aborted (and the release).
 */

import { realClock, clockSleep, isAborted, type Clock } from '../clock/clock';
import { isConflict, isNotFound } from '../errors/errors';
import { defaultLogger, type Logger } from '../log';
import type { LeaderElectionRecord, ResourceLock } from './resourcelock';
import { recordJson } from './resourcelock';

/** client-go's JitterFactor. */
export const JITTER_FACTOR = 1.2;

export interface LeaderCallbacks {
  /** Called when this candidate starts leading; `signal` aborts when it stops. */
  onStartedLeading: (signal: AbortSignal) => void | Promise<void>;
  /** Called when `run` ends, whether or not this candidate led. */
  onStoppedLeading: () => void;
  /** Called when the observed leader changes. */
  onNewLeader?: (identity: string) => void;
}

export interface LeaderElectionConfig {
  lock: ResourceLock;
  /** How long non-leaders wait after the last observed change before taking over. */
  leaseDurationMs: number;
  /** How long the leader retries renewing before giving up. */
  renewDeadlineMs: number;
  /** The interval between attempts. */
  retryPeriodMs: number;
  callbacks: LeaderCallbacks;
  /** Release the lease when `run`'s signal aborts. */
  releaseOnCancel?: boolean;
  /** For logs and metrics. */
  name?: string;
  clock?: Clock;
  /** A number in [0, 1) for the retry jitter; default `Math.random`. */
  random?: () => number;
  logger?: Logger;
  /** Told when this candidate starts (true) and stops (false) leading (e.g. `leader_election_master_status`). */
  onLeadingChange?: (leading: boolean) => void;
}

/** A configuration error of leader election. */
export class LeaderElectionConfigError extends Error {
  override readonly name = 'LeaderElectionConfigError';
}

/**
 * Validates `config` as client-go's `NewLeaderElector`, any part of it missing (a JavaScript caller's, or a partial
 * one being built); throws the first problem.
 */
export function validateLeaderElectionConfig(config: Partial<Omit<LeaderElectionConfig, 'callbacks'>> & { callbacks?: Partial<LeaderCallbacks> }): void {
  const lease = config.leaseDurationMs ?? 0;
  const renew = config.renewDeadlineMs ?? 0;
  const retry = config.retryPeriodMs ?? 0;
  if (lease <= renew) throw new LeaderElectionConfigError('leaseDuration must be greater than renewDeadline');
  if (renew <= JITTER_FACTOR * retry) throw new LeaderElectionConfigError('renewDeadline must be greater than retryPeriod*JitterFactor');
  // client-go: < 1ns
  if (!(lease >= 1e-6)) throw new LeaderElectionConfigError('leaseDuration must be greater than zero');
  if (!(renew >= 1e-6)) throw new LeaderElectionConfigError('renewDeadline must be greater than zero');
  if (!(retry >= 1e-6)) throw new LeaderElectionConfigError('retryPeriod must be greater than zero');
  if (!config.callbacks?.onStartedLeading) throw new LeaderElectionConfigError('OnStartedLeading callback must not be nil');
  if (!config.callbacks.onStoppedLeading) throw new LeaderElectionConfigError('OnStoppedLeading callback must not be nil');
  if (!config.lock) throw new LeaderElectionConfigError('Lock must not be nil.');
  if (config.lock.identity() === '') throw new LeaderElectionConfigError('Lock identity is empty');
}

/** Resolves with `p`'s value, or `undefined` as soon as `signal` aborts (`p` keeps running, ignored). */
function raceAbort<R>(p: Promise<R>, signal: AbortSignal): Promise<R | undefined> {
  if (signal.aborted) {
    p.catch(() => undefined);
    return Promise.resolve(undefined);
  }
  return new Promise<R | undefined>((resolve, reject) => {
    const onAbort = (): void => { resolve(undefined); };
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** See the module doc. */
export class LeaderElector {
  private readonly config: LeaderElectionConfig;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly log: Logger;
  private observedRecord: LeaderElectionRecord = { holderIdentity: '', leaseDurationSeconds: 0, acquireTime: undefined, renewTime: undefined, leaderTransitions: 0 };
  private observedRaw = '';
  private observedTime = -Infinity;
  private reportedLeader = '';
  private running = false;

  constructor(config: LeaderElectionConfig) {
    validateLeaderElectionConfig(config);
    this.config = config;
    this.clock = config.clock ?? realClock;
    this.random = config.random ?? Math.random;
    this.log = (config.logger ?? defaultLogger()).withName('leaderelection').withValues({ lock: config.lock.describe() });
  }

  /** Whether the last observed record names this candidate. */
  isLeader(): boolean {
    return this.observedRecord.holderIdentity === this.config.lock.identity();
  }

  /** The identity of the last observed holder (`''` when none). */
  getLeader(): string {
    return this.observedRecord.holderIdentity;
  }

  /**
   * A health check for a leader: an error when this candidate thinks it leads but has not renewed for longer
   * than the lease duration plus `toleranceMs` (client-go's `Check`, for the `HealthzAdaptor`).
   */
  check(toleranceMs: number): Error | undefined {
    if (!this.isLeader()) return undefined;
    if (this.clock.now() - this.observedTime > this.config.leaseDurationMs + toleranceMs) {
      return new Error(`failed election to renew leadership on lease ${this.config.name ?? this.config.lock.describe()}`);
    }
    return undefined;
  }

  /** Runs the election until leadership is lost or `signal` aborts; see the module doc. */
  async run(signal: AbortSignal): Promise<void> {
    if (this.running) throw new Error('the leader elector is already running');
    this.running = true;
    try {
      if (!(await this.acquire(signal))) return;
      const leading = new AbortController();
      try {
        const started = this.config.callbacks.onStartedLeading(leading.signal);
        if (started && typeof (started).then === 'function') {
          (started).catch((err: unknown) => { this.log.error(err, 'OnStartedLeading failed'); });
        }
        await this.renew(signal);
      } finally {
        leading.abort(new Error('leadership lost'));
      }
    } finally {
      this.running = false;
      this.config.callbacks.onStoppedLeading();
    }
  }

  private async acquire(signal: AbortSignal): Promise<boolean> {
    const desc = this.config.lock.describe();
    this.log.info(`attempting to acquire leader lease ${desc}...`);
    while (!signal.aborted) {
      const ok = (await raceAbort(this.tryAcquireOrRenew(signal), signal)) ?? false;
      this.maybeReportTransition();
      if (ok && !isAborted(signal)) {
        this.config.lock.recordEvent('became leader');
        this.config.onLeadingChange?.(true);
        this.log.info(`successfully acquired lease ${desc}`);
        return true;
      }
      if (!ok) this.log.v(4).info(`failed to acquire lease ${desc}`);
      const period = this.config.retryPeriodMs;
      await clockSleep(this.clock, period + this.random() * JITTER_FACTOR * period, signal);
    }
    return false;
  }

  /** Renews until a renewal fails for `renewDeadline` or `signal` aborts. */
  private async renew(signal: AbortSignal): Promise<void> {
    const desc = this.config.lock.describe();
    try {
      while (!signal.aborted) {
        const ok = await this.renewWithin(signal);
        this.maybeReportTransition();
        if (isAborted(signal)) break;
        if (!ok) {
          this.config.onLeadingChange?.(false);
          this.log.info(`failed to renew lease ${desc}: timed out waiting for the condition`);
          return;
        }
        this.log.v(5).info(`successfully renewed lease ${desc}`);
        await clockSleep(this.clock, this.config.retryPeriodMs, signal);
      }
      this.config.onLeadingChange?.(false);
      if (this.config.releaseOnCancel) await this.release();
    } finally {
      this.config.lock.recordEvent('stopped leading');
    }
  }

  /** Attempts immediately and then every retryPeriod until one succeeds or renewDeadline passes. */
  private async renewWithin(signal: AbortSignal): Promise<boolean> {
    const deadline = new AbortController();
    const timer = this.clock.setTimer(() => { deadline.abort(); }, this.config.renewDeadlineMs);
    const s = AbortSignal.any([signal, deadline.signal]);
    try {
      while (!s.aborted) {
        const started = this.clock.now();
        let ok = false;
        try {
          ok = (await raceAbort(this.tryAcquireOrRenew(s), s)) ?? false;
        } catch (err) {
          this.log.error(err, 'renewal attempt failed');
        }
        if (ok && !isAborted(s)) return true;
        if (isAborted(s)) return false;
        const wait = Math.max(0, this.config.retryPeriodMs - (this.clock.now() - started));
        if (!(await clockSleep(this.clock, wait, s))) return false;
      }
      return false;
    } finally {
      this.clock.clearTimer(timer);
    }
  }

  private setObservedRecord(record: LeaderElectionRecord): void {
    this.observedRecord = record;
    this.observedTime = this.clock.now();
  }

  private isLeaseValid(now: number): boolean {
    return this.observedTime + this.observedRecord.leaseDurationSeconds * 1000 > now;
  }

  /** One attempt (client-go's tryAcquireOrRenew); true when this candidate holds the lease afterwards. */
  private async tryAcquireOrRenew(signal: AbortSignal): Promise<boolean> {
    const lock = this.config.lock;
    const now = this.clock.now();
    const desired: LeaderElectionRecord = {
      holderIdentity: lock.identity(),
      leaseDurationSeconds: Math.trunc(this.config.leaseDurationMs / 1000),
      acquireTime: now,
      renewTime: now,
      leaderTransitions: 0,
    };
    // 1. fast path: the leader updates its cached lease without reading it
    if (this.isLeader() && this.isLeaseValid(now)) {
      const old = this.observedRecord;
      const record = { ...desired, acquireTime: old.acquireTime, leaderTransitions: old.leaderTransitions };
      try {
        await lock.update(record, signal);
        this.setObservedRecord(record);
        return true;
      } catch (err) {
        this.log.error(err, 'Failed to update lock optimistically, falling back to slow path');
      }
    }
    // 2. read (or create) the record
    let got: { record: LeaderElectionRecord; raw: string };
    try {
      got = await lock.get(signal);
    } catch (err) {
      if (!isNotFound(err)) {
        this.log.error(err, `error retrieving resource lock ${lock.describe()}`);
        return false;
      }
      try {
        await lock.create(desired, signal);
      } catch (createErr) {
        this.log.error(createErr, 'error initially creating leader election record');
        return false;
      }
      this.setObservedRecord(desired);
      this.observedRaw = recordJson(desired);
      return true;
    }
    // 3. a changed record restarts the expiry clock; then check holder and expiry on the local clock
    if (got.raw !== this.observedRaw) {
      this.setObservedRecord(got.record);
      this.observedRaw = got.raw;
    }
    if (got.record.holderIdentity !== '' && this.isLeaseValid(now) && !this.isLeader()) {
      this.log.v(4).info(`lock is held by ${got.record.holderIdentity} and has not yet expired`);
      return false;
    }
    // 4. take over (or renew on the slow path)
    const record = this.isLeader()
      ? { ...desired, acquireTime: got.record.acquireTime, leaderTransitions: got.record.leaderTransitions }
      : { ...desired, leaderTransitions: got.record.leaderTransitions + 1 };
    try {
      await lock.update(record, signal);
    } catch (err) {
      this.log.error(err, 'Failed to update lock');
      return false;
    }
    this.setObservedRecord(record);
    this.observedRaw = recordJson(record);
    return true;
  }

  /** Gives the lease up (holder `''`), retrying conflicts until renewDeadline. */
  private async release(): Promise<boolean> {
    if (!this.isLeader()) return true;
    const deadline = new AbortController();
    const timer = this.clock.setTimer(() => { deadline.abort(); }, this.config.renewDeadlineMs);
    try {
      let refresh = false;
      while (!deadline.signal.aborted) {
        const now = this.clock.now();
        const record: LeaderElectionRecord = {
          holderIdentity: '',
          leaseDurationSeconds: 1,
          acquireTime: now,
          renewTime: now,
          leaderTransitions: this.observedRecord.leaderTransitions,
        };
        try {
          if (refresh) {
            const got = await raceAbort(this.config.lock.get(deadline.signal), deadline.signal);
            if (!got) return false;
            if (got.record.holderIdentity !== this.config.lock.identity()) return true;
          }
          const done = await raceAbort(this.config.lock.update(record, deadline.signal).then(() => true), deadline.signal);
          if (!done) return false;
          this.setObservedRecord(record);
          this.observedRaw = recordJson(record);
          return true;
        } catch (err) {
          if (!isConflict(err)) {
            this.log.error(err, 'Failed to release lock');
            return false;
          }
          refresh = true;
        }
        if (!(await clockSleep(this.clock, this.config.retryPeriodMs, deadline.signal))) return false;
      }
      return false;
    } finally {
      this.clock.clearTimer(timer);
    }
  }

  private maybeReportTransition(): void {
    const holder = this.observedRecord.holderIdentity;
    if (holder === this.reportedLeader) return;
    this.reportedLeader = holder;
    const cb = this.config.callbacks.onNewLeader;
    if (cb) queueMicrotask(() => { cb(holder); });
  }
}
