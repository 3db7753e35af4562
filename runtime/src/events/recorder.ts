/**
 * An events.k8s.io/v1 event recorder with client-go's series semantics (`tools/events`), on an injected clock.
 *
 * Contract:
 * - `recorder.eventf(regarding, related, type, reason, action, note)` records an event about `regarding`;
 *   `type` must be `Normal` or `Warning` (else it is dropped and logged: `Unsupported event type: '<type>'`).
 *   The event is named `<regarding name>.<hex unix nanoseconds>`, in the regarding object's namespace (or
 *   `default`), with `reportingController` the recorder's controller and `reportingInstance`
 *   `<controller>-<hostname>`;
 * - isomorphic events — same type, action, reason, reporting controller and instance, regarding and related
 *   object; the NOTE IS NOT PART OF THE KEY — form a series: the first is created; the second patches the stored
 *   event with `series: { count: 2, lastObservedTime }`; later ones only count in memory. Every 30 minutes the
 *   counts of open series are written (patch); a series idle for more than 6 minutes gets a final write and is
 *   forgotten, as is a single event older than 6 minutes;
 * - a patch of an event that is gone creates it again; API errors (rejections) are not retried; other errors
 *   (transport) are retried up to 12 times, 10–12.5 s apart;
 * - writes run in the background: `flush()` resolves when the writes started so far have settled.
 */

import { hostname } from 'node:os';
import { realClock, clockSleep, type Clock, type ClockTimer } from '../clock/clock';
import type { KubeObject } from '../client/types';
import { isNotFound, isStatusError } from '../errors/errors';
import { defaultLogger, type Logger } from '../log';
import { formatMicroTime, parseTime } from '../meta/time';
import { EventTypeNormal, EventTypeWarning, type EventObjectReference, type EventsV1Event, type EventsV1EventClient } from './types';

/** Records events; see the module doc. */
export interface EventRecorder {
  eventf(regarding: KubeObject, related: KubeObject | undefined, type: string, reason: string, action: string, note: string): void;
}

export interface EventBroadcasterOptions {
  /** An Event client of a namespace (`TypedClient`, a fake client, or `@kubegen/api`'s `events(namespace)`). */
  clientFor: (namespace: string) => EventsV1EventClient;
  clock?: Clock;
  logger?: Logger;
  /** Default `os.hostname()`. */
  hostname?: string;
  /** A number in [0, 1) for the retry jitter; default `Math.random`. */
  random?: () => number;
  /** Attempts per write; default 12. */
  maxTriesPerEvent?: number;
  /** Base delay between attempts; default 10 s. */
  retryDelayMs?: number;
}

/** 6 minutes: a series idle this long is finished. */
export const FINISH_TIME_MS = 6 * 60 * 1000;
/** 30 minutes: open series are written this often. */
export const REFRESH_TIME_MS = 30 * 60 * 1000;

/** A reference to `obj` as events carry it. */
export function objectReference(obj: KubeObject): EventObjectReference {
  const m = obj.metadata ?? {};
  const ref: EventObjectReference = {};
  if (obj.apiVersion) ref.apiVersion = obj.apiVersion;
  if (obj.kind) ref.kind = obj.kind;
  if (m.namespace) ref.namespace = m.namespace;
  if (m.name) ref.name = m.name;
  if (m.uid) ref.uid = m.uid;
  if (m.resourceVersion) ref.resourceVersion = m.resourceVersion;
  return ref;
}

function refKey(r: EventObjectReference | undefined): unknown[] {
  if (!r) return [];
  return [r.apiVersion ?? '', r.kind ?? '', r.namespace ?? '', r.name ?? '', r.uid ?? '', r.resourceVersion ?? '', r.fieldPath ?? ''];
}

/** The isomorphism key of an event (not its note). */
function seriesKey(e: EventsV1Event): string {
  return JSON.stringify([e.type, e.action, e.reason, e.reportingController, e.reportingInstance, refKey(e.regarding), refKey(e.related)]);
}

function clone<V>(v: V): V {
  return JSON.parse(JSON.stringify(v)) as V;
}

/** Sends the events of its recorders; see the module doc. */
export class EventBroadcaster {
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly host: string;
  private readonly random: () => number;
  private readonly maxTries: number;
  private readonly retryDelayMs: number;
  private readonly cache = new Map<string, EventsV1Event>();
  private readonly pending = new Set<Promise<void>>();
  private lastNanos = 0n;
  private timers: ClockTimer[] = [];
  private stopped = new AbortController();

  constructor(private readonly opts: EventBroadcasterOptions) {
    this.clock = opts.clock ?? realClock;
    this.log = (opts.logger ?? defaultLogger()).withName('events');
    this.host = opts.hostname ?? hostname();
    this.random = opts.random ?? Math.random;
    this.maxTries = opts.maxTriesPerEvent ?? 12;
    this.retryDelayMs = opts.retryDelayMs ?? 10_000;
  }

