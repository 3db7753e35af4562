/**
 * A REST mapper over discovery, after client-go's `restmapper.DeferredDiscoveryRESTMapper` with its shortcut and
 * category expanders: it turns a kind (`apps` / `Deployment`, optionally with versions) into the resource that
 * serves it (`deployments`), its version and its scope — what a client needs to build a path for an object it only
 * knows as YAML — and a resource name as a user types it (`deploy`, `deployments.apps`, `deployments.v1.apps`,
 * `Deployment`, the category `all`) into the same.
 *
 * Contract:
 * - lazy: nothing is read until a mapping is asked for; then the group list (once — with aggregated discovery it
 *   brings every resource list along) and the resource lists of the group versions asked about (each once; all of
 *   them for a name without a group, a short name or a category), shared by concurrent callers;
 * - priority, as client-go's discovery mapper: the core group first, then the groups in the server's order; in a
 *   group its preferred version, then the others in the server's order. `restMapping` without versions, a resource
 *   name matched in several groups (`events`) and a short name several resources have (`ev`: core `events` and
 *   `events.events.k8s.io`) resolve to the first by priority, as kubectl's; the short name case is logged as a
 *   warning naming the others (kubectl's `short name "ev" could also match lower priority resource …`), or is an
 *   {@link AmbiguousResourceError} with `ambiguousShortNames: 'error'`. Two resources of one group version both
 *   answering a name is always an {@link AmbiguousResourceError} naming them;
 * - names: the plural, the singular (the lower-cased kind when the server names no singular), then short names;
 *   `mappingFor` then tries kinds (`Deployment`, `deployment.v1.apps`), as kubectl; a kind matches as given or
 *   lower-cased;
 * - a miss refreshes: when the cached discovery has no match, the group list and that group's resource lists (all
 *   of them for a lookup without a group) are read again — the discovery's own cache invalidated — and the lookup
 *   retried once, so a kind a just-established CustomResourceDefinition introduced is found without a new mapper.
 *   Only then is it a {@link NoKindMatchError} / {@link NoResourceMatchError}, naming what was asked and, when the
 *   discovered names hold close ones, "did you mean …";
 * - `reset()` forgets everything (e.g. after applying CRDs that changed existing kinds' scope or names);
 * - subresources (`deployments/scale`) never match a kind or a name;
 * - discovery failures other than 404 (an unreachable server, a 503 from an aggregated API, a document that does not
 *   parse) are thrown as they are: a failure to discover is not "no such kind". A lookup over every group skips the
 *   group versions that failed when another answers, and throws the first failure when none does.
 */

import type { GroupResource } from '../errors/errors';
import { defaultLogger, type Logger } from '../log';
import type { GroupVersionResource } from '../rest/paths';
import type { APIGroup, APIResource, APIResourceList, DiscoveryInterface } from './discovery';

/** A kind within a group (`''` for the core group). */
export interface GroupKind {
  group: string;
  kind: string;
}

export interface GroupVersionKind extends GroupKind {
  version: string;
}

/**
 * A resource as a user names it (client-go's partially specified `GroupVersionResource`): the name (plural,
 * singular or short), optionally its group (`''` is the core group; absent: any group) and its version (absent: any).
 */
export interface PartialResource {
  resource: string;
  group?: string;
  version?: string;
}

/** How a kind is served: its resource (plural), the version chosen and its scope. */
export interface RESTMapping {
  groupVersionKind: GroupVersionKind;
  resource: GroupVersionResource;
  namespaced: boolean;
}

/** Kind ↔ resource lookups (client-go `meta.RESTMapper`, the calls an apply tool needs). */
export interface RESTMapper {
  /** The mapping of a kind; the first of `versions` the server serves it in, else its group's preferred version, else any. */
  restMapping(gk: GroupKind, versions?: readonly string[], signal?: AbortSignal): Promise<RESTMapping>;
  /** The mapping of a resource name (plural, singular or short name, e.g. `secrets`, `secret`, `cm`) in a group. */
  resourceFor(group: string, resource: string, signal?: AbortSignal): Promise<RESTMapping>;
  /** Forget everything discovered. */
  reset(): void;
}

