/**
 * The one metrics sink of the runtime (controller-runtime `pkg/metrics`): every long-running stage — reflectors,
 * informers, controllers, their queues, the leader elector — reports through a `Metrics` it is handed (a manager
 * hands its own to everything it runs), so an operator counts into one registry.
 *
 * Contract:
 * - `Metrics.count(name, labels, delta?)` adds 1 (or `delta`) to a counter: what the cache's stages report. Names
 *   are `kubegen_<stage>_<what>_total` (`kubegen_watcher_errors_total{name,phase,reason}`,
 *   `kubegen_informer_handler_errors_total{name}`); labels are a small, bounded set (a stage's name, a phase, an
 *   error reason: never an object name);
 * - `Metrics.gauge?(name, labels, value)` (optional: a sink without it drops gauges) sets a gauge, e.g. the sharder's
 *   `kube_controllerring_status_available_shards{controllerring}`; registered on its first call as the counters are;
 * - `ControllerMetrics` adds what controllers, their work queues and the leader elector report, with
 *   controller-runtime's names (`pkg/internal/controller/metrics`, `pkg/internal/metrics/workqueue.go`,
 *   `pkg/metrics/leaderelection.go`);
 * - implementations never throw;
 * - `noopMetrics` (the default everywhere) records nothing and loads nothing;
 * - `prometheusMetrics(registry?)` loads `prom-client` (an optional peer dependency, ~100 ms and ~12 MB of RSS)
 *   only when called — the manager calls it only when its metrics endpoint is enabled — and registers:
 *   `controller_runtime_reconcile_total{controller,result}` (the four results pre-set to 0 per controller),
 *   `controller_runtime_reconcile_errors_total`, `controller_runtime_terminal_reconcile_errors_total`,
 *   `controller_runtime_reconcile_timeouts_total`, `controller_runtime_reconcile_time_seconds` (40 buckets,
 *   0.005 s to 60 s), `controller_runtime_max_concurrent_reconciles`, `controller_runtime_active_workers`
 *   (label `controller`); `workqueue_depth` (also labelled `priority`), `workqueue_adds_total`, `workqueue_queue_duration_seconds`,
 *   `workqueue_work_duration_seconds` (10⁻⁸ … 10³ s), `workqueue_unfinished_work_seconds`,
 *   `workqueue_longest_running_processor_seconds`, `workqueue_retries_total` (labels `name` and `controller`,
 *   both the controller's name); `leader_election_master_status{name}`; and each stage counter on its first
 *   `count`, labelled by the keys of that first call (a later call with other keys is dropped, never thrown);
 * - `controller_runtime_reconcile_panics_total` is not registered: JavaScript has no panics, every throw is an
 *   error and counted as one.
 */

/** Counters of the runtime's stages (see the module doc for names and labels). */
export interface Metrics {
  count(name: string, labels: Readonly<Record<string, string>>, delta?: number): void;
  gauge?(name: string, labels: Readonly<Record<string, string>>, value: number): void;
}

/** The results of `controller_runtime_reconcile_total`. */
export type ReconcileResultLabel = 'success' | 'error' | 'requeue' | 'requeue_after';

/** Live state of one controller's queue, read when metrics are collected. */
export interface QueueState {
  /** The ready keys, by priority. */
  depthByPriority(): ReadonlyMap<number, number>;
  /** Seconds the items being processed have been processing, summed. */
  unfinishedWorkSeconds(): number;
  /** Seconds the longest-running item has been processing. */
  longestRunningProcessorSeconds(): number;
}

/** What controllers, their work queues and the leader elector report, beside the stages' counters. */
export interface ControllerMetrics extends Metrics {
  /** A controller starts: pre-sets its counters and gauges, and registers its queue's live state. */
  controllerStarted(controller: string, maxConcurrentReconciles: number, queue: QueueState): void;
  reconciled(controller: string, result: ReconcileResultLabel, seconds: number, err?: { terminal: boolean; timeout: boolean }): void;
  activeWorkers(controller: string, delta: number): void;
  queueAdded(controller: string): void;
  queueRetried(controller: string): void;
  queueWaited(controller: string, seconds: number): void;
  queueWorked(controller: string, seconds: number): void;
  leaderElection(name: string, leading: boolean): void;
}

/** Records nothing. */
export const noopMetrics: ControllerMetrics = {
  count: () => undefined,
  controllerStarted: () => undefined,
  reconciled: () => undefined,
  activeWorkers: () => undefined,
  queueAdded: () => undefined,
  queueRetried: () => undefined,
  queueWaited: () => undefined,
  queueWorked: () => undefined,
  leaderElection: () => undefined,
};