  /** A recorder for `reportingController` (e.g. `etcdcluster-controller`). */
  newRecorder(reportingController: string): EventRecorder {
    const instance = `${reportingController}-${this.host}`;
    return {
      eventf: (regarding, related, type, reason, action, note) => {
        if (type !== EventTypeNormal && type !== EventTypeWarning) {
          this.log.error(undefined, `Unsupported event type: '${type}'`);
          return;
        }
        this.record(this.makeEvent(regarding, related, type, reason, action, note, reportingController, instance));
      },
    };
  }

  /**
   * Starts the periodic series writes until `signal` aborts (or `shutdown`). The ticks are housekeeping: they never
   * keep the process alive by themselves (a manager that runs the broadcaster holds it); a write under way, and its
   * retries, do.
   */
  start(signal: AbortSignal): void {
    const every = (ms: number, fn: () => void): void => {
      const arm = (): void => {
        const t = this.clock.setTimer(() => {
          this.timers = this.timers.filter((x) => x !== t);
          if (signal.aborted || this.stopped.signal.aborted) return;
          fn();
          arm();
        }, ms, { keepAlive: false });
        this.timers.push(t);
      };
      arm();
    };
    every(FINISH_TIME_MS, () => { this.finishSeries(); });
    every(REFRESH_TIME_MS, () => { this.refreshSeries(); });
    signal.addEventListener('abort', () => { this.shutdown(); }, { once: true });
  }

  /** Stops timers and retries; pending first attempts still settle. */
  shutdown(): void {
    this.stopped.abort();
    for (const t of this.timers) this.clock.clearTimer(t);
    this.timers = [];
  }

  /** Resolves when every write started so far has settled. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private makeEvent(
    regarding: KubeObject,
    related: KubeObject | undefined,
    type: string,
    reason: string,
    action: string,
    note: string,
    controller: string,
    instance: string,
  ): EventsV1Event {
    const now = this.clock.now();
    let nanos = BigInt(Math.round(now * 1e6));
    if (nanos <= this.lastNanos) nanos = this.lastNanos + 1n;
    this.lastNanos = nanos;
    const ref = objectReference(regarding);
    return {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: `${ref.name ?? ''}.${nanos.toString(16)}`, namespace: ref.namespace || 'default' },
      eventTime: formatMicroTime(now),
      reportingController: controller,
      reportingInstance: instance,
      action,
      reason,
      regarding: ref,
      ...(related ? { related: objectReference(related) } : {}),
      note,
      type,
    };
  }

  private record(event: EventsV1Event): void {
    const key = seriesKey(event);
    const cached = this.cache.get(key);
    let toWrite: EventsV1Event;
    if (cached) {
      const now = formatMicroTime(this.clock.now());
      if (cached.series) {
        cached.series.count++;
        cached.series.lastObservedTime = now;
        return;
      }
      cached.series = { count: 2, lastObservedTime: now };
      toWrite = clone(cached);
    } else {
      this.cache.set(key, event);
      toWrite = clone(event);
    }
    this.write(toWrite);
  }

  private write(event: EventsV1Event): void {
    const p = this.attempt(event).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private async attempt(event: EventsV1Event): Promise<void> {
    for (let tries = 1; ; tries++) {
      if (!(await this.recordEvent(event))) return;
      if (tries >= this.maxTries) {
        this.log.error(undefined, `Unable to write event '${event.metadata.namespace}/${event.metadata.name}' (retry limit exceeded!)`);
        return;
      }
      const delay = this.retryDelayMs * (1 + 0.25 * this.random());
      if (!(await clockSleep(this.clock, delay, this.stopped.signal))) return;
    }
  }

  /** One write; true when it should be retried. */
  private async recordEvent(event: EventsV1Event): Promise<boolean> {
    const client = this.opts.clientFor(event.metadata.namespace ?? 'default');
    try {
      if (event.series) {
        try {
          await client.patch(event.metadata.name ?? '', 'application/strategic-merge-patch+json', { series: event.series });
          return false;
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      const { resourceVersion: _rv, ...metadata } = event.metadata;
      await client.create({ ...event, metadata });
      return false;
    } catch (err) {
      if (isStatusError(err)) {
        if (err.reason !== 'AlreadyExists') this.log.error(err, 'Server rejected event (will not retry!)', { event: event.metadata.name });
        return false;
      }
      this.log.error(err, 'Unable to write event (may retry after sleeping)', { event: event.metadata.name });
      return true;
    }
  }

  private finishSeries(): void {
    const now = this.clock.now();
    for (const [key, e] of [...this.cache]) {
      if (e.series) {
        const last = parseTime(e.series.lastObservedTime) ?? now;
        if (now - last > FINISH_TIME_MS) {
          this.cache.delete(key);
          this.write(clone(e));
        }
      } else if (now - (parseTime(e.eventTime) ?? now) > FINISH_TIME_MS) {
        this.cache.delete(key);
      }
    }
  }

  private refreshSeries(): void {
    for (const e of this.cache.values()) if (e.series) this.write(clone(e));
  }
}