/** The whole of client-go's `meta.RESTMapper`, with kubectl's shortcut and category expansion. */
export interface FullRESTMapper extends RESTMapper {
  /** Every mapping of a kind: in the versions asked for (in that order), else in every version by priority. */
  restMappings(gk: GroupKind, versions?: readonly string[], signal?: AbortSignal): Promise<RESTMapping[]>;
  /** The mapping of a partially specified resource, by priority. */
  resourceMapping(partial: PartialResource, signal?: AbortSignal): Promise<RESTMapping>;
  /** Every resource a partially specified resource names, by priority. */
  resourcesFor(partial: PartialResource, signal?: AbortSignal): Promise<GroupVersionResource[]>;
  /** The kind a partially specified resource names, by priority. */
  kindFor(partial: PartialResource, signal?: AbortSignal): Promise<GroupVersionKind>;
  /** Every kind a partially specified resource names, by priority. */
  kindsFor(partial: PartialResource, signal?: AbortSignal): Promise<GroupVersionKind[]>;
  /** The resources of a category (`all`), each once, in discovery order; `[]` when no resource has it. */
  expandCategory(category: string, signal?: AbortSignal): Promise<GroupResource[]>;
  /** A resource or kind as kubectl takes it on its command line (`deploy`, `deployments.v1.apps`, `Deployment.apps`). */
  mappingFor(arg: string, signal?: AbortSignal): Promise<RESTMapping>;
  /** kubectl's resource list argument: comma-separated resources, kinds and categories (`all,cm`) → mappings, each once. */
  mappingsFor(args: string, signal?: AbortSignal): Promise<RESTMapping[]>;
}

/** `apps/v1` for a group version, `v1` for the core group. */
export function formatGroupVersion(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** Splits an `apiVersion` (`apps/v1`, `v1`) into group and version. */
export function parseGroupVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** `deployments.apps`, `pods` for the core group: how kubectl names a group resource. */
export function formatGroupResource(gr: GroupResource): string {
  return gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`;
}

/**
 * kubectl's reading of a resource argument (apimachinery `ParseResourceArg`): `a.b.c…` may be resource `a`,
 * version `b`, group `c…` (`fullySpecified`), and is always resource `a` in group `b.c…` (`groupResource`, group
 * `undefined` — any — when there is no dot). The same reading holds for kinds (`Deployment.v1.apps`).
 */
export function parseResourceArg(arg: string): { fullySpecified?: Required<PartialResource>; groupResource: PartialResource } {
  const dot = arg.indexOf('.');
  if (dot < 0) return { groupResource: { resource: arg } };
  const resource = arg.slice(0, dot);
  const rest = arg.slice(dot + 1);
  const groupResource = { resource, group: rest };
  const second = rest.indexOf('.');
  if (second < 0) return { groupResource };
  return { fullySpecified: { resource, version: rest.slice(0, second), group: rest.slice(second + 1) }, groupResource };
}

function formatKinds(kinds: readonly GroupVersionKind[]): string {
  return kinds.map((k) => `kind ${JSON.stringify(k.kind)} in version ${JSON.stringify(formatGroupVersion(k.group, k.version))}`).join(' or ');
}

/** A kind the server does not serve (in the versions asked for). */
export class NoKindMatchError extends Error {
  override readonly name = 'NoKindMatchError';
  constructor(
    readonly groupKind: GroupKind,
    readonly versions: readonly string[],
    /** Served kinds close to the one asked for (the same kind in other versions or groups, near spellings). */
    readonly suggestions: readonly GroupVersionKind[] = [],
  ) {
    super(
      (versions.length === 1 && versions[0] !== undefined
        ? `no matches for kind ${JSON.stringify(groupKind.kind)} in version ${JSON.stringify(formatGroupVersion(groupKind.group, versions[0]))}`
        : `no matches for kind ${JSON.stringify(groupKind.kind)} in group ${JSON.stringify(groupKind.group)}`) +
        (suggestions.length > 0 ? `; did you mean ${formatKinds(suggestions)}?` : ''),
    );
  }
}

/** A resource name the server does not serve. */
export class NoResourceMatchError extends Error {
  override readonly name = 'NoResourceMatchError';
  constructor(
    /** The group asked for; `undefined` when any group would do. */
    readonly group: string | undefined,
    readonly resource: string,
    /** Served resources close to the name asked for, as kubectl takes them (`deployments.apps`). */
    readonly suggestions: readonly string[] = [],
  ) {
    super(
      `the server doesn't have a resource type ${JSON.stringify(group === undefined || group === '' ? resource : `${resource}.${group}`)}` +
        (suggestions.length > 0 ? `; did you mean ${suggestions.map((x) => JSON.stringify(x)).join(' or ')}?` : ''),
    );
  }
}

