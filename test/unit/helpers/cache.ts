/** Shared pieces of the cache and workqueue tests: a kind, objects, a fake API server, and settling. */
import type { KubeList, KubeObject, ResourceDescriptor } from '../../../runtime/src/client/types';
import { Fake } from '../../../runtime/src/testing/fake';
import { PushWatch } from '../../../runtime/src/watch/stream';
import type { Status } from '../../../runtime/src/errors/status';

export interface Widget extends KubeObject {
  spec?: { size?: number; owner?: string };
}
export type WidgetList = KubeList<Widget>;

export const widgets: ResourceDescriptor = { group: 'example.com', version: 'v1', resource: 'widgets', kind: 'Widget', namespaced: true };
export const gadgets: ResourceDescriptor = { group: 'example.com', version: 'v1', resource: 'gadgets', kind: 'Gadget', namespaced: false };

export function widget(name: string, namespace = 'ns', labels?: Record<string, string>, size?: number): Widget {
  return {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name, namespace, ...(labels ? { labels } : {}) },
    ...(size !== undefined ? { spec: { size } } : {}),
  };
}

export function setup(opts: { historyLimit?: number; namespace?: string } = {}) {
  const fake = new Fake({ allowUnconditionalUpdate: true, ...(opts.historyLimit ? { historyLimit: opts.historyLimit } : {}) });
  const client = fake.client<Widget, WidgetList>(widgets, opts.namespace ?? '');
  const ns = fake.client<Widget, WidgetList>(widgets, 'ns');
  return { fake, client, ns };
}

/** Lets pending promise continuations and immediates run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

/** Settles until `cond` holds; fails after `max` rounds. */
export async function until(cond: () => boolean, what = 'condition', max = 500): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (cond()) return;
    await new Promise<void>((r) => setImmediate(r));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A watch that fails at once with `status` (a watch ERROR event). */
export function failingWatch<T>(status: Status): PushWatch<T> {
  const w = new PushWatch<T>();
  w.error(status);
  w.close();
  return w;
}

export const names = (objs: readonly KubeObject[]): string[] => objs.map((o) => o.metadata?.name ?? '?').sort();
