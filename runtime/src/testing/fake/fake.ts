/**
 * `Fake` and `FakeClient`: client-go's `testing.Fake` and generated fake typed clients, for TypeScript.
 *
 * A `Fake` owns an `ObjectTracker` and a reactor chain. Every call of a `FakeClient` becomes an `Action`, is
 * recorded (`actions()`), and is offered to the reactors in order: the first that returns a `Reaction` (or
 * throws) decides the result; when none does, the tracker serves it. So a test can inject an error for one verb
 * and resource, observe calls, or replace the tracker entirely.
 *
 * Differences from client-go, on purpose: the tracker is always the last step, so `addReactor` reactors run
 * (client-go appends them after its catch-all tracker reactor, where they never run); reactors may be async.
 */

import type { Scale } from '../../meta/autoscaling';
import type {
  ApplyOptions,
  CreateOptions,
  DeleteOptions,
  GetOptions,
  SubresourceGetOptions,
  ListOptions,
  PatchOptions,
  PatchType,
  UpdateOptions,
  WatchOptions,
} from '../../rest/options';
import type { GroupVersionResource } from '../../rest/paths';
import { listItems, listPages, withTypeMeta } from '../../client/typed';
import type { ApplyConfiguration, KubeList, KubeObject, PatchBody, ResourceClient, ResourceDescriptor, SubresourceClient } from '../../client/types';
import { newNotFound } from '../../errors/errors';
import type { Watch } from '../../watch/types';
import { jsonClone } from './json';
import { ObjectTracker, type TrackerOptions } from './tracker';

/** client-go's action verbs. `apply` is a `patch` with the apply patch type; `updateStatus` an `update` of `status`. */
export type ActionVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'delete-collection';

interface ActionBase {
  resource: GroupVersionResource;
  /** `''` for cluster-scoped kinds and for all namespaces. */
  namespace: string;
  /** `''`, `'status'`, `'scale'`. */
  subresource: string;
}

export type Action =
  | (ActionBase & { verb: 'get'; name: string; options: GetOptions & Pick<SubresourceGetOptions, 'params'> })
  | (ActionBase & { verb: 'list'; options: ListOptions })
  | (ActionBase & { verb: 'watch'; options: WatchOptions })
  | (ActionBase & { verb: 'create'; object: unknown; options: CreateOptions })
  | (ActionBase & { verb: 'update'; object: unknown; options: UpdateOptions })
  | (ActionBase & { verb: 'patch'; name: string; patchType: PatchType; patch: unknown; options: PatchOptions })
  | (ActionBase & { verb: 'delete'; name: string; options: DeleteOptions })
  | (ActionBase & { verb: 'delete-collection'; options: DeleteOptions; listOptions: ListOptions });

/** What a reactor decides: the call returns `object`, or fails with `error`. */
export interface Reaction {
  object?: unknown;
  error?: unknown;
}

/** Returns a `Reaction` to handle the action, `undefined` to pass it on; throwing fails the call. */
export type ReactionFunc = (action: Action) => Reaction | undefined | Promise<Reaction | undefined>;
/** Returns a `Watch` to handle the watch action, `undefined` to pass it on. */
export type WatchReactionFunc = (action: Action & { verb: 'watch' }) => Watch<unknown> | undefined | Promise<Watch<unknown> | undefined>;

interface Reactor<F> {
  verb: string;
  resource: string;
  fn: F;
}

/** client-go's resourceCovers: `*`, the resource (covering its subresources), or `resource/subresource`. */
function covers(resource: string, action: Action): boolean {
  return (
    resource === '*' ||
    resource === action.resource.resource ||
    (action.subresource !== '' && resource === `${action.resource.resource}/${action.subresource}`)
  );
}

function stripCall<O extends { signal?: AbortSignal; timeoutMs?: number }>(opts: O | undefined): Omit<O, 'signal' | 'timeoutMs'> {
  if (!opts) return {} as Omit<O, 'signal' | 'timeoutMs'>;
  const { signal: _s, timeoutMs: _t, ...rest } = opts;
  return rest;
}

export interface FakeOptions extends TrackerOptions {
  /** Objects to seed, with their descriptors. */
  objects?: ReadonlyArray<readonly [ResourceDescriptor, KubeObject]>;
}

/** A fake API server: a tracker, a reactor chain and a record of actions. */
export class Fake {
  readonly tracker: ObjectTracker;
  private readonly reactors: Reactor<ReactionFunc>[] = [];
  private readonly watchReactors: Reactor<WatchReactionFunc>[] = [];
  private readonly recorded: Action[] = [];