/** `count` buckets from `start`, each `factor` times the last (Prometheus' ExponentialBuckets). */
export function exponentialBuckets(start: number, factor: number, count: number): number[] {
  const out: number[] = [];
  let v = start;
  for (let i = 0; i < count; i++) {
    out.push(v);
    v *= factor;
  }
  return out;
}

/** controller-runtime's 40 reconcile time buckets, 0.005 s to 60 s. */
export const RECONCILE_TIME_BUCKETS: readonly number[] = Object.freeze([
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0,
  3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
]);
/** The workqueue duration buckets: 10⁻⁸ … 10³ s, ×10. */
export const WORKQUEUE_BUCKETS: readonly number[] = exponentialBuckets(1e-8, 10, 12);

type PromClient = typeof import('prom-client');

/**
 * A prom-client `Registry`, structurally (so that these declarations type-check without prom-client installed):
 * pass a `new Registry()` of your own prom-client to share it with your metrics.
 */
export interface PromRegistry {
  readonly contentType: string;
  metrics(): Promise<string>;
}

/** A `ControllerMetrics` over prom-client, and the registry to serve. */
export interface PrometheusMetrics extends ControllerMetrics {
  readonly registry: PromRegistry;
  /** The text exposition of every metric of the registry. */
  exposition(): Promise<{ contentType: string; body: string }>;
}

let promModule: PromClient | undefined;

/** Loads prom-client; a one-line error when it is not installed. */
function loadPromClient(): PromClient {
  if (promModule) return promModule;
  try {
    promModule = require('prom-client') as PromClient;
  } catch (err) {
    if ((err as { code?: string }).code === 'MODULE_NOT_FOUND') {
      throw new Error('the metrics endpoint needs prom-client: install it beside @kubegen/runtime (npm i prom-client@^15)', { cause: err });
    }
    throw err;
  }
  return promModule;
}

