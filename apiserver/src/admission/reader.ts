/**
 * The `ObjectReader` admission plugins are built with: reads through the server's stores, in the version the
 * descriptor names, at resourceVersion "0" (a plugin's lister: from the watch cache when the server has one, as
 * sample-apiserver's informers; without it, etcd's newest).
 */

import { StatusError, isJsonObject } from '@kubegen/runtime';
import type { KubeList, KubeObject, ResourceDescriptor } from '@kubegen/runtime/client';
import { asDeclared } from '@kubegen/runtime/internal';
import type { Store } from '../registry/store';
import type { ObjectReader } from './plugin';

/** A reader over `stores`, found by `<group>/<resource>`; a resource not served is an error. */
export function storeReader(stores: ReadonlyMap<string, Store>): ObjectReader {
  const storeOf = (d: { group: string; resource: string }): Store => {
    const store = stores.get(`${d.group}/${d.resource}`);
    if (!store) throw new Error(`${d.resource}.${d.group} is not served by this apiserver`);
    return store;
  };
  return {
    async get<T extends KubeObject, L extends KubeList<T>>(resource: ResourceDescriptor<T, L>, name: string, namespace = ''): Promise<T | undefined> {
      try {
        return asDeclared<T>(await storeOf(resource).get({ version: resource.version, namespace }, name, '0'));
      } catch (err) {
        if (err instanceof StatusError && err.code === 404) return undefined;
        throw err;
      }
    },
    async list<T extends KubeObject, L extends KubeList<T>>(resource: ResourceDescriptor<T, L>, namespace = ''): Promise<T[]> {
      const list = await storeOf(resource).list({ version: resource.version, namespace }, { resourceVersion: '0' });
      const items = Array.isArray(list.items) ? list.items : [];
      return items.filter(isJsonObject).map((i) => asDeclared<T>(i));
    },
  };
}