  constructor(opts: FakeOptions = {}) {
    this.tracker = new ObjectTracker(opts);
    for (const [d, obj] of opts.objects ?? []) this.tracker.add(obj, d);
  }

  /**
   * A client of one kind (in `namespace`, `''` for all namespaces or cluster-scoped kinds), typed by its descriptor;
   * `fake.client.bind(fake)` is a `ClientFactory`.
   */
  client<T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, namespace = ''): FakeClient<T, TList> {
    this.tracker.register(d);
    return new FakeClient(this, d, namespace);
  }

  /** Runs `fn` first for actions with this verb (`*` for any) on this resource (`*`, `crontabs`, `crontabs/status`). */
  prependReactor(verb: ActionVerb | '*', resource: string, fn: ReactionFunc): void {
    this.reactors.unshift({ verb, resource, fn });
  }

  /** Runs `fn` after the reactors already added, before the tracker. */
  addReactor(verb: ActionVerb | '*', resource: string, fn: ReactionFunc): void {
    this.reactors.push({ verb, resource, fn });
  }

  prependWatchReactor(resource: string, fn: WatchReactionFunc): void {
    this.watchReactors.unshift({ verb: 'watch', resource, fn });
  }

  addWatchReactor(resource: string, fn: WatchReactionFunc): void {
    this.watchReactors.push({ verb: 'watch', resource, fn });
  }

  /** The actions so far, oldest first (copies). */
  actions(): Action[] {
    return this.recorded.map((a) => ({ ...a }));
  }

  clearActions(): void {
    this.recorded.length = 0;
  }

  /** Records `action`, runs the reactors, and falls back to `serve` (the tracker). */
  async invoke<R>(action: Action, serve: () => R): Promise<R> {
    this.recorded.push(action);
    for (const r of this.reactors) {
      if ((r.verb === '*' || r.verb === action.verb) && covers(r.resource, action)) {
        const reaction = await r.fn(action);
        if (reaction === undefined) continue;
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the reactor's error is thrown as the test gave it (client-go's fake returns it unchanged)
        if (reaction.error !== undefined) throw reaction.error;
        return jsonClone(reaction.object) as R;
      }
    }
    return serve();
  }

  async invokeWatch<T>(action: Action & { verb: 'watch' }, serve: () => Watch<T>): Promise<Watch<T>> {
    this.recorded.push(action);
    for (const r of this.watchReactors) {
      if (covers(r.resource, action)) {
        const w = await r.fn(action);
        if (w !== undefined) return w as Watch<T>;
      }
    }
    return serve();
  }
}

/** The fake `ResourceClient` of one kind, served by a `Fake`. */
export class FakeClient<T extends KubeObject, TList extends KubeList<T>> implements ResourceClient<T, TList>, SubresourceClient {
  constructor(
    readonly fake: Fake,
    readonly descriptor: ResourceDescriptor<T, TList>,
    readonly namespace: string = '',
  ) {}

  private base(subresource = ''): { resource: GroupVersionResource; namespace: string; subresource: string } {
    const d = this.descriptor;
    return {
      resource: { group: d.group, version: d.version, resource: d.resource },
      namespace: d.namespaced ? this.namespace : '',
      subresource,
    };
  }

  private nsOf(obj: KubeObject): string {
    return this.descriptor.namespaced ? this.namespace || obj.metadata?.namespace || '' : '';
  }

  /** As `TypedClient`: by-name verbs of a namespaced kind need the client's namespace. */
  private byNameNamespace(verb: string): string {
    if (this.descriptor.namespaced && !this.namespace) {
      throw new TypeError(`${verb}: ${this.descriptor.resource} is namespaced; a namespace is required`);
    }
    return this.namespace;
  }

  private get tracker(): ObjectTracker {
    return this.fake.tracker;
  }

  create(given: T, opts?: CreateOptions): Promise<T> {
    const obj = withTypeMeta(this.descriptor, given);
    const ns = this.nsOf(obj);
    const o = stripCall(opts);
    return this.fake.invoke<T>({ ...this.base(), namespace: ns, verb: 'create', object: jsonClone(obj), options: o }, () =>
      this.tracker.create(this.descriptor, obj, ns, o) as T,
    );
  }

