/**
 * The apply engine behind `kubegen apply`: server-side apply of a set of objects with kubectl's and Helm's
 * guarantees, over `@kubegen/runtime`'s REST client, discovery REST mapper and dynamic client.
 *
 * Apply (`mode: 'apply'`), in this order:
 * 1. Plan — nothing is sent before every object is mapped: each kind is looked up in discovery; a kind the server
 *    does not serve yet is accepted when a CustomResourceDefinition of the set defines it (in that version); every
 *    other unknown kind, a namespace that contradicts `namespace` when it is enforced, and a duplicate object are
 *    errors naming the object's `file:line:column`. Namespaced objects without a namespace get `namespace`;
 *    cluster-scoped objects lose theirs (as kubectl). Objects are sorted in install order (`order.ts`).
 * 2. With an ApplySet (`applySet`, i.e. `--prune`): the parent is read and checked, every object labelled, and the
 *    parent widened to old ∪ new kinds and namespaces (`applyset.ts`).
 * 3. Each object is applied (`PATCH` `application/apply-patch+yaml`, `fieldManager`, `force` for conflicts,
 *    `dryRun=All` in a dry run) after a GET that tells `created` from `serverside-applied` and `unchanged` (same
 *    resourceVersion; in a dry run, no field changed). Before the first object of a kind a CRD of the set defines,
 *    that CRD must be `Established` and `NamesAccepted`; before an object that a webhook applied earlier in this
 *    run intercepts (its admission rules match the object's group and resource; a CRD's conversion webhook, its own
 *    kind; an APIService, its group), the webhook's Service — when it is itself in the set — must have a ready
 *    endpoint (an EndpointSlice endpoint with addresses, not marked unready). Objects the webhooks do not intercept
 *    (a cert-manager Certificate the webhook's pod needs to start) never wait for them. At the end the same waits
 *    cover the CRDs and webhooks no object needed. Each wait is bounded by `timeoutMs`; `wait: false` skips the
 *    webhook waits (CRDs are always waited for when objects of their kinds follow). A dry run waits for nothing: an object whose kind only a CRD
 *    of the set defines is `skipped`, as the server cannot check it.
 * 4. With an ApplySet: members of the parent's previous kinds and namespaces that were not applied now are deleted
 *    (`pruned`), then the parent narrowed to exactly this apply.
 * The first failure stops the run: the error names the object and carries the apiserver's message, and says how
 *    many objects were applied before it; nothing is pruned then.
 *
 * Delete (`mode: 'delete'`): the objects (plus, with an ApplySet, every member it lists, and then the parent
 * itself) are deleted in reverse install order, one kind rank at a time; with `wait` (the default) each rank is
 * gone — bounded by `timeoutMs` — before the next is deleted, so custom resources are finalized while their operator
 * still runs. NotFound is not an error; a kind the server no longer serves has nothing left to delete.
 */

import { setTimeout as sleepMs } from 'node:timers/promises';
import {
  DeferredDiscoveryRESTMapper,
  DiscoveryClient,
  dynamicClient,
  isForbidden,
  isNotFound,
  NoKindMatchError,
  NoResourceMatchError,
  parseGroupVersion,
  StatusError,
  type RestClient,
  type RESTMapper,
  type RESTMapping,
  type Unstructured,
} from '@kubegen/runtime';
import { KubegenError } from '../errors';
import {
  APPLYSET_FIELD_MANAGER,
  APPLYSET_PART_OF_LABEL,
  applySetId,
  formatGroupKind,
  parentObject,
  parseGroupKind,
  parseGroupResource,
  readParent,
  withPartOfLabel,
  type ApplySetContents,
  type ApplySetParent,
} from './applyset';
import { changedPaths } from './diff';
import { formatSource, type Manifest, type ManifestObject } from './manifests';
import { rankPhases, sortForDelete, sortForInstall } from './order';
import { firstLine } from '../text';

export type ApplyOutcome = 'created' | 'serverside-applied' | 'unchanged' | 'pruned' | 'deleted' | 'skipped';

/** One object's result, reported as it happens. */
export interface ApplyResult {
  /** kubectl's name of the object: `deployment.apps/web`, `namespace/demo`. */
  ref: string;
  namespace?: string;
  outcome: ApplyOutcome;
  dryRun: boolean;
  /** Why it was skipped. */
  note?: string;
  /** In a dry run, what would change (see `diff.ts`). */
  changes?: string[];
  /** The line kubectl would print: `deployment.apps/web serverside-applied (server dry run)`. */
  line: string;
}

