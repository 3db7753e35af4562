/**
 * Catch-up: replay at the floor, relist when that is cheaper. A watcher that has fallen far behind the server — its
 * process was paused (SIGSTOP, a frozen VM), its event loop blocked, its watch down — can replay the backlog event by
 * event or drop the watch and relist. Replaying costs one watch frame per change; a relist costs one list of the
 * collection, and a list item costs less to receive and decode than a watch frame (the apiserver writes a list in one
 * response from its watch cache, a watch frame by frame). Controllers are level-triggered, so a relist that hands the
 * handlers the latest state of each object (an informer's replace: adds, updates and deletes computed against its
 * cache, as client-go's DeltaFIFO `Replace`) is as correct as the replay, and much faster when most of the
 * collection changed. client-go always replays; client-node relists by accident (its watch request is aborted).
 *
 * Contract (`WatcherOptions.catchUp`; `false` turns it off: always replay):
 * - only while the watcher is watching (`Watching`: after its list or streaming list, on an open watch); never while
 *   it lists, opens a watch or backs off;
 * - suspicion: a lag timer of the watcher's clock (every `checkIntervalMs`, which never keeps a process alive) that
 *   fires `stallMs` or more late says the process stalled. Nothing else is done on a suspicion but a probe: a stall
 *   alone says nothing about how much changed;
 * - probe: one list of the watcher's collection with `limit=1`, not older than the resourceVersion applied (its
 *   selectors; served at once from the apiserver's watch cache, whose resourceVersion is where the watch stream is, or
 *   from etcd's latest revision — not `resourceVersion=0`, which the watch cache answers with the whole collection
 *   whatever the limit), at most one in flight: its
 *   `metadata.resourceVersion` is where the server is, its items and `remainingItemCount` (when given) how many
 *   objects it holds. A probe that fails changes nothing (logged at V(4), not as an error);
 * - hold: once `minSample` events were applied since the suspicion (so that their density is known), the watch's
 *   further events wait — the watch paused, its backlog left in the socket — until the probe has answered, at most
 *   `checkIntervalMs`: a backlog the decision relists is not replayed meanwhile. Then they are applied (replay) or
 *   dropped with the watch (relist);
 * - decision (`decideCatchUp`, pure): the gap is the server's resourceVersion minus the one applied when the probe
 *   answers — resourceVersions are opaque to clients, so only when both are decimal integers (etcd revisions, what
 *   every apiserver writes), else it replays. The revision counts the writes of every resource of the cluster, so the
 *   gap is an upper bound of the changes to this collection; when the watch applied `minSample` events or more since
 *   the suspicion, their density (events per revision over that span) scales it down. The watcher relists when the
 *   estimated backlog is at least `minBacklog` and at least `relistRatio` × the collection's size (the larger of the
 *   watcher's count and the probe's); otherwise it replays;
 * - relist: the watch is stopped (its undelivered frames are dropped) and a relist starts at once, as after a 410
 *   but with no error and no backoff: a streaming list when the watcher streams, else one unpaginated list not older
 *   than the last resourceVersion applied (the watch cache serves it in one response; paginated, it would be a round
 *   trip a page). Its consumer gets `Init`, `InitApply`…, `InitDone`; a `Reflector` swaps its store, an informer
 *   notifies the differences. Counted as `kubegen_watcher_catchup_relists_total{name}` and logged (info);
 * - a short stall (a backlog under `minBacklog`, or a small share of the collection) always replays.
 */

/** The options of the catch-up policy; every threshold has a default. */
export interface CatchUpOptions {
  /** A lag timer this late (or later) is a stall, and makes the watcher probe; default 2000 ms. */
  stallMs?: number;
  /** How often the lag timer fires; default 1000 ms. */
  checkIntervalMs?: number;
  /**
   * Relist when the backlog is at least this multiple of the collection's size; default 2.5: a relist costs about
   * 2.5 times what replaying one event costs per object (`npm run bench -- informer`, 10,000 CronTabs on kube-apiserver
   * 1.37: replay 13.5k events/s, an unpaginated relist 5.1k objects/s, the same round).
   */
  relistRatio?: number;
  /** Never relist for a backlog below this many events; default 1000. */
  minBacklog?: number;
  /** Events applied since the suspicion needed to trust their density (events per revision); default 200. */
  minSample?: number;
}