/** A name that several resources answer, with nothing to choose between them (client-go `AmbiguousResourceError`). */
export class AmbiguousResourceError extends Error {
  override readonly name = 'AmbiguousResourceError';
  constructor(
    readonly partial: PartialResource,
    /** The resources it matches, by priority. */
    readonly matches: readonly GroupVersionResource[],
  ) {
    const asked = partial.group === undefined ? partial.resource : formatGroupResource({ group: partial.group, resource: partial.resource });
    const names = [...new Set(matches.map((m) => `${formatGroupResource(m)} (${formatGroupVersion(m.group, m.version)})`))];
    super(`${JSON.stringify(asked)} matches more than one resource: ${names.join(', ')}; name one with its group (resource.group)`);
  }
}

/** True for a {@link NoKindMatchError} or {@link NoResourceMatchError}. */
export function isNoMatchError(err: unknown): err is NoKindMatchError | NoResourceMatchError {
  return err instanceof NoKindMatchError || err instanceof NoResourceMatchError;
}

/** One resource of a group version, as the mapper indexes it. */
interface Entry {
  group: string;
  version: string;
  resource: APIResource;
}

function nonEmpty<T>(xs: T[]): xs is [T, ...T[]] {
  return xs.length > 0;
}

function mappingOf(e: Entry): RESTMapping {
  const { group, version, resource: r } = e;
  return { groupVersionKind: { group, version, kind: r.kind }, resource: { group, version, resource: r.name }, namespaced: r.namespaced };
}

function gvrOf(e: Entry): GroupVersionResource {
  return { group: e.group, version: e.version, resource: e.resource.name };
}

/** The names a resource answers to: its plural and its singular — the lower-cased kind when the server names none (client-go's guess). */
function answersTo(r: APIResource, name: string): boolean {
  return r.name === name || (r.singularName === '' ? r.kind.toLowerCase() : r.singularName) === name;
}

/** Levenshtein distance, or `max + 1` once it exceeds `max` (linear in the lengths for a fixed `max`). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/** How far a name may be from what was asked to be suggested: a third of its length, 1 to 3 edits. */
function tolerance(name: string): number {
  return Math.max(1, Math.min(3, Math.floor(name.length / 3)));
}

/** Longest name compared for suggestions (Kubernetes names are at most 253 characters; beyond is not a typo). */
const MAX_SUGGESTED_NAME = 253;

export interface DeferredDiscoveryRESTMapperOptions {
  /** Refreshes, resets and ambiguous short names (a warning). Default `defaultLogger()`. */
  logger?: Logger;
  /**
   * A short name several resources have: `'priority'` (default, kubectl's) takes the first by priority and logs a
   * warning naming the others; `'error'` refuses it with an {@link AmbiguousResourceError} naming them all.
   */
  ambiguousShortNames?: 'priority' | 'error';
}

export class DeferredDiscoveryRESTMapper implements FullRESTMapper {
  private groups: Promise<APIGroup[]> | undefined;
  private readonly lists = new Map<string, Promise<APIResourceList | undefined>>();

  private readonly log: Logger;
  private readonly ambiguousShortNames: 'priority' | 'error';
  /** The ambiguous short names warned about (once each, not on every lookup). */
  private readonly warned = new Set<string>();

  /** `logger` (default `defaultLogger()`): cache resets and refreshes after a miss at V(4) as client-go's, ambiguous short names at V(0). */
  constructor(
    private readonly discovery: DiscoveryInterface,
    options: DeferredDiscoveryRESTMapperOptions = {},
  ) {
    this.log = (options.logger ?? defaultLogger()).withName('restmapper');
    this.ambiguousShortNames = options.ambiguousShortNames ?? 'priority';
  }

