/**
 * `FakeDynamicClient`: client-go's `dynamic/fake` — the dynamic client served by a `Fake` (its `ObjectTracker`,
 * reactors and recorded actions), so a test of code written against `DynamicInterface` needs no server.
 *
 * Contract:
 * - the kinds it serves are known up front, as client-go's `NewSimpleDynamicClientWithCustomListKinds`: `resources`
 *   (descriptors, with their scope) and `listKinds` (`<group>/<version>/<resource>` → list kind, the kind being the
 *   list kind without `List`; scope follows the call: `namespace(ns)` is namespaced, `resource(gvr)` alone
 *   cluster-wide); each seeded object's kind is known too (its resource guessed from the kind as apimachinery's
 *   `UnsafeGuessKindToResource` does, `Widget` → `widgets`). A resource none of these names is refused by
 *   `resource(gvr)` with an error saying what to pass (client-go panics on its first list);
 * - `fake` shares a `Fake` with other fakes (a generated `FakeClientset`'s `fake`): the typed and dynamic clients
 *   then read and write the same tracker, run the same reactors and record into the same actions;
 * - everything else is `DynamicResourceClient`'s (objects must carry apiVersion and kind) and `FakeClient`'s
 *   (resourceVersions, conflicts, watches, paging, patch types, apply).
 */

import {
  DynamicResourceClient,
  groupVersionKindOf,
  type DynamicInterface,
  type NamespaceableResourceInterface,
  type Unstructured,
  type UnstructuredList,
} from '../../client/dynamic';
import type { ResourceDescriptor } from '../../client/types';
import { getOwn } from '../../meta/own';
import type { GroupVersionResource } from '../../rest/paths';
import { Fake, FakeFront, type FakeOptions } from './fake';

export interface FakeDynamicClientOptions extends Omit<FakeOptions, 'objects'> {
  /** The `Fake` to serve from (shared with a fake clientset); default a new one made with these options. */
  fake?: Fake;
  /** Resources served, with their kind, list kind and scope. */
  resources?: readonly ResourceDescriptor[];
  /** `<group>/<version>/<resource>` → list kind (e.g. `{ 'example.com/v1/widgets': 'WidgetList' }`). */
  listKinds?: Readonly<Record<string, string>>;
  /** Objects to seed; each carries its apiVersion and kind. */
  objects?: readonly Unstructured[];
}

function gvrKeyOf(gvr: GroupVersionResource): string {
  return `${gvr.group}/${gvr.version}/${gvr.resource}`;
}

/** apimachinery's `UnsafeGuessKindToResource`: the lowercase plural of a kind. */
export function guessResourceOfKind(kind: string): string {
  const k = kind.toLowerCase();
  if (k.endsWith('s')) return `${k}es`;
  if (k.endsWith('y')) return `${k.slice(0, -1)}ies`;
  return `${k}s`;
}

/** See the module doc. */
export class FakeDynamicClient extends FakeFront implements DynamicInterface {
  private readonly known = new Map<string, { kind: string; listKind: string; namespaced?: boolean; subresources?: ResourceDescriptor['subresources'] }>();

  constructor(opts: FakeDynamicClientOptions = {}) {
    const { fake, resources = [], listKinds = {}, objects = [], ...fakeOptions } = opts;
    super(fake ?? new Fake(fakeOptions));
    for (const d of resources) {
      this.known.set(gvrKeyOf(d), { kind: d.kind, listKind: d.listKind ?? `${d.kind}List`, namespaced: d.namespaced, ...(d.subresources ? { subresources: d.subresources } : {}) });
      this.fake.tracker.register(d);
    }
    for (const key of Object.keys(listKinds)) {
      const listKind = getOwn(listKinds, key);
      if (typeof listKind !== 'string' || !listKind.endsWith('List') || listKind === 'List') {
        throw new TypeError(`FakeDynamicClient: the list kind of ${key} must be <Kind>List, not ${JSON.stringify(listKind)}`);
      }
      if (!this.known.has(key)) this.known.set(key, { kind: listKind.slice(0, -'List'.length), listKind });
    }
    for (const obj of objects) {
      const gvk = groupVersionKindOf(obj, 'FakeDynamicClient seed');
      const found = [...this.known.entries()].find(([key, k]) => k.kind === gvk.kind && key.startsWith(`${gvk.group}/${gvk.version}/`));
      const resource = found ? found[0].slice(`${gvk.group}/${gvk.version}/`.length) : guessResourceOfKind(gvk.kind);
      const gvr = { group: gvk.group, version: gvk.version, resource };
      if (!found) this.known.set(gvrKeyOf(gvr), { kind: gvk.kind, listKind: `${gvk.kind}List` });
      const ns = obj.metadata?.namespace ?? '';
      this.fake.tracker.add(obj, this.descriptorFor(gvr, ns));
    }
  }

  /** The descriptor the tracker serves `gvr` with, seen from `namespace`. */
  private descriptorFor(gvr: GroupVersionResource, namespace: string): ResourceDescriptor<Unstructured, UnstructuredList> {
    const k = this.known.get(gvrKeyOf(gvr));
    if (!k) {
      throw new TypeError(
        `FakeDynamicClient: no kind is registered for resource ${JSON.stringify(gvrKeyOf(gvr))}: pass it in resources, or in listKinds (e.g. { ${JSON.stringify(gvrKeyOf(gvr))}: "<Kind>List" })`,
      );
    }
    return { ...gvr, kind: k.kind, listKind: k.listKind, namespaced: k.namespaced ?? namespace !== '', ...(k.subresources ? { subresources: k.subresources } : {}) };
  }

  resource(gvr: GroupVersionResource): NamespaceableResourceInterface {
    this.descriptorFor(gvr, '');
    return new DynamicResourceClient((g, ns) => this.fake.client(this.descriptorFor(g, ns), ns), gvr, '');
  }
}