  update(given: T, opts?: UpdateOptions): Promise<T> {
    const obj = withTypeMeta(this.descriptor, given);
    const ns = this.nsOf(obj);
    const o = stripCall(opts);
    return this.fake.invoke<T>({ ...this.base(), namespace: ns, verb: 'update', object: jsonClone(obj), options: o }, () =>
      this.tracker.update(this.descriptor, obj, ns, o) as T,
    );
  }

  updateStatus(given: T, opts?: UpdateOptions): Promise<T> {
    const obj = withTypeMeta(this.descriptor, given);
    const ns = this.nsOf(obj);
    const o = stripCall(opts);
    return this.fake.invoke<T>({ ...this.base('status'), namespace: ns, verb: 'update', object: jsonClone(obj), options: o }, () =>
      this.tracker.update(this.descriptor, obj, ns, { ...o, subresource: 'status' }) as T,
    );
  }

  async delete(name: string, opts?: DeleteOptions): Promise<void> {
    const o = stripCall(opts);
    await this.fake.invoke({ ...this.base(), verb: 'delete', name, options: o }, () => {
      this.tracker.delete(this.descriptor, this.byNameNamespace('delete'), name, o);
    });
  }

  async deleteCollection(opts?: DeleteOptions, listOpts?: ListOptions): Promise<void> {
    const o = stripCall(opts);
    const l = stripCall(listOpts);
    await this.fake.invoke({ ...this.base(), verb: 'delete-collection', options: o, listOptions: l }, () => {
      this.tracker.deleteCollection(this.descriptor, this.namespace, o, l);
    });
  }

  get(name: string, opts?: GetOptions): Promise<T> {
    return this.fake.invoke<T>({ ...this.base(), verb: 'get', name, options: stripCall(opts) }, () =>
      this.tracker.get(this.descriptor, this.byNameNamespace('get'), name) as T,
    );
  }

  list(opts?: ListOptions): Promise<TList> {
    const o = stripCall(opts);
    return this.fake.invoke<TList>({ ...this.base(), verb: 'list', options: o }, () =>
      this.tracker.list(this.descriptor, this.namespace, o) as TList,
    );
  }

  listPages(opts: ListOptions = {}): AsyncIterable<TList> {
    return listPages((o) => this.list(o), opts);
  }

  listAll(opts: ListOptions = {}): AsyncIterable<T> {
    return listItems(this.listPages(opts));
  }

  watch(opts: WatchOptions = {}): Promise<Watch<T>> {
    return this.fake.invokeWatch<T>({ ...this.base(), verb: 'watch', options: stripCall(opts) }, () =>
      this.tracker.watch(this.descriptor, this.namespace, opts) as Watch<T>,
    );
  }

  patch(name: string, type: PatchType, body: PatchBody<T>, opts?: PatchOptions, ...subresources: string[]): Promise<T> {
    const sub = subresources.join('/');
    const o = stripCall(opts);
    const patch = typeof body === 'string' ? body : jsonClone(body);
    return this.fake.invoke<T>({ ...this.base(sub), verb: 'patch', name, patchType: type, patch, options: o }, () =>
      this.tracker.patch(this.descriptor, this.byNameNamespace('patch'), name, type, patch, { ...o, ...(sub ? { subresource: sub } : {}) }) as T,
    );
  }

  apply(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    return this.applyTo(obj, opts, '');
  }

  applyStatus(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    return this.applyTo(obj, opts, 'status');
  }

  private applyTo(given: ApplyConfiguration<T>, opts: ApplyOptions, sub: string): Promise<T> {
    const obj = withTypeMeta(this.descriptor, given);
    const name = obj.metadata.name;
    const ns = this.nsOf(obj as KubeObject);
    const o = stripCall(opts);
    const patch = jsonClone(obj);
    return this.fake.invoke<T>(
      { ...this.base(sub), namespace: ns, verb: 'patch', name, patchType: 'application/apply-patch+yaml', patch, options: o },
      () =>
        this.tracker.patch(this.descriptor, ns, name, 'application/apply-patch+yaml', patch, { ...o, ...(sub ? { subresource: sub } : {}) }) as T,
    );
  }

  getScale(name: string, opts?: GetOptions): Promise<Scale> {
    return this.fake.invoke<Scale>({ ...this.base('scale'), verb: 'get', name, options: stripCall(opts) }, () =>
      this.tracker.getScale(this.descriptor, this.byNameNamespace('getScale'), name),
    );
  }

  updateScale(name: string, scale: Scale, opts?: UpdateOptions): Promise<Scale> {
    const o = stripCall(opts);
    return this.fake.invoke<Scale>({ ...this.base('scale'), verb: 'update', object: jsonClone(scale), options: o }, () =>
      this.tracker.updateScale(this.descriptor, this.byNameNamespace('updateScale'), name, scale, o),
    );
  }