  reset(): void {
    this.log.v(4).info('discovery cache reset');
    this.groups = undefined;
    this.lists.clear();
    this.discovery.invalidate?.();
  }

  async restMapping(gk: GroupKind, versions: readonly string[] = [], signal?: AbortSignal): Promise<RESTMapping> {
    const [first] = await this.restMappingsOf(gk, versions, true, signal);
    if (first) return first;
    throw await this.noKindMatch(gk, versions.filter((v) => v !== ''), signal);
  }

  async restMappings(gk: GroupKind, versions: readonly string[] = [], signal?: AbortSignal): Promise<RESTMapping[]> {
    const found = await this.restMappingsOf(gk, versions, false, signal);
    if (found.length > 0) return found;
    throw await this.noKindMatch(gk, versions.filter((v) => v !== ''), signal);
  }

  async resourceFor(group: string, resource: string, signal?: AbortSignal): Promise<RESTMapping> {
    return this.resourceMapping({ group, resource }, signal);
  }

  async resourceMapping(partial: PartialResource, signal?: AbortSignal): Promise<RESTMapping> {
    const [first, ...rest] = await this.matching(partial, signal);
    // two resources of the top group version answering one name: nothing decides between them
    const rivals = rest.filter((e) => e.group === first.group && e.version === first.version && e.resource.name !== first.resource.name);
    if (rivals.length > 0) throw new AmbiguousResourceError(partial, [first, ...rivals].map(gvrOf));
    return mappingOf(first);
  }

  async resourcesFor(partial: PartialResource, signal?: AbortSignal): Promise<GroupVersionResource[]> {
    return (await this.matching(partial, signal)).map(gvrOf);
  }

  async kindFor(partial: PartialResource, signal?: AbortSignal): Promise<GroupVersionKind> {
    return (await this.resourceMapping(partial, signal)).groupVersionKind;
  }

  async kindsFor(partial: PartialResource, signal?: AbortSignal): Promise<GroupVersionKind[]> {
    return (await this.matching(partial, signal)).map((e) => mappingOf(e).groupVersionKind);
  }

  async expandCategory(category: string, signal?: AbortSignal): Promise<GroupResource[]> {
    const found = await this.categoryOf(category, signal);
    if (found.length > 0) return found;
    this.invalidate(undefined);
    return this.categoryOf(category, signal);
  }

  /** The group resources of a category in what discovery holds (no refresh), each once, in discovery order. */
  private async categoryOf(category: string, signal?: AbortSignal): Promise<GroupResource[]> {
    const seen = new Set<string>();
    const out: GroupResource[] = [];
    for (const e of await this.allEntries(signal)) {
      if (e.resource.name.includes('/') || !(e.resource.categories ?? []).includes(category)) continue;
      const key = `${e.group}/${e.resource.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ group: e.group, resource: e.resource.name });
    }
    return out;
  }

  async mappingFor(arg: string, signal?: AbortSignal): Promise<RESTMapping> {
    const { fullySpecified, groupResource } = parseResourceArg(arg);
    // as kubectl's builder: a resource first (fully specified, then resource.group), then a kind
    if (fullySpecified) {
      const m = await this.orNoMatch(this.resourceMapping(fullySpecified, signal));
      if (m) return m;
    }
    const byResource = await this.orNoMatch(this.resourceMapping(groupResource, signal));
    if (byResource) return byResource;
    // then a kind, read the same way; the lookups above refreshed what these read: no second refresh
    if (fullySpecified) {
      const { resource: kind, version, group } = fullySpecified;
      const [m] = await this.restMappingsOf({ group, kind }, [version], true, signal, false);
      if (m) return m;
    }
    const { resource: kind, group } = groupResource;
    const m = group === undefined ? await this.kindInAnyGroup(kind, signal) : (await this.restMappingsOf({ group, kind }, [], true, signal, false))[0];
    if (m) return m;
    throw new NoResourceMatchError(groupResource.group, groupResource.resource, await this.resourceSuggestions(groupResource, signal));
  }

  async mappingsFor(args: string, signal?: AbortSignal): Promise<RESTMapping[]> {
    const out: RESTMapping[] = [];
    const seen = new Set<string>();
    const add = (m: RESTMapping): void => {
      const key = `${m.resource.group}/${m.resource.resource}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(m);
    };
    for (const arg of args.split(',')) {
      const name = arg.trim();
      if (name === '') throw new TypeError(`empty resource name in ${JSON.stringify(args)}`);
      // a category first, as kubectl's; a name that is none is looked up (refreshing on a miss), then a category
      // the refresh brought is taken
      let category = name.includes('.') ? [] : await this.categoryOf(name, signal);
      if (category.length === 0) {
        try {
          add(await this.mappingFor(name, signal));
          continue;
        } catch (err) {
          if (!(err instanceof NoResourceMatchError) || name.includes('.')) throw err;
          category = await this.categoryOf(name, signal);
          if (category.length === 0) throw err;
        }
      }
      for (const gr of category) add(await this.resourceMapping(gr, signal));
    }
    return out;
  }