/** `CatchUpOptions` with the defaults applied. */
export type CatchUpPolicy = Readonly<Required<CatchUpOptions>>;

export const DEFAULT_CATCH_UP_POLICY: CatchUpPolicy = Object.freeze({ stallMs: 2000, checkIntervalMs: 1000, relistRatio: 2.5, minBacklog: 1000, minSample: 200 });

/** The policy of `opts` (`false`: none), with defaults; throws a one-line error for a threshold out of range. */
export function catchUpPolicyOf(opts: CatchUpOptions | false | undefined): CatchUpPolicy | undefined {
  if (opts === false) return undefined;
  const policy: CatchUpPolicy = { ...DEFAULT_CATCH_UP_POLICY, ...definedOnly(opts ?? {}) };
  const positive = (name: keyof CatchUpPolicy): void => {
    const v = policy[name];
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new RangeError(`catchUp.${name} must be a positive finite number, got ${String(v)}`);
  };
  positive('stallMs');
  positive('checkIntervalMs');
  positive('relistRatio');
  const nonNegative = (name: keyof CatchUpPolicy): void => {
    const v = policy[name];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new RangeError(`catchUp.${name} must be a finite number ≥ 0, got ${String(v)}`);
  };
  nonNegative('minBacklog');
  nonNegative('minSample');
  return policy;
}

function definedOnly(opts: CatchUpOptions): CatchUpOptions {
  const out: CatchUpOptions = {};
  for (const key of ['stallMs', 'checkIntervalMs', 'relistRatio', 'minBacklog', 'minSample'] as const) {
    const v = opts[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** What `decideCatchUp` looks at. */
export interface CatchUpFacts {
  /** The resourceVersion applied when the probe answered. */
  readonly appliedRv: string;
  /** The probe's `metadata.resourceVersion`: where the server is. */
  readonly serverRv: string;
  /** The collection's size: the larger of the watcher's count and the probe's. */
  readonly size: number;
  /** The resourceVersion applied at the suspicion, and the events applied since. */
  readonly suspectedRv: string;
  readonly appliedSince: number;
}

/** The outcome of `decideCatchUp`: relist or replay, the estimated backlog (events) and why. */
export interface CatchUpDecision {
  readonly relist: boolean;
  /** Estimated events still to replay; `NaN` when the resourceVersions are not comparable. */
  readonly backlog: number;
  readonly reason: string;
}

/** A resourceVersion as a number: a decimal integer of at most 15 digits (exact as a double), else `undefined`. */
export function revisionOf(rv: string): number | undefined {
  return /^\d{1,15}$/.test(rv) ? Number(rv) : undefined;
}

/** The decision of the policy; see the module doc. Pure. */
export function decideCatchUp(policy: CatchUpPolicy, facts: CatchUpFacts): CatchUpDecision {
  const applied = revisionOf(facts.appliedRv);
  const server = revisionOf(facts.serverRv);
  if (applied === undefined || server === undefined) return { relist: false, backlog: NaN, reason: 'resourceVersions are not decimal revisions: replay' };
  const gap = Math.max(0, server - applied);
  const suspected = revisionOf(facts.suspectedRv);
  const span = suspected === undefined ? 0 : applied - suspected;
  const density = facts.appliedSince >= policy.minSample && span > 0 ? Math.min(1, facts.appliedSince / span) : 1;
  const backlog = Math.round(gap * density);
  const threshold = Math.max(policy.minBacklog, policy.relistRatio * facts.size);
  if (backlog >= threshold && backlog > 0) return { relist: true, backlog, reason: `backlog ${backlog} ≥ ${Math.ceil(threshold)}: relist` };
  return { relist: false, backlog, reason: `backlog ${backlog} < ${Math.ceil(threshold)}: replay` };
}
