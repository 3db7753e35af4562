/**
 * The builder's side of `withSharding` (see `@kubegen/runtime/sharding`, ../sharding/shard.ts): the `for`
 * predicate that lets drains through, and the reconciler that acknowledges them before the user's runs.
 */

import type { Informer } from '../cache/multinamespace';
import type { KubeList, KubeObject, ResourceClient } from '../client/types';
import { isNotFound } from '../errors/errors';
import type { Logger } from '../log';
import { drainLabel, shardLabel } from '../sharding/names';
import { isDrained, shardDecision, type ShardOptions } from '../sharding/shard';
import { and, newPredicateFuncs, or, type Predicate } from './predicates';
import { requestKey, type Reconciler, type Request, type Result } from './reconcile';

/** The `for` predicate of a shard: a drained object always passes, anything else passes `predicates` (all of them). */
export function shardPredicate<T extends KubeObject>(ring: string, predicates: readonly Predicate<T>[]): Predicate<T> {
  return or<T>(newPredicateFuncs<T>((o) => isDrained(o, ring)), and<T>(...predicates));
}

/** What the shard's reconciler reads and writes. */
export interface ShardAccess<T extends KubeObject> {
  /** The shard's informer of the `for` kind (its cache holds the shard's objects). */
  informer(signal: AbortSignal): Promise<Informer<T>>;
  /** The direct client of the `for` kind in a namespace. */
  client(namespace: string, signal: AbortSignal): Promise<Pick<ResourceClient<T, KubeList<T>>, 'patch'>>;
}

/**
 * The user's reconciler behind the drain check: an object not in the shard's cache or assigned elsewhere is left
 * alone; a drained one has both labels removed (conditional on the cached resourceVersion) and is not reconciled.
 */
export function shardReconciler<T extends KubeObject>(access: ShardAccess<T>, opts: Pick<ShardOptions, 'ring' | 'shardName'>, inner: Reconciler, logger: Logger): Reconciler {
  const log = logger.withValues({ ring: opts.ring, shard: opts.shardName });
  return {
    reconcile: async (req: Request, signal: AbortSignal): Promise<Result | undefined> => {
      const informer = await access.informer(signal);
      const obj = informer.getIndexer().getByKey(requestKey(req));
      const decision = shardDecision(obj, opts.ring, opts.shardName);
      if (decision === 'not-ours') {
        log.v(1).info('ignoring object: not assigned to this shard', { namespace: req.namespace, name: req.name });
        return undefined;
      }
      if (decision === 'drain') {
        const body = {
          metadata: {
            ...(obj?.metadata?.resourceVersion !== undefined ? { resourceVersion: obj.metadata.resourceVersion } : {}),
            labels: { [shardLabel(opts.ring)]: null, [drainLabel(opts.ring)]: null },
          },
        };
        try {
          const client = await access.client(req.namespace, signal);
          await client.patch(req.name, 'application/merge-patch+json', JSON.stringify(body), { signal });
        } catch (err) {
          if (isNotFound(err)) return undefined;
          throw err;
        }
        log.v(1).info('drained object', { namespace: req.namespace, name: req.name });
        return undefined;
      }
      return (await inner.reconcile(req, signal)) ?? undefined;
    },
  };
}