/** A `ControllerMetrics` over prom-client; see the module doc. Registers into `registry` (default: a new one). */
export function prometheusMetrics(registry?: PromRegistry): PrometheusMetrics {
  const prom = loadPromClient();
  const reg = (registry as import('prom-client').Registry | undefined) ?? new prom.Registry();
  const queues = new Map<string, QueueState>();
  const c = { registers: [reg] };
  const reconcileTotal = new prom.Counter({ name: 'controller_runtime_reconcile_total', help: 'Total number of reconciliations per controller', labelNames: ['controller', 'result'], ...c });
  const reconcileErrors = new prom.Counter({ name: 'controller_runtime_reconcile_errors_total', help: 'Total number of reconciliation errors per controller', labelNames: ['controller'], ...c });
  const terminalErrors = new prom.Counter({ name: 'controller_runtime_terminal_reconcile_errors_total', help: 'Total number of terminal reconciliation errors per controller', labelNames: ['controller'], ...c });
  const timeouts = new prom.Counter({ name: 'controller_runtime_reconcile_timeouts_total', help: 'Total number of reconciliation timeouts per controller', labelNames: ['controller'], ...c });
  const reconcileTime = new prom.Histogram({ name: 'controller_runtime_reconcile_time_seconds', help: 'Length of time per reconciliation per controller', labelNames: ['controller'], buckets: [...RECONCILE_TIME_BUCKETS], ...c });
  const maxConcurrent = new prom.Gauge({ name: 'controller_runtime_max_concurrent_reconciles', help: 'Maximum number of concurrent reconciles per controller', labelNames: ['controller'], ...c });
  const active = new prom.Gauge({ name: 'controller_runtime_active_workers', help: 'Number of currently used workers per controller', labelNames: ['controller'], ...c });
  const ql = ['name', 'controller'] as const;
  // registered with the registry by construction; collect() reads the queues at scrape time
  new prom.Gauge({
    name: 'workqueue_depth',
    help: 'Current depth of workqueue by workqueue and priority',
    labelNames: ['name', 'controller', 'priority'],
    ...c,
    collect() {
      this.reset();
      for (const [name, q] of queues) {
        const byPriority = q.depthByPriority();
        // an empty queue still reports depth 0 at the default priority
        if (byPriority.size === 0) this.set({ name, controller: name, priority: '0' }, 0);
        for (const [priority, n] of byPriority) this.set({ name, controller: name, priority: String(priority) }, n);
      }
    },
  });
  const adds = new prom.Counter({ name: 'workqueue_adds_total', help: 'Total number of adds handled by workqueue', labelNames: ql, ...c });
  const queueLatency = new prom.Histogram({ name: 'workqueue_queue_duration_seconds', help: 'How long in seconds an item stays in workqueue before being requested', labelNames: ql, buckets: [...WORKQUEUE_BUCKETS], ...c });
  const workDuration = new prom.Histogram({ name: 'workqueue_work_duration_seconds', help: 'How long in seconds processing an item from workqueue takes.', labelNames: ql, buckets: [...WORKQUEUE_BUCKETS], ...c });
  new prom.Gauge({
    name: 'workqueue_unfinished_work_seconds',
    help: 'How many seconds of work has been done that is in progress and hasn\'t been observed by work_duration. Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.',
    labelNames: ql,
    ...c,
    collect() {
      for (const [name, q] of queues) this.set({ name, controller: name }, q.unfinishedWorkSeconds());
    },
  });
  new prom.Gauge({
    name: 'workqueue_longest_running_processor_seconds',
    help: 'How many seconds has the longest running processor for workqueue been running.',
    labelNames: ql,
    ...c,
    collect() {
      for (const [name, q] of queues) this.set({ name, controller: name }, q.longestRunningProcessorSeconds());
    },
  });
  const retries = new prom.Counter({ name: 'workqueue_retries_total', help: 'Total number of retries handled by workqueue', labelNames: ql, ...c });
  const leader = new prom.Gauge({ name: 'leader_election_master_status', help: 'Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master. \'name\' is the string used to identify the lease. Please make sure to group by name.', labelNames: ['name'], ...c });

  const stageCounters = new Map<string, { counter: import('prom-client').Counter; labelNames: string }>();
  const stageGauges = new Map<string, { gauge: import('prom-client').Gauge; labelNames: string }>();

  return {
    registry: reg,
    count(name, labels, delta = 1) {
      try {
        const labelNames = Object.keys(labels).sort();
        let entry = stageCounters.get(name);
        if (entry === undefined) {
          entry = { counter: new prom.Counter({ name, help: `kubegen runtime stage counter ${name}`, labelNames, ...c }), labelNames: labelNames.join(',') };
          stageCounters.set(name, entry);
        }
        if (entry.labelNames === labelNames.join(',')) entry.counter.inc({ ...labels }, delta);
      } catch {
        // a name taken by another collector, a bad delta: a metric is never worth the caller's work
      }
    },
    gauge(name, labels, value) {
      try {
        const labelNames = Object.keys(labels).sort();
        let entry = stageGauges.get(name);
        if (entry === undefined) {
          entry = { gauge: new prom.Gauge({ name, help: `kubegen runtime stage gauge ${name}`, labelNames, ...c }), labelNames: labelNames.join(',') };
          stageGauges.set(name, entry);
        }
        if (entry.labelNames === labelNames.join(',')) entry.gauge.set({ ...labels }, value);
      } catch {
        // as count: never the caller's problem
      }
    },
    async exposition() {
      return { contentType: reg.contentType, body: await reg.metrics() };
    },
    controllerStarted(controller, max, queue) {
      for (const result of ['success', 'error', 'requeue', 'requeue_after'] as const) reconcileTotal.inc({ controller, result }, 0);
      reconcileErrors.inc({ controller }, 0);
      terminalErrors.inc({ controller }, 0);
      timeouts.inc({ controller }, 0);
      maxConcurrent.set({ controller }, max);
      active.set({ controller }, 0);
      adds.inc({ name: controller, controller }, 0);
      retries.inc({ name: controller, controller }, 0);
      queues.set(controller, queue);
    },
    reconciled(controller, result, seconds, err) {
      reconcileTotal.inc({ controller, result });
      reconcileTime.observe({ controller }, seconds);
      if (err) {
        reconcileErrors.inc({ controller });
        if (err.terminal) terminalErrors.inc({ controller });
        if (err.timeout) timeouts.inc({ controller });
      }
    },
    activeWorkers(controller, delta) {
      active.inc({ controller }, delta);
    },
    queueAdded(controller) {
      adds.inc({ name: controller, controller });
    },
    queueRetried(controller) {
      retries.inc({ name: controller, controller });
    },
    queueWaited(controller, seconds) {
      queueLatency.observe({ name: controller, controller }, seconds);
    },
    queueWorked(controller, seconds) {
      workDuration.observe({ name: controller, controller }, seconds);
    },
    leaderElection(name, leading) {
      leader.set({ name }, leading ? 1 : 0);
    },
  };
}
