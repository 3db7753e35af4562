/**
 * The core/v1 event recorder with client-go's `EventCorrelator` (`tools/record/event.go`, `events_cache.go`) —
 * what controller-runtime's deprecated `GetEventRecorderFor` hands out. New code should prefer the
 * events.k8s.io recorder (`recorder.ts`).
 *
 * Contract:
 * - `recorder.eventf(object, type, reason, message)`: `type` `Normal` or `Warning` (else dropped and logged
 *   `Unsupported event type: '<type>'`); the event is named `<name>.<hex unix nanoseconds>` in the object's
 *   namespace (or `default`), `count: 1`, first = last timestamp = now, `source` and `reportingController` /
 *   `reportingInstance` from the recorder's component and host;
 * - events are processed one at a time, in order; at most 1000 wait, more are dropped;
 * - the correlator, per event, in this order (LRU caches of 4096 entries):
 *   1. aggregation: events alike but for their message (same source, involved object, type, reason, reporting
 *      controller and instance) are counted by distinct message; from the 10th distinct message within 600 s of
 *      the previous one, a new event `(combined from similar events): <message>` is recorded instead;
 *   2. de-duplication: an event seen before (same key incl. message, or the same aggregate) is sent as a PATCH of
 *      `count` (+1), `lastTimestamp` and `message` to the first occurrence's name (a CREATE when that is gone);
 *   3. spam filter: per source and involved object, a token bucket of 25 refilled with 1 every 300 s; events
 *      beyond it are dropped (after 1. and 2. counted them, as upstream);
 * - writes: transport errors are retried up to 12 times (the first wait random in [0, 10 s), then 10 s); API
 *   rejections are not retried.
 */

import { hostname } from 'node:os';
import { clockSleep, realClock, type Clock } from '../clock/clock';
import type { KubeList, KubeObject, ResourceClient, ResourceDescriptor } from '../client/types';
import type { ObjectMeta } from '../meta/types';
import { isNotFound, isStatusError } from '../errors/errors';
import { defaultLogger, type Logger } from '../log';
import { formatTime } from '../meta/time';
import { objectReference } from './recorder';
import { EventTypeNormal, EventTypeWarning, type EventObjectReference } from './types';

/**
 * core/v1 Event as the recorder writes it: a subset of `@kubegen/api/core/v1`'s Event, mutually assignable with it
 * (checked by test/unit/runtime/api-types.test.ts, as the events.k8s.io Event in `./types`).
 */
export interface CoreEvent extends KubeObject {
  /** Required by core/v1 (the recorder always names the event). */
  metadata: ObjectMeta;
  involvedObject: EventObjectReference;
  reason?: string;
  message?: string;
  source?: { component?: string; host?: string };
  firstTimestamp?: string;
  lastTimestamp?: string;
  count?: number;
  type?: string;
  /** Always present, as in Go (no omitempty; Go writes "" when unset): the recorder's component and host. */
  reportingComponent: string;
  reportingInstance: string;
}

export type CoreEventList = KubeList<CoreEvent>;

/** The verbs of a core/v1 Event client the recorder uses (`@kubegen/api`'s `CoreV1Client.events(namespace)` has them). */
export type CoreEventClient = Pick<ResourceClient<CoreEvent, CoreEventList>, 'create' | 'patch'>;

/** The core/v1 Event resource (equal to `@kubegen/api/core/v1`'s `eventResource`). */
export const coreEventResource: ResourceDescriptor<CoreEvent, CoreEventList> = Object.freeze({ group: '', version: 'v1', resource: 'events', kind: 'Event', listKind: 'EventList', namespaced: true });

/** A least-recently-used map of at most `size` entries. */
class Lru<V> {
  private readonly m = new Map<string, V>();
  constructor(private readonly size: number) {}

  get(k: string): V | undefined {
    const v = this.m.get(k);
    if (v !== undefined) {
      this.m.delete(k);
      this.m.set(k, v);
    }
    return v;
  }

  set(k: string, v: V): void {
    this.m.delete(k);
    this.m.set(k, v);
    if (this.m.size > this.size) this.m.delete(this.m.keys().next().value as string);
  }
}

const sep = '\u0000';

function involved(e: CoreEvent): string[] {
  const o = e.involvedObject;
  return [o.kind ?? '', o.namespace ?? '', o.name ?? '', o.uid ?? '', o.apiVersion ?? ''];
}

function eventKey(e: CoreEvent): string {
  const o = e.involvedObject;
  return [e.source?.component ?? '', e.source?.host ?? '', o.kind ?? '', o.namespace ?? '', o.name ?? '', o.fieldPath ?? '', o.uid ?? '', o.apiVersion ?? '', e.type ?? '', e.reason ?? '', e.message ?? ''].join(sep);
}

