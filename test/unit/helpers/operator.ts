/** Shared pieces of the operator tests: kinds, a fake API server, a recording logger and metrics, settling. */
import type { KubeList, KubeObject, ResourceDescriptor } from '../../../runtime/src/client/types';
import type { ClientFactory } from '../../../runtime/src/controller/manager';
import { newLogger, type LogRecord, type Logger } from '../../../runtime/src/log';
import type { ControllerMetrics, ReconcileResultLabel } from '../../../runtime/src/observe/metrics';
import { Fake } from '../../../runtime/src/testing/fake';

import { settle } from './cache';

export { settle, until } from './cache';

export interface Widget extends KubeObject {
  spec?: { size?: number };
  status?: { ready?: boolean; conditions?: unknown[] };
}
export type WidgetList = KubeList<Widget>;

export const widgets: ResourceDescriptor<Widget, WidgetList> = { group: 'example.com', version: 'v1', resource: 'widgets', kind: 'Widget', namespaced: true, subresources: { status: true } };
export const clusters: ResourceDescriptor = { group: 'example.com', version: 'v1', resource: 'clusters', kind: 'Cluster', namespaced: false };
export const configMaps: ResourceDescriptor = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true };

export function widget(name: string, namespace = 'ns', extra: Partial<Widget> = {}): Widget {
  return { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name, namespace }, ...extra };
}

/** A fake API server whose clients fit `ManagerOptions.clients`. */
export function fakeServer(opts: { allowUnconditionalUpdate?: boolean; clock?: () => Date } = {}) {
  const fake = new Fake({ allowUnconditionalUpdate: opts.allowUnconditionalUpdate ?? true, ...(opts.clock ? { clock: opts.clock } : {}) });
  const clients: ClientFactory = (d, ns) => fake.client(d, ns);
  return { fake, clients };
}

/**
 * The event sinks' retry of transport errors, for both event APIs: the first two event creates on `fake` fail like a
 * broken connection; `emit` records one event; the first retry must come `firstRetryMs` after the failure (not a
 * millisecond sooner), the second 10 s later, and then the write succeeds.
 */
export async function expectTwoTransportRetries(
  fake: Fake,
  clock: { step(ms: number): void },
  sink: { flush(): Promise<void> },
  emit: () => void,
  firstRetryMs: number,
): Promise<void> {
  let failures = 2;
  fake.prependReactor('create', 'events', () => {
    if (failures-- > 0) throw new Error('connection reset');
    return undefined;
  });
  emit();
  await settle();
  clock.step(firstRetryMs - 1);
  await settle();
  expect(failures).toBe(1);
  clock.step(1);
  await settle();
  clock.step(10_000);
  await sink.flush();
  expect(failures).toBe(-1);
}

/** A logger that keeps its records (all verbosities). */
export function recordingLogger(): { logger: Logger; records: LogRecord[] } {
  const records: LogRecord[] = [];
  return { logger: newLogger({ enabled: () => true, write: (r) => records.push(r) }), records };
}

/** Metrics that keep what they were told. */
export function recordingMetrics(): ControllerMetrics & { results: ReconcileResultLabel[]; errors: Array<{ terminal: boolean; timeout: boolean }>; retries: number; adds: number; leader: boolean[]; counts: Map<string, number> } {
  const m = {
    counts: new Map<string, number>(),
    count: (name: string, labels: Readonly<Record<string, string>>, delta = 1) => {
      const key = `${name}${JSON.stringify(labels)}`;
      m.counts.set(key, (m.counts.get(key) ?? 0) + delta);
    },
    results: [] as ReconcileResultLabel[],
    errors: [] as Array<{ terminal: boolean; timeout: boolean }>,
    retries: 0,
    adds: 0,
    leader: [] as boolean[],
    controllerStarted: () => undefined,
    reconciled: (_c: string, r: ReconcileResultLabel, _s: number, err?: { terminal: boolean; timeout: boolean }) => {
      m.results.push(r);
      if (err) m.errors.push(err);
    },
    activeWorkers: () => undefined,
    queueAdded: () => {
      m.adds++;
    },
    queueRetried: () => {
      m.retries++;
    },
    queueWaited: () => undefined,
    queueWorked: () => undefined,
    leaderElection: (_n: string, l: boolean) => void m.leader.push(l),
  };
  return m;
}

/** A promise and its resolver. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