  /** The value of a lookup, or undefined when it is no match (any other failure is thrown). */
  private async orNoMatch<T>(p: Promise<T>): Promise<T | undefined> {
    try {
      return await p;
    } catch (err) {
      if (isNoMatchError(err)) return undefined;
      throw err;
    }
  }

  /** A kind without a group (`deployment`, `Deployment`): the first group by priority that serves it. */
  private async kindInAnyGroup(kind: string, signal?: AbortSignal): Promise<RESTMapping | undefined> {
    const found = (await this.allEntries(signal)).find((e) => !e.resource.name.includes('/') && (e.resource.kind === kind || e.resource.kind.toLowerCase() === kind));
    return found ? mappingOf(found) : undefined;
  }

  /**
   * Drops the group list and the cached resource lists of one group (every group: `undefined`), and asks the
   * discovery to forget its cached documents.
   */
  private invalidate(group: string | undefined): void {
    this.log.v(4).info('no match in the cached discovery: reading the group again', { group: group ?? '*' });
    this.groups = undefined;
    const prefix = group === undefined || group === '' ? undefined : `${group}/`;
    for (const gv of [...this.lists.keys()]) {
      if (group === undefined || (prefix === undefined ? !gv.includes('/') : gv.startsWith(prefix))) this.lists.delete(gv);
    }
    this.discovery.invalidate?.();
  }

  private serverGroups(signal?: AbortSignal): Promise<APIGroup[]> {
    if (!this.groups) {
      const d = this.discovery;
      const p: Promise<APIGroup[]> = d.groupsAndMaybeResources
        ? d.groupsAndMaybeResources(signal).then((answer) => {
            // the lists that came along (aggregated discovery): unless a reset came first
            if (this.groups === p) for (const [gv, list] of answer.resources) this.lists.set(gv, Promise.resolve(list));
            return answer.groups;
          })
        : d.serverGroups(signal);
      this.groups = p;
      // a failed read is not cached: the next call asks again
      p.catch(() => {
        if (this.groups === p) this.groups = undefined;
      });
    }
    return this.groups;
  }

  private resources(groupVersion: string, signal?: AbortSignal): Promise<APIResourceList | undefined> {
    let p = this.lists.get(groupVersion);
    if (!p) {
      const q = this.discovery.serverResourcesForGroupVersion(groupVersion, signal);
      this.lists.set(groupVersion, q);
      q.catch(() => {
        if (this.lists.get(groupVersion) === q) this.lists.delete(groupVersion);
      });
      p = q;
    }
    return p;
  }

  /** The groups by priority: the core group first, then the server's order. */
  private async groupsByPriority(signal?: AbortSignal): Promise<APIGroup[]> {
    const groups = await this.serverGroups(signal);
    return [...groups.filter((g) => g.name === ''), ...groups.filter((g) => g.name !== '')];
  }

  /** A group's versions by priority: the preferred one, then the others in the server's order. */
  private static versionsOf(g: APIGroup): string[] {
    const served = g.versions.map((v) => v.version);
    return served.includes(g.preferredVersion.version) ? [g.preferredVersion.version, ...served.filter((v) => v !== g.preferredVersion.version)] : served;
  }