function spamKey(e: CoreEvent): string {
  return [e.source?.component ?? '', e.source?.host ?? '', ...involved(e)].join(sep);
}

function aggregateKey(e: CoreEvent): string {
  return [e.source?.component ?? '', e.source?.host ?? '', ...involved(e), e.type ?? '', e.reason ?? '', e.reportingComponent, e.reportingInstance].join(sep);
}

export interface CorrelatorOptions {
  clock?: Clock;
  /** Default 4096. */
  lruCacheSize?: number;
  /** Default 25. */
  burst?: number;
  /** Default 1/300. */
  qps?: number;
  /** Default 10. */
  maxEvents?: number;
  /** Default 600. */
  maxIntervalSeconds?: number;
}

/** What `correlate` decides. */
export interface CorrelateResult {
  event: CoreEvent;
  /** The strategic merge patch for an event seen before (`count > 1`). */
  patch?: { count: number; lastTimestamp: string; message: string };
  skip: boolean;
}

/** Filters, aggregates and counts events (client-go's `EventCorrelator`); see the module doc. */
export class EventCorrelator {
  private readonly clock: Clock;
  private readonly aggregates: Lru<{ localKeys: Set<string>; last: number }>;
  private readonly observed: Lru<{ count: number; firstTimestamp: string | undefined; name: string; resourceVersion: string | undefined }>;
  private readonly spam: Lru<{ tokens: number; last: number }>;
  private readonly burst: number;
  private readonly qps: number;
  private readonly maxEvents: number;
  private readonly maxIntervalMs: number;

  constructor(opts: CorrelatorOptions = {}) {
    this.clock = opts.clock ?? realClock;
    const size = opts.lruCacheSize ?? 4096;
    this.aggregates = new Lru(size);
    this.observed = new Lru(size);
    this.spam = new Lru(size);
    this.burst = opts.burst ?? 25;
    this.qps = opts.qps ?? 1 / 300;
    this.maxEvents = opts.maxEvents ?? 10;
    this.maxIntervalMs = (opts.maxIntervalSeconds ?? 600) * 1000;
  }

  correlate(given: CoreEvent): CorrelateResult {
    const now = this.clock.now();
    // 1. aggregate
    let event: CoreEvent = { ...given, metadata: { ...given.metadata } };
    let key = eventKey(event);
    const aKey = aggregateKey(event);
    let record = this.aggregates.get(aKey);
    if (!record || now - record.last > this.maxIntervalMs) record = { localKeys: new Set(), last: now };
    record.localKeys.add(event.message ?? '');
    record.last = now;
    this.aggregates.set(aKey, record);
    if (record.localKeys.size >= this.maxEvents) {
      const first = record.localKeys.values().next().value as string;
      record.localKeys.delete(first);
      const t = formatTime(now);
      event = {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: `${event.involvedObject.name ?? ''}.${nanosHex(now)}`, namespace: event.metadata.namespace ?? 'default' },
        count: 1,
        firstTimestamp: t,
        involvedObject: event.involvedObject,
        lastTimestamp: t,
        message: `(combined from similar events): ${event.message ?? ''}`,
        type: event.type ?? '',
        reason: event.reason ?? '',
        source: event.source ?? {},
        // client-go's EventAggregate does not carry these over; its Go type writes them as ""
        reportingComponent: '',
        reportingInstance: '',
      };
      key = aKey;
    }
    // 2. observe
    let patch: CorrelateResult['patch'];
    const last = this.observed.get(key);
    if (last && last.count > 0) {
      event = {
        ...event,
        metadata: { ...event.metadata, name: last.name, ...(last.resourceVersion ? { resourceVersion: last.resourceVersion } : {}) },
        ...(last.firstTimestamp ? { firstTimestamp: last.firstTimestamp } : {}),
        count: last.count + 1,
      };
      patch = { count: last.count + 1, lastTimestamp: event.lastTimestamp ?? formatTime(now), message: event.message ?? '' };
    }
    this.observed.set(key, { count: event.count ?? 1, firstTimestamp: event.firstTimestamp, name: event.metadata.name ?? '', resourceVersion: event.metadata.resourceVersion });
    // 3. spam filter
    const sKey = spamKey(event);
    const bucket = this.spam.get(sKey) ?? { tokens: this.burst, last: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.last) / 1000) * this.qps);
    bucket.last = now;
    const skip = bucket.tokens < 1;
    if (!skip) bucket.tokens -= 1;
    this.spam.set(sKey, bucket);
    return skip ? { event, skip: true } : { event, ...(patch ? { patch } : {}), skip: false };
  }

  /** Records the server's answer (name, resourceVersion, count) for later patches. */
  updateState(event: CoreEvent): void {
    this.observed.set(eventKey(event), {
      count: event.count ?? 1,
      firstTimestamp: event.firstTimestamp,
      name: event.metadata.name ?? '',
      resourceVersion: event.metadata.resourceVersion,
    });
  }
}