export interface ApplyManifestsOptions {
  rest: RestClient;
  /** Default: a discovery REST mapper over `rest`. */
  mapper?: RESTMapper;
  manifests: readonly Manifest[];
  /** Default `apply`. */
  mode?: 'apply' | 'delete';
  /** Default `kubegen`. */
  fieldManager?: string;
  /** Take over fields another manager owns (server-side apply conflicts). */
  force?: boolean;
  /** `dryRun=All`: the server validates and admits, nothing is persisted. */
  dryRun?: boolean;
  /** The namespace of namespaced objects that name none (default `default`). */
  namespace?: string;
  /** Objects naming another namespace than `namespace` are errors (kubectl's explicit `--namespace`). */
  enforceNamespace?: boolean;
  /** Apply: prune with this ApplySet; delete: also delete its members and the parent. */
  applySet?: ApplySetParent;
  /** Default true; see the module doc. */
  wait?: boolean;
  /** Bound of each wait, default 120 s. */
  timeoutMs?: number;
  /** Default 250 ms. */
  pollIntervalMs?: number;
  onResult?: (result: ApplyResult) => void;
  signal?: AbortSignal;
  /** Injected for tests. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What a run did. */
export interface ApplySummary {
  results: ApplyResult[];
}

/** A failure of the engine: one line per problem; `results` holds what was done before it. */
export class ApplyError extends KubegenError {
  constructor(
    message: string,
    readonly results: readonly ApplyResult[] = [],
    cause?: unknown,
  ) {
    super(message, 1, cause);
    this.name = 'ApplyError';
  }
}

const CRD_MAPPING: RESTMapping = {
  groupVersionKind: { group: 'apiextensions.k8s.io', version: 'v1', kind: 'CustomResourceDefinition' },
  resource: { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions' },
  namespaced: false,
};
const ENDPOINT_SLICE_MAPPING: RESTMapping = {
  groupVersionKind: { group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice' },
  resource: { group: 'discovery.k8s.io', version: 'v1', resource: 'endpointslices' },
  namespaced: true,
};

/** One object of the plan. */
interface Planned {
  source?: Manifest['source'];
  body: ManifestObject;
  mapping: RESTMapping;
  /** The name of the CRD of the set that defines this kind, when the server does not serve it (yet). */
  definedBySetCrd?: string;
  ref: string;
  namespace: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string field's value, `''` for anything else (server data is not trusted to have the type it should). */
function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function get(o: unknown, ...path: string[]): unknown {
  let v = o;
  for (const k of path) {
    if (!isRecord(v) || !Object.hasOwn(v, k)) return undefined;
    v = v[k];
  }
  return v;
}

/** kubectl's `<kind>.<group>/<name>`, lower-cased kind. */
export function objectRef(group: string, kind: string, name: string): string {
  return `${kind.toLowerCase()}${group === '' ? '' : `.${group}`}/${name}`;
}

/** The line printed for a result. */
export function formatResult(r: Pick<ApplyResult, 'ref' | 'outcome' | 'dryRun' | 'note'>): string {
  const notes = [...(r.dryRun ? ['server dry run'] : []), ...(r.note ? [r.note] : [])];
  return `${r.ref} ${r.outcome}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

function at(p: { source?: Manifest['source'] }): string {
  return p.source ? `${formatSource(p.source)}: ` : '';
}

/** One line of an error a call failed with: the apiserver's Status message, or the error's own first line. */
export function errorLine(err: unknown): string {
  if (err instanceof StatusError) return firstLine(err.message);
  if (err instanceof Error) return firstLine(err.message) || err.name;
  return 'failed';
}

/** The CRDs of a set by `group/kind`, with the versions they serve. */
function crdsOfSet(manifests: readonly Manifest[]): Map<string, { name: string; versions: string[]; plural: string; namespaced: boolean }> {
  const out = new Map<string, { name: string; versions: string[]; plural: string; namespaced: boolean }>();
  for (const { object } of manifests) {
    if (object.kind !== 'CustomResourceDefinition' || parseGroupVersion(object.apiVersion).group !== 'apiextensions.k8s.io') continue;
    const group = get(object, 'spec', 'group');
    const kind = get(object, 'spec', 'names', 'kind');
    const plural = get(object, 'spec', 'names', 'plural');
    const versions = get(object, 'spec', 'versions');
    if (typeof group !== 'string' || typeof kind !== 'string' || typeof plural !== 'string' || !Array.isArray(versions)) continue;
    out.set(`${group}/${kind}`, {
      name: object.metadata.name,
      plural,
      namespaced: get(object, 'spec', 'scope') !== 'Cluster',
      versions: versions.filter((v) => get(v, 'served') === true && typeof get(v, 'name') === 'string').map((v) => get(v, 'name') as string),
    });
  }
  return out;
}

/** A webhook of the set whose Service is in the set too: the object that declares it, and what it intercepts. */
export interface SetWebhook {
  /** `namespace/name` of the Service. */
  service: string;
  /** The ref of the webhook configuration, CRD or APIService. */
  by: string;
  /** Whether a request for an object of this group and resource goes through the webhook. */
  intercepts: (group: string, resource: string) => boolean;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Admission rules (`apiGroups`, `resources`, with `*` and `<resource>/*`) match a group and resource. */
function rulesMatch(rules: unknown, group: string, resource: string): boolean {
  if (!Array.isArray(rules)) return false;
  return rules.some((rule) => {
    const groups = stringList(get(rule, 'apiGroups'));
    const resources = stringList(get(rule, 'resources'));
    return (groups.includes('*') || groups.includes(group)) && resources.some((r) => r === '*' || r === '*/*' || r === resource || r === `${resource}/*`);
  });
}

/**
 * The webhooks of a planned object whose Service is among `services` (`namespace/name`): every webhook of a
 * Mutating- or ValidatingWebhookConfiguration (intercepting what its rules match), a CRD's conversion webhook (its
 * own kind), an APIService (its group).
 */
export function webhooksOf(body: ManifestObject, group: string, services: ReadonlySet<string>, by: string): SetWebhook[] {
  const out: SetWebhook[] = [];
  const add = (ref: unknown, intercepts: SetWebhook['intercepts']) => {
    const ns = get(ref, 'namespace');
    const name = get(ref, 'name');
    if (typeof ns !== 'string' || typeof name !== 'string' || !services.has(`${ns}/${name}`)) return;
    out.push({ service: `${ns}/${name}`, by, intercepts });
  };
  const { kind } = body;
  if (group === 'admissionregistration.k8s.io' && (kind === 'MutatingWebhookConfiguration' || kind === 'ValidatingWebhookConfiguration')) {
    const hooks = get(body, 'webhooks');
    if (Array.isArray(hooks)) {
      for (const h of hooks) {
        const rules = get(h, 'rules');
        add(get(h, 'clientConfig', 'service'), (g, r) => rulesMatch(rules, g, r));
      }
    }
  } else if (group === 'apiextensions.k8s.io' && kind === 'CustomResourceDefinition') {
    const crdGroup = get(body, 'spec', 'group');
    const plural = get(body, 'spec', 'names', 'plural');
    if (get(body, 'spec', 'conversion', 'strategy') === 'Webhook') add(get(body, 'spec', 'conversion', 'webhook', 'clientConfig', 'service'), (g, r) => g === crdGroup && r === plural);
  } else if (group === 'apiregistration.k8s.io' && kind === 'APIService') {
    const apiGroup = get(body, 'spec', 'group');
    add(get(body, 'spec', 'service'), (g) => g === apiGroup);
  }
  return out;
}

/** The Services of the plan, as `namespace/name`. */
function servicesOf(plan: readonly Planned[]): Set<string> {
  return new Set(plan.filter((p) => p.body.kind === 'Service' && p.mapping.groupVersionKind.group === '').map((p) => `${p.namespace}/${p.body.metadata.name}`));
}

function durationText(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000}m` : ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** Runs one apply or delete; see the module doc. Rejects with {@link ApplyError} (one line per problem). */
export async function applyManifests(options: ApplyManifestsOptions): Promise<ApplySummary> {
  return new Engine(options).run();
}

class Engine {
  private readonly rest: RestClient;
  private readonly mapper: RESTMapper;
  private readonly dryRun: boolean;
  private readonly timeoutMs: number;
  private readonly pollMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly results: ApplyResult[] = [];
  private readonly signal: AbortSignal | undefined;

  constructor(private readonly o: ApplyManifestsOptions) {
    this.rest = o.rest;
    this.mapper = o.mapper ?? new DeferredDiscoveryRESTMapper(new DiscoveryClient(o.rest));
    this.dryRun = o.dryRun ?? false;
    this.timeoutMs = o.timeoutMs ?? 120_000;
    this.pollMs = o.pollIntervalMs ?? 250;
    this.now = o.now ?? Date.now;
    this.sleep = o.sleep ?? ((ms, signal) => sleepMs(ms, undefined, signal ? { signal } : {}));
    this.signal = o.signal;
  }

  async run(): Promise<ApplySummary> {
    const deleting = this.o.mode === 'delete';
    const plan = await this.plan(deleting);
    if (deleting) await this.deleteAll(plan);
    else await this.applyAll(plan);
    return { results: this.results };
  }

  private report(r: Omit<ApplyResult, 'line' | 'dryRun'>): void {
    const result: ApplyResult = { ...r, dryRun: this.dryRun, line: '' };
    result.line = formatResult(result);
    this.results.push(result);
    this.o.onResult?.(result);
  }

  private call(): { signal?: AbortSignal } {
    return this.signal ? { signal: this.signal } : {};
  }

  // ---- plan ----

  private async plan(deleting: boolean): Promise<Planned[]> {
    const problems: string[] = [];
    const setCrds = crdsOfSet(this.o.manifests);
    const defaultNs = this.o.namespace || 'default';
    const seen = new Map<string, Manifest>();
    const out: Planned[] = [];
    for (const m of this.o.manifests) {
      const { apiVersion, kind } = m.object;
      const { group, version } = parseGroupVersion(apiVersion);
      let mapping: RESTMapping;
      let definedBySetCrd: string | undefined;
      try {
        mapping = await this.mapper.restMapping({ group, kind }, [version], this.signal);
      } catch (err) {
        if (!(err instanceof NoKindMatchError)) throw new ApplyError(`${at(m)}discovery of ${apiVersion} ${kind} failed: ${errorLine(err)}`, [], err);
        const crd = setCrds.get(`${group}/${kind}`);
        if (deleting) continue; // the kind is not served: no object of it is left
        if (crd && crd.versions.includes(version)) {
          definedBySetCrd = crd.name;
          mapping = { groupVersionKind: { group, version, kind }, resource: { group, version, resource: crd.plural }, namespaced: crd.namespaced };
        } else {
          const hint = crd
            ? `its CustomResourceDefinition ${crd.name} in these manifests does not serve ${version}`
            : 'is its CustomResourceDefinition installed?';
          problems.push(`${at(m)}${err.message} (${hint})`);
          continue;
        }
      }
      const body = structuredClone(m.object);
      let namespace = '';
      const given = typeof body.metadata.namespace === 'string' ? body.metadata.namespace : '';
      if (mapping.namespaced) {
        if (this.o.enforceNamespace && given !== '' && given !== this.o.namespace) {
          problems.push(`${at(m)}the namespace of the object (${given}) does not match --namespace ${this.o.namespace}; pass --namespace ${given} or leave --namespace out`);
          continue;
        }
        namespace = given || defaultNs;
        body.metadata.namespace = namespace;
      } else {
        delete body.metadata.namespace;
      }
      const ref = objectRef(group, kind, body.metadata.name);
      const key = `${group}/${kind}/${namespace}/${body.metadata.name}`;
      const previous = seen.get(key);
      if (previous) {
        problems.push(`${at(m)}${ref}${namespace ? ` in namespace ${namespace}` : ''} is given twice${previous.source ? ` (also at ${formatSource(previous.source)})` : ''}`);
        continue;
      }
      seen.set(key, m);
      out.push({ source: m.source, body, mapping, ref, namespace, ...(definedBySetCrd ? { definedBySetCrd } : {}) });
    }
    if (this.o.applySet && !deleting) {
      const id = applySetId(this.o.applySet);
      for (const p of out) {
        try {
          p.body.metadata.labels = withPartOfLabel(p.body.metadata.labels, id);
        } catch (e) {
          problems.push(`${at(p)}${p.ref}: ${errorLine(e)}`);
        }
      }
    }
    if (problems.length > 0) throw new ApplyError(problems.join('\n'));
    return sortForInstall(out, (p) => p.body.kind);
  }

  // ---- apply ----

  private async applyAll(plan: Planned[]): Promise<void> {
    const applySet = this.o.applySet;
    const wait = this.o.wait ?? true;
    const services = servicesOf(plan);
    /** Webhooks applied in this run whose Service has not been seen ready yet. */
    let pendingHooks: SetWebhook[] = [];
    const readyServices = new Set<string>();
    const awaitHooks = async (hooks: SetWebhook[]) => {
      for (const h of hooks) {
        if (readyServices.has(h.service)) continue;
        await this.waitWebhook(h);
        readyServices.add(h.service);
      }
      pendingHooks = pendingHooks.filter((h) => !readyServices.has(h.service));
    };
    const uids = new Set<string>();
    const crdsApplied: Planned[] = [];
    const crdsReady = new Set<string>();
    let previous: ApplySetContents | undefined;
    let parentWidened = applySet === undefined;
    const parentNamespaceInSet = applySet !== undefined && plan.some((p) => p.body.kind === 'Namespace' && p.mapping.groupVersionKind.group === '' && p.body.metadata.name === applySet.namespace);
    if (applySet) previous = await this.readParent(applySet);
    const widen = async () => {
      if (parentWidened || !applySet) return;
      parentWidened = true;
      const kinds = [...(previous?.groupKinds ?? []), ...plan.map((p) => formatGroupKind(p.mapping.groupVersionKind))];
      await this.applyParent(applySet, kinds, [...(previous?.namespaces ?? []), ...plan.map((p) => p.namespace)]);
    };
    let done = 0;
    for (const p of plan) {
      try {
        if (!parentNamespaceInSet) await widen();
        if (p.definedBySetCrd !== undefined) {
          if (this.dryRun) {
            if (!(await this.served(p))) {
              this.report({ ref: p.ref, ...(p.namespace ? { namespace: p.namespace } : {}), outcome: 'skipped', note: `not checked: its CustomResourceDefinition ${p.definedBySetCrd} is not installed` });
              continue;
            }
          } else if (!crdsReady.has(p.definedBySetCrd)) {
            await this.waitEstablished(p.definedBySetCrd);
            crdsReady.add(p.definedBySetCrd);
          }
        }
        // an object a webhook of this run intercepts waits until the webhook's Service serves (the apiserver calls it)
        if (wait) await awaitHooks(pendingHooks.filter((h) => h.intercepts(p.mapping.groupVersionKind.group, p.mapping.resource.resource)));
        const uid = await this.applyOne(p);
        if (!this.dryRun) pendingHooks.push(...webhooksOf(p.body, p.mapping.groupVersionKind.group, services, p.ref));
        if (uid) uids.add(uid);
        done++;
        if (p.body.kind === 'CustomResourceDefinition' && p.mapping.groupVersionKind.group === 'apiextensions.k8s.io') crdsApplied.push(p);
        if (parentNamespaceInSet && p.body.kind === 'Namespace' && p.body.metadata.name === applySet.namespace) await widen();
      } catch (err) {
        throw this.stopped(err, p, done, plan.length);
      }
    }
    try {
      await widen();
      if (!this.dryRun) {
        for (const c of crdsApplied) {
          if (!crdsReady.has(c.body.metadata.name)) await this.waitEstablished(c.body.metadata.name);
        }
        if (crdsApplied.length > 0) this.mapper.reset();
        if (wait) await awaitHooks(pendingHooks);
      }
      if (applySet) {
        await this.prune(applySet, previous, uids);
        await this.applyParent(applySet, plan.map((p) => formatGroupKind(p.mapping.groupVersionKind)), plan.map((p) => p.namespace));
      }
    } catch (err) {
      if (err instanceof ApplyError) throw new ApplyError(err.message, this.results, err.cause);
      throw new ApplyError(errorLine(err), this.results, err);
    }
  }

  private stopped(err: unknown, p: Planned, done: number, total: number): ApplyError {
    let line = err instanceof ApplyError ? err.message : `${at(p)}${p.ref}${p.namespace ? ` (namespace ${p.namespace})` : ''}: ${errorLine(err)}`;
    if (err instanceof StatusError && err.code === 409 && !this.o.force) line += ' (--force-conflicts takes these fields over)';
    const rest = total - done;
    const summary = `stopped: ${done} of ${total} objects ${this.dryRun ? 'checked' : 'applied'} before this one; ${rest} not ${this.dryRun ? 'checked' : 'applied'}${this.o.applySet ? ', nothing pruned' : ''}`;
    return new ApplyError(`${line}\n${summary}`, this.results, err);
  }

  /** Whether the server serves the planned kind now (a dry run's check of a kind a CRD of the set defines). */
  private async served(p: Planned): Promise<boolean> {
    try {
      const { group, version, kind } = p.mapping.groupVersionKind;
      await this.mapper.restMapping({ group, kind }, [version], this.signal);
      return true;
    } catch (err) {
      if (err instanceof NoKindMatchError) return false;
      throw err;
    }
  }

  private async applyOne(p: Planned): Promise<string | undefined> {
    const client = dynamicClient(this.rest, p.mapping, p.namespace);
    let before: Unstructured | undefined | null;
    try {
      before = await client.get(p.body.metadata.name, this.call());
    } catch (err) {
      if (isNotFound(err)) before = undefined;
      else if (isForbidden(err)) before = null; // may apply without reading: then created / changed is unknown
      else throw err;
    }
    const after = await client.apply(p.body, {
      fieldManager: this.o.fieldManager ?? 'kubegen',
      ...(this.o.force ? { force: true } : {}),
      ...(this.dryRun ? { dryRun: true } : {}),
      ...this.call(),
    });
    const ns = p.namespace ? { namespace: p.namespace } : {};
    if (before === undefined) this.report({ ref: p.ref, ...ns, outcome: 'created' });
    else if (before === null) this.report({ ref: p.ref, ...ns, outcome: 'serverside-applied' });
    else if (this.dryRun) {
      const secret = p.mapping.groupVersionKind.group === '' && p.mapping.groupVersionKind.kind === 'Secret';
      const changes = changedPaths(before, after, { secret });
      this.report({ ref: p.ref, ...ns, outcome: changes.length > 0 ? 'serverside-applied' : 'unchanged', ...(changes.length > 0 ? { changes } : {}) });
    } else {
      const same = before.metadata?.resourceVersion !== undefined && before.metadata.resourceVersion === after.metadata?.resourceVersion;
      this.report({ ref: p.ref, ...ns, outcome: same ? 'unchanged' : 'serverside-applied' });
    }
    const uid = after.metadata?.uid;
    return typeof uid === 'string' ? uid : undefined;
  }

  // ---- waits ----

  private async poll<T>(what: () => string, check: () => Promise<T | undefined>): Promise<T> {
    const deadline = this.now() + this.timeoutMs;
    for (;;) {
      this.signal?.throwIfAborted();
      const v = await check();
      if (v !== undefined) return v;
      if (this.now() >= deadline) throw new ApplyError(`timed out after ${durationText(this.timeoutMs)} waiting for ${what()}`);
      await this.sleep(Math.min(this.pollMs, Math.max(1, deadline - this.now())), this.signal);
    }
  }

  private async waitEstablished(name: string): Promise<void> {
    const crds = dynamicClient(this.rest, CRD_MAPPING);
    let state = 'not found';
    await this.poll(
      () => `customresourcedefinition.apiextensions.k8s.io/${name} to be established (${state})`,
      async () => {
        let crd: Unstructured;
        try {
          crd = await crds.get(name, this.call());
        } catch (err) {
          if (isNotFound(err)) return undefined;
          throw err;
        }
        const conditions = get(crd, 'status', 'conditions');
        const cond = (type: string): unknown => (Array.isArray(conditions) ? (conditions as unknown[]).find((c) => get(c, 'type') === type) : undefined);
        const names = cond('NamesAccepted');
        if (get(names, 'status') === 'False') {
          throw new ApplyError(`customresourcedefinition.apiextensions.k8s.io/${name}: its names were not accepted: ${text(get(names, 'message')) || text(get(names, 'reason'))}`);
        }
        const established = cond('Established');
        state = established ? `Established: ${text(get(established, 'status'))}${text(get(established, 'reason')) ? `, ${text(get(established, 'reason'))}` : ''}` : 'no Established condition yet';
        return get(established, 'status') === 'True' && get(names, 'status') === 'True' ? true : undefined;
      },
    );
    this.mapper.reset();
  }

  private async waitWebhook(hook: SetWebhook): Promise<void> {
    const [namespace, name] = hook.service.split('/');
    const slices = dynamicClient(this.rest, ENDPOINT_SLICE_MAPPING, namespace);
    await this.poll(
      () => `service ${hook.service} (the webhook of ${hook.by}) to have a ready endpoint; --wait=false does not wait`,
      async () => {
        const list = await slices.list({ labelSelector: `kubernetes.io/service-name=${name}`, ...this.call() });
        const ready = list.items.some((slice) => {
          const endpoints = get(slice, 'endpoints');
          return Array.isArray(endpoints) && endpoints.some((e) => get(e, 'conditions', 'ready') !== false && stringList(get(e, 'addresses')).length > 0);
        });
        return ready ? true : undefined;
      },
    );
  }

  // ---- ApplySet ----

  private async readParent(parent: ApplySetParent): Promise<ApplySetContents | undefined> {
    const client = dynamicClient(this.rest, parentMapping(parent), parent.namespace);
    try {
      return readParent(parent, await client.get(parent.name, this.call()));
    } catch (err) {
      if (isNotFound(err)) return undefined;
      if (err instanceof KubegenError) throw new ApplyError(err.message);
      throw new ApplyError(`reading the ApplySet parent ${parent.kind.toLowerCase()}/${parent.name} in namespace ${parent.namespace}: ${errorLine(err)}`, [], err);
    }
  }

  private async applyParent(parent: ApplySetParent, kinds: string[], namespaces: string[]): Promise<void> {
    const client = dynamicClient(this.rest, parentMapping(parent), parent.namespace);
    const body = parentObject(parent, kinds, namespaces) as Unstructured & { metadata: { name: string } };
    const opts = { fieldManager: APPLYSET_FIELD_MANAGER, ...(this.dryRun ? { dryRun: true } : {}), ...this.call() };
    try {
      try {
        await client.apply(body, opts);
      } catch (err) {
        if (!(err instanceof StatusError && err.code === 409)) throw err;
        await client.apply(body, { ...opts, force: true });
      }
    } catch (err) {
      if (isNotFound(err) && this.dryRun) return; // its namespace is created by this (dry) run
      throw new ApplyError(`updating the ApplySet parent ${parent.kind.toLowerCase()}/${parent.name} in namespace ${parent.namespace}: ${errorLine(err)}`, [], err);
    }
  }

  /** The live members of the set in the kinds and namespaces the parent lists. */
  private async members(parent: ApplySetParent, contents: ApplySetContents): Promise<Planned[]> {
    const id = applySetId(parent);
    const mappings: RESTMapping[] = [];
    for (const text of contents.groupKinds) {
      try {
        mappings.push(await this.mapper.restMapping(parseGroupKind(text), [], this.signal));
      } catch (err) {
        if (!(err instanceof NoKindMatchError)) throw err; // a kind no longer served has no members left
      }
    }
    for (const text of contents.groupResources) {
      const gr = parseGroupResource(text);
      try {
        mappings.push(await this.mapper.resourceFor(gr.group, gr.resource, this.signal));
      } catch (err) {
        if (!(err instanceof NoResourceMatchError)) throw err;
      }
    }
    const out: Planned[] = [];
    for (const mapping of mappings) {
      for (const ns of mapping.namespaced ? contents.namespaces : ['']) {
        const client = dynamicClient(this.rest, mapping, ns);
        for await (const item of client.listAll({ labelSelector: `${APPLYSET_PART_OF_LABEL}=${id}`, ...this.call() })) {
          const name = item.metadata?.name;
          if (typeof name !== 'string' || name === '') continue;
          const { group, kind } = mapping.groupVersionKind;
          out.push({
            body: { apiVersion: item.apiVersion ?? '', kind, metadata: { name, ...(ns ? { namespace: ns } : {}), ...(item.metadata?.uid ? { uid: item.metadata.uid } : {}) } },
            mapping,
            ref: objectRef(group, kind, name),
            namespace: mapping.namespaced ? ns : '',
          });
        }
      }
    }
    return out;
  }

  private async prune(parent: ApplySetParent, previous: ApplySetContents | undefined, applied: ReadonlySet<string>): Promise<void> {
    if (!previous) return;
    const stale = (await this.members(parent, previous)).filter((m) => !applied.has(text(m.body.metadata.uid)));
    for (const m of sortForDelete(stale, (x) => x.body.kind)) {
      if (await this.deleteOne(m)) this.report({ ref: m.ref, ...(m.namespace ? { namespace: m.namespace } : {}), outcome: 'pruned' });
    }
  }

  // ---- delete ----

  /** Deletes one object; false when it was not there. */
  private async deleteOne(p: Planned): Promise<boolean> {
    try {
      await dynamicClient(this.rest, p.mapping, p.namespace).delete(p.body.metadata.name, { propagationPolicy: 'Background', ...(this.dryRun ? { dryRun: true } : {}), ...this.call() });
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      // a Namespace already terminating answers a delete with 409 Conflict: it is being deleted, as asked
      if (err instanceof StatusError && err.code === 409 && (await this.beingDeleted(p))) return true;
      throw new ApplyError(`${at(p)}${p.ref}${p.namespace ? ` (namespace ${p.namespace})` : ''}: ${errorLine(err)}`, this.results, err);
    }
  }

  private async beingDeleted(p: Planned): Promise<boolean> {
    try {
      const live = await dynamicClient(this.rest, p.mapping, p.namespace).get(p.body.metadata.name, this.call());
      return text(live.metadata?.deletionTimestamp) !== '';
    } catch {
      return false;
    }
  }

  private async deleteAll(plan: Planned[]): Promise<void> {
    const wait = (this.o.wait ?? true) && !this.dryRun;
    const all = [...plan];
    const applySet = this.o.applySet;
    let parentExists = false;
    if (applySet) {
      const contents = await this.readParent(applySet);
      if (contents) {
        parentExists = true;
        const keys = new Set(all.map((p) => `${p.mapping.groupVersionKind.group}/${p.mapping.groupVersionKind.kind}/${p.namespace}/${p.body.metadata.name}`));
        for (const m of await this.members(applySet, contents)) {
          const key = `${m.mapping.groupVersionKind.group}/${m.mapping.groupVersionKind.kind}/${m.namespace}/${m.body.metadata.name}`;
          if (!keys.has(key)) {
            keys.add(key);
            all.push(m);
          }
        }
      }
    }
    const ordered = sortForDelete(all, (p) => p.body.kind);
    for (const phase of rankPhases(ordered, (p) => p.body.kind)) {
      const deleted: Planned[] = [];
      for (const p of phase) {
        if (await this.deleteOne(p)) {
          deleted.push(p);
          this.report({ ref: p.ref, ...(p.namespace ? { namespace: p.namespace } : {}), outcome: 'deleted' });
        }
      }
      if (wait) await this.waitGone(deleted);
    }
    if (applySet && parentExists) {
      const p: Planned = { body: { apiVersion: 'v1', kind: applySet.kind, metadata: { name: applySet.name } }, mapping: parentMapping(applySet), ref: objectRef('', applySet.kind, applySet.name), namespace: applySet.namespace };
      if (await this.deleteOne(p)) this.report({ ref: p.ref, namespace: p.namespace, outcome: 'deleted' });
    }
  }

  private async waitGone(objects: readonly Planned[]): Promise<void> {
    for (const p of objects) {
      const client = dynamicClient(this.rest, p.mapping, p.namespace);
      let state = '';
      await this.poll(
        () => `${p.ref}${p.namespace ? ` (namespace ${p.namespace})` : ''} to be deleted${state}; --wait=false does not wait`,
        async () => {
          try {
            const live = await client.get(p.body.metadata.name, this.call());
            // a Namespace's finalizers are in its spec (the namespace controller runs them)
            const spec = get(live, 'spec', 'finalizers');
            const finalizers = [...(live.metadata?.finalizers ?? []), ...(Array.isArray(spec) ? spec.filter((f): f is string => typeof f === 'string') : [])];
            const phase = text(get(live, 'status', 'phase'));
            state = finalizers.length > 0 ? ` (it is ${phase || 'being deleted'}, waiting for its finalizers: ${finalizers.join(', ')})` : '';
            return undefined;
          } catch (err) {
            if (isNotFound(err)) return true;
            throw new ApplyError(`${at(p)}${p.ref}: ${errorLine(err)}`, this.results, err);
          }
        },
      ).catch((err: unknown) => {
        throw err instanceof ApplyError ? new ApplyError(err.message, this.results, err.cause) : err;
      });
    }
  }
}

function parentMapping(parent: ApplySetParent): RESTMapping {
  return {
    groupVersionKind: { group: '', version: 'v1', kind: parent.kind },
    resource: { group: '', version: 'v1', resource: parent.resource },
    namespaced: true,
  };
}