  /** The versions to look in: those asked for that the group serves (in that order), else all by priority. */
  private async candidateVersions(group: string, wanted: readonly string[], signal?: AbortSignal): Promise<string[]> {
    const g = (await this.serverGroups(signal)).find((x) => x.name === group);
    if (!g) return [];
    const ordered = DeferredDiscoveryRESTMapper.versionsOf(g);
    return wanted.length > 0 ? wanted.filter((v) => ordered.includes(v)) : ordered;
  }

  /** The entries of one group version (none when it is not served). */
  private async entriesOf(group: string, version: string, signal?: AbortSignal): Promise<Entry[]> {
    const list = await this.resources(formatGroupVersion(group, version), signal);
    return (list?.resources ?? []).map((resource) => ({ group, version, resource }));
  }

  /** The entries of one group (every group: `undefined`), by priority. Failed group versions of a scan of every group are skipped unless all fail. */
  private async entriesIn(group: string | undefined, version: string | undefined, signal?: AbortSignal): Promise<Entry[]> {
    if (group !== undefined) {
      const versions = await this.candidateVersions(group, version === undefined ? [] : [version], signal);
      return (await Promise.all(versions.map((v) => this.entriesOf(group, v, signal)))).flat();
    }
    const gvs = (await this.groupsByPriority(signal)).flatMap((g) => DeferredDiscoveryRESTMapper.versionsOf(g).filter((v) => version === undefined || v === version).map((v) => ({ group: g.name, version: v })));
    const failures: unknown[] = [];
    const read = await Promise.all(
      gvs.map(async ({ group: g, version: v }) => {
        try {
          return await this.entriesOf(g, v, signal);
        } catch (err) {
          if (signal?.aborted) throw err;
          this.log.v(1).info('could not read a group version: skipped', { groupVersion: formatGroupVersion(g, v), error: err instanceof Error ? err.message : 'unknown' });
          failures.push(err);
          return [];
        }
      }),
    );
    const entries = read.flat();
    const [firstFailure] = failures;
    if (entries.length === 0 && failures.length > 0) throw firstFailure;
    return entries;
  }

  /** Every group version's entries, by priority. */
  private allEntries(signal?: AbortSignal): Promise<Entry[]> {
    return this.entriesIn(undefined, undefined, signal);
  }

  /** The mappings of a kind (the first only: `firstOnly`); on a miss, one refresh unless `refresh` is false. */
  private async restMappingsOf(gk: GroupKind, versions: readonly string[], firstOnly: boolean, signal?: AbortSignal, refresh = true): Promise<RESTMapping[]> {
    const wanted = versions.filter((v) => v !== '');
    const find = async (): Promise<RESTMapping[]> => {
      const out: RESTMapping[] = [];
      for (const version of await this.candidateVersions(gk.group, wanted, signal)) {
        const r = (await this.entriesOf(gk.group, version, signal)).find((e) => !e.resource.name.includes('/') && (e.resource.kind === gk.kind || e.resource.kind.toLowerCase() === gk.kind));
        if (r) out.push(mappingOf(r));
        if (r && firstOnly) break;
      }
      return out;
    };
    const found = await find();
    if (found.length > 0 || !refresh) return found;
    this.invalidate(gk.group);
    return find();
  }

  /** The entries a partial resource names, by priority; one refresh on a miss, then a {@link NoResourceMatchError}. */
  private async matching(partial: PartialResource, signal?: AbortSignal): Promise<[Entry, ...Entry[]]> {
    const found = await this.match(partial, signal);
    if (nonEmpty(found)) return found;
    this.invalidate(partial.group);
    const again = await this.match(partial, signal);
    if (nonEmpty(again)) return again;
    throw new NoResourceMatchError(partial.group, partial.resource, await this.resourceSuggestions(partial, signal));
  }