let lastNanos = 0n;
function nanosHex(ms: number): string {
  let n = BigInt(Math.round(ms * 1e6));
  if (n <= lastNanos) n = lastNanos + 1n;
  lastNanos = n;
  return n.toString(16);
}

/** Records core/v1 events; see the module doc. */
export interface CoreEventRecorder {
  eventf(object: KubeObject, type: string, reason: string, message: string): void;
}

export interface CoreEventBroadcasterOptions {
  clientFor: (namespace: string) => CoreEventClient;
  clock?: Clock;
  logger?: Logger;
  random?: () => number;
  correlator?: CorrelatorOptions;
  /** Default 1000. */
  queueSize?: number;
  /** Default 12. */
  maxTriesPerEvent?: number;
  /** Default 10 s. */
  retryDelayMs?: number;
}

/** Sends core/v1 events through an `EventCorrelator`; see the module doc. */
export class CoreEventBroadcaster {
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly random: () => number;
  private readonly correlator: EventCorrelator;
  private readonly queue: CoreEvent[] = [];
  private pumping: Promise<void> | undefined;
  private readonly stopped = new AbortController();

  constructor(private readonly opts: CoreEventBroadcasterOptions) {
    this.clock = opts.clock ?? realClock;
    this.log = (opts.logger ?? defaultLogger()).withName('events');
    this.random = opts.random ?? Math.random;
    this.correlator = new EventCorrelator({ clock: this.clock, ...opts.correlator });
  }

  /** A recorder for a component (controller-runtime: the controller's name) on `host` (default the hostname). */
  newRecorder(component: string, host: string = hostname()): CoreEventRecorder {
    return {
      eventf: (object, type, reason, message) => {
        if (type !== EventTypeNormal && type !== EventTypeWarning) {
          this.log.error(undefined, `Unsupported event type: '${type}'`);
          return;
        }
        if (this.stopped.signal.aborted) return;
        if (this.queue.length >= (this.opts.queueSize ?? 1000)) return;
        const ref = objectReference(object);
        const now = this.clock.now();
        const t = formatTime(now);
        this.queue.push({
          apiVersion: 'v1',
          kind: 'Event',
          metadata: { name: `${ref.name ?? ''}.${nanosHex(now)}`, namespace: ref.namespace || 'default' },
          involvedObject: ref,
          reason,
          message,
          firstTimestamp: t,
          lastTimestamp: t,
          count: 1,
          type,
          source: { component, host },
          reportingComponent: component,
          reportingInstance: host,
        });
        this.pumping ??= this.pump().finally(() => (this.pumping = undefined));
      },
    };
  }

  /** Resolves when every queued event has been written (or given up). */
  async flush(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  /** Stops retries and refuses new events; the queued ones get their first attempt. */
  shutdown(): void {
    this.stopped.abort();
  }

  private async pump(): Promise<void> {
    for (let e = this.queue.shift(); e; e = this.queue.shift()) await this.recordToSink(e);
  }

  private async recordToSink(given: CoreEvent): Promise<void> {
    const result = this.correlator.correlate(given);
    if (result.skip) return;
    const retryDelay = this.opts.retryDelayMs ?? 10_000;
    for (let tries = 1; ; tries++) {
      if (await this.recordEvent(result)) return;
      if (tries >= (this.opts.maxTriesPerEvent ?? 12)) {
        this.log.error(undefined, `Unable to write event '${result.event.metadata.name}' (retry limit exceeded!)`);
        return;
      }
      const delay = tries === 1 ? retryDelay * this.random() : retryDelay;
      if (!(await clockSleep(this.clock, delay, this.stopped.signal))) return;
    }
  }

  /** One write; true when done (written, or rejected for good). */
  private async recordEvent(result: CorrelateResult): Promise<boolean> {
    const event = result.event;
    const client = this.opts.clientFor(event.metadata.namespace ?? 'default');
    try {
      let written: CoreEvent | undefined;
      if (result.patch && (event.count ?? 1) > 1) {
        try {
          written = await client.patch(event.metadata.name ?? '', 'application/strategic-merge-patch+json', result.patch);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      if (!written) {
        const { resourceVersion: _rv, ...metadata } = event.metadata;
        written = await client.create({ ...event, metadata });
      }
      this.correlator.updateState(written);
      return true;
    } catch (err) {
      if (isStatusError(err)) {
        if (err.reason !== 'AlreadyExists') this.log.error(err, `Server rejected event '${event.metadata.name}' (will not retry!)`);
        return true;
      }
      this.log.error(err, `Unable to write event '${event.metadata.name}' (may retry after sleeping)`);
      return false;
    }
  }
}
