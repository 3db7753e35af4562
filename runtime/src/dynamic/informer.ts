/**
 * `DynamicSharedInformerFactory`: shared informers of unstructured objects, one per GroupVersionResource (client-go
 * `dynamic/dynamicinformer`), on the same reflector, informer and lister as the typed ones.
 *
 * Contract (that of `SharedInformerFactory`, which it wraps):
 * - one factory watches one namespace (`namespace`, client-go's `NewFilteredDynamicSharedInformerFactory`) or all
 *   (`''`, the default); `tweakListOptions` narrows every list and watch (label and field selectors);
 * - `forResource(gvr)` returns the resource's `GenericInformer` — its `informer()` and a `lister()` over its cache —
 *   creating the informer on first use; later calls return the same informer;
 * - `start(signal)` runs every informer not yet running (informers created later run at the next `start`);
 *   `waitForCacheSync(signal)` answers per resource key (`<group>/<version>/<resource>`); `shutdown()` stops them all
 *   and resolves once they stopped.
 *
 * The dynamic client may be the HTTP one (`DynamicClient`) or the testing fake (`FakeDynamicClient`).
 */

import type { DynamicInterface, Unstructured, UnstructuredList } from '../client/dynamic';
import { dynamicDescriptor } from '../client/dynamic';
import type { GroupVersionResource } from '../rest/paths';
import { SharedInformerFactory, type SharedInformerFactoryOptions } from '../cache/factory';
import type { SharedIndexInformer } from '../cache/informer';
import { Lister } from '../cache/lister';

/** The informer of one resource and a lister over its cache (client-go `informers.GenericInformer`). */
export interface GenericInformer {
  informer(): SharedIndexInformer<Unstructured>;
  lister(): Lister<Unstructured>;
}

export type DynamicSharedInformerFactoryOptions = SharedInformerFactoryOptions;

/** See the module doc. */
export class DynamicSharedInformerFactory {
  private readonly factory: SharedInformerFactory;

  constructor(
    private readonly client: DynamicInterface,
    opts: DynamicSharedInformerFactoryOptions = {},
  ) {
    this.factory = new SharedInformerFactory(opts);
  }

  /** The factory's namespace (`''`: all). */
  get namespace(): string {
    return this.factory.namespace;
  }

  /** The informer and lister of `gvr`, created on first use. */
  forResource(gvr: GroupVersionResource): GenericInformer {
    const ns = this.factory.namespace;
    const descriptor = dynamicDescriptor(gvr, ns);
    const resource = this.client.resource(gvr);
    const informer = this.factory.informerFor<Unstructured, UnstructuredList>(descriptor, ns === '' ? resource : resource.namespace(ns));
    return {
      informer: () => informer,
      lister: () => new Lister(informer.getIndexer(), { group: gvr.group, resource: gvr.resource }),
    };
  }

  /** Runs every informer not yet running, until `signal` aborts or `shutdown()`. */
  start(signal: AbortSignal): void {
    this.factory.start(signal);
  }

  /** Per resource key, whether its informer synced before `signal` aborted. */
  waitForCacheSync(signal: AbortSignal): Promise<Map<string, boolean>> {
    return this.factory.waitForCacheSync(signal);
  }

  /** Stops every informer; resolves once all have stopped. */
  shutdown(): Promise<void> {
    return this.factory.shutdown();
  }
}