  private async match(partial: PartialResource, signal?: AbortSignal): Promise<Entry[]> {
    const name = partial.resource.toLowerCase();
    const entries = (await this.entriesIn(partial.group, partial.version, signal)).filter((e) => !e.resource.name.includes('/'));
    // the plural or the singular: any group that has it, by priority (kubectl's `events` is core's)
    const byName = entries.filter((e) => answersTo(e.resource, name));
    if (byName.length > 0) return byName;
    // a short name: the group resources that have it
    const byShort = entries.filter((e) => e.resource.shortNames.includes(name));
    const [first] = byShort;
    if (!first) return [];
    const others = byShort.filter((e) => e.group !== first.group || e.resource.name !== first.resource.name);
    if (others.length > 0) {
      const names = [...new Set(others.map((e) => formatGroupResource({ group: e.group, resource: e.resource.name })))];
      if (this.ambiguousShortNames === 'error') throw new AmbiguousResourceError(partial, byShort.map(gvrOf));
      const warning = `${name}\n${names.join(',')}`;
      if (!this.warned.has(warning)) {
        this.warned.add(warning);
        this.log.info(`short name ${JSON.stringify(name)} could also match lower priority resource ${names.join(', ')}`, { shortName: name, resource: formatGroupResource({ group: first.group, resource: first.resource.name }) });
      }
    }
    return byShort.filter((e) => e.group === first.group && e.resource.name === first.resource.name);
  }

  /** Served resource names close to `partial`, as kubectl takes them; only from what discovery has read. */
  private async resourceSuggestions(partial: PartialResource, signal?: AbortSignal): Promise<string[]> {
    const name = partial.resource.toLowerCase();
    if (name.length > MAX_SUGGESTED_NAME) return [];
    const max = tolerance(name);
    const scored = new Map<string, number>();
    let entries: Entry[];
    try {
      entries = await this.loadedEntries(signal);
    } catch {
      return [];
    }
    for (const e of entries) {
      if (e.resource.name.includes('/')) continue;
      const sameGroup = partial.group === undefined || partial.group === e.group;
      const nameDistance = Math.min(...[e.resource.name, e.resource.singularName, ...e.resource.shortNames].filter((n) => n !== '').map((n) => distance(name, n, max)));
      // a near spelling in the group asked for, or the very name in another group
      const d = sameGroup ? nameDistance : nameDistance === 0 ? 0 : max + 1;
      if (d > max) continue;
      const label = formatGroupResource({ group: e.group, resource: e.resource.name });
      if (!scored.has(label) || (scored.get(label) ?? max) > d) scored.set(label, d);
    }
    return [...scored].sort((a, b) => a[1] - b[1]).slice(0, 3).map(([label]) => label);
  }

  /** The NoKindMatchError of a kind, with the served kinds close to it. */
  private async noKindMatch(gk: GroupKind, versions: readonly string[], signal?: AbortSignal): Promise<NoKindMatchError> {
    if (gk.kind.length > MAX_SUGGESTED_NAME) return new NoKindMatchError(gk, versions);
    const asked = gk.kind.toLowerCase();
    const max = tolerance(asked);
    let entries: Entry[];
    try {
      // the group's own lists (its kinds in other versions, near spellings), then whatever else was read
      await this.entriesIn(gk.group, undefined, signal);
      entries = await this.loadedEntries(signal);
    } catch {
      return new NoKindMatchError(gk, versions);
    }
    const scored: { kind: GroupVersionKind; d: number }[] = [];
    const seen = new Set<string>();
    for (const e of entries) {
      if (e.resource.name.includes('/')) continue;
      const d = distance(asked, e.resource.kind.toLowerCase(), max);
      // the kind in another version or group, or a near spelling in the group asked for
      if (d > max || (d > 0 && e.group !== gk.group)) continue;
      const key = `${e.group}/${e.version}/${e.resource.kind}`;
      if (seen.has(key)) continue;
      seen.add(key);
      scored.push({ kind: { group: e.group, version: e.version, kind: e.resource.kind }, d });
    }
    scored.sort((a, b) => a.d - b.d);
    return new NoKindMatchError(gk, versions, scored.slice(0, 3).map((s) => s.kind));
  }

  /** The entries of the resource lists read so far (no request beyond the group list), by priority. */
  private async loadedEntries(signal?: AbortSignal): Promise<Entry[]> {
    const out: Entry[] = [];
    for (const g of await this.groupsByPriority(signal)) {
      for (const v of DeferredDiscoveryRESTMapper.versionsOf(g)) {
        const p = this.lists.get(formatGroupVersion(g.name, v));
        const list = p ? await p.catch(() => undefined) : undefined;
        for (const resource of list?.resources ?? []) out.push({ group: g.name, version: v, resource });
      }
    }
    return out;
  }
}