  /** `status` and `scale` come from the tracker; other subresources only from reactors (else 404). */
  /** Served only by reactors (else 404): the tracker holds no text. */
  getSubresourceText(name: string, subresource: string, opts?: SubresourceGetOptions): Promise<string> {
    return this.fake.invoke<string>({ ...this.base(subresource), verb: 'get', name, options: stripCall(opts) }, () => {
      throw newNotFound({ group: this.descriptor.group, resource: `${this.descriptor.resource}/${subresource}` }, name);
    });
  }

  getSubresource<R>(name: string, subresource: string, opts?: SubresourceGetOptions): Promise<R> {
    return this.fake.invoke<R>({ ...this.base(subresource), verb: 'get', name, options: stripCall(opts) }, () => {
      const ns = this.byNameNamespace('getSubresource');
      if (subresource === 'scale') return this.tracker.getScale(this.descriptor, ns, name) as R;
      if (subresource === 'status' && this.descriptor.subresources?.status) return this.tracker.get(this.descriptor, ns, name) as R;
      throw newNotFound({ group: this.descriptor.group, resource: `${this.descriptor.resource}/${subresource}` }, name);
    });
  }

  /** Served only by reactors (else 404): the tracker has no generic subresource semantics. */
  createSubresource<I, R>(name: string, subresource: string, body: I, opts?: CreateOptions): Promise<R> {
    return this.fake.invoke<R>({ ...this.base(subresource), verb: 'create', object: jsonClone(body), options: stripCall(opts) }, () => {
      throw newNotFound({ group: this.descriptor.group, resource: `${this.descriptor.resource}/${subresource}` }, name);
    });
  }

  /** `status` and `scale` go to the tracker; other subresources only to reactors (else 404). */
  updateSubresource<I, R>(name: string, subresource: string, body: I, opts?: UpdateOptions): Promise<R> {
    const o = stripCall(opts);
    return this.fake.invoke<R>({ ...this.base(subresource), verb: 'update', object: jsonClone(body), options: o }, () => {
      const ns = this.byNameNamespace('updateSubresource');
      if (subresource === 'scale') return this.tracker.updateScale(this.descriptor, ns, name, body as Scale, o) as R;
      if (subresource === 'status' && this.descriptor.subresources?.status) {
        return this.tracker.update(this.descriptor, body as KubeObject, ns, { ...o, subresource: 'status' }) as R;
      }
      throw newNotFound({ group: this.descriptor.group, resource: `${this.descriptor.resource}/${subresource}` }, name);
    });
  }
}

/**
 * What every fake client set shows of its {@link Fake} (client-go's fakes embed `testing.Fake` the same way): the
 * tracker, the recorded actions and the reactor chains — shared by {@link FakeClientset} and the fake dynamic client.
 */
export abstract class FakeFront {
  constructor(readonly fake: Fake) {}

  /** The object tracker behind every client. */
  get tracker(): ObjectTracker {
    return this.fake.tracker;
  }

  /** The actions so far, oldest first. */
  actions(): Action[] {
    return this.fake.actions();
  }

  clearActions(): void {
    this.fake.clearActions();
  }

  /** Runs `fn` first for actions with this verb (`*` for any) on this resource (`*`, `crontabs`, `crontabs/status`). */
  prependReactor(verb: ActionVerb | '*', resource: string, fn: ReactionFunc): void {
    this.fake.prependReactor(verb, resource, fn);
  }

  /** Runs `fn` after the reactors already added, before the tracker. */
  addReactor(verb: ActionVerb | '*', resource: string, fn: ReactionFunc): void {
    this.fake.addReactor(verb, resource, fn);
  }

  prependWatchReactor(resource: string, fn: WatchReactionFunc): void {
    this.fake.prependWatchReactor(resource, fn);
  }

  addWatchReactor(resource: string, fn: WatchReactionFunc): void {
    this.fake.addWatchReactor(resource, fn);
  }
}

/**
 * The part every generated fake clientset shares: a `Fake` serving the group's resources, its tracker, its recorded
 * actions and its reactors. Generated clientsets extend it and add only their version accessors.
 */
export class FakeClientset extends FakeFront {
  constructor(resources: readonly ResourceDescriptor[], options: FakeOptions = {}) {
    super(new Fake(options));
    for (const d of resources) this.fake.tracker.register(d);
  }
}
