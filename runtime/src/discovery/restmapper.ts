/**
 * A REST mapper over discovery, after client-go's `restmapper.DeferredDiscoveryRESTMapper`: it turns a kind
 * (`apps` / `Deployment`, optionally with versions) into the resource that serves it (`deployments`), its version
 * and its scope — what a client needs to build a path for an object it only knows as YAML.
 *
 * Contract:
 * - lazy: nothing is read until a mapping is asked for; then only `/api` + `/apis` (once) and the resource lists of
 *   the group versions asked about (each once), shared by concurrent callers;
 * - a miss refreshes: when the cached discovery has no match, the group list and that group's resource lists are
 *   read again and the lookup retried once (client-go resets the whole cache and retries, to the same effect) — so
 *   a kind a just-established CustomResourceDefinition introduced is found without a new mapper. Only then is it a
 *   {@link NoKindMatchError} (`no matches for kind "Foo" in version "example.com/v1"`);
 * - `reset()` forgets everything (e.g. after applying CRDs that changed existing kinds' scope or names);
 * - subresources (`deployments/scale`) never match a kind;
 * - discovery failures other than 404 (an unreachable server, a 503 from an aggregated API) are thrown as they are:
 *   a failure to discover is not "no such kind".
 */

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

/** `apps/v1` for a group version, `v1` for the core group. */
export function formatGroupVersion(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** Splits an `apiVersion` (`apps/v1`, `v1`) into group and version. */
export function parseGroupVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** A kind the server does not serve (in the versions asked for). */
export class NoKindMatchError extends Error {
  override readonly name = 'NoKindMatchError';
  constructor(
    readonly groupKind: GroupKind,
    readonly versions: readonly string[],
  ) {
    super(
      versions.length === 1 && versions[0] !== undefined
        ? `no matches for kind ${JSON.stringify(groupKind.kind)} in version ${JSON.stringify(formatGroupVersion(groupKind.group, versions[0]))}`
        : `no matches for kind ${JSON.stringify(groupKind.kind)} in group ${JSON.stringify(groupKind.group)}`,
    );
  }
}

/** A resource name the server does not serve. */
export class NoResourceMatchError extends Error {
  override readonly name = 'NoResourceMatchError';
  constructor(
    readonly group: string,
    readonly resource: string,
  ) {
    super(`the server doesn't have a resource type ${JSON.stringify(group === '' ? resource : `${resource}.${group}`)}`);
  }
}

/** True for a {@link NoKindMatchError} or {@link NoResourceMatchError}. */
export function isNoMatchError(err: unknown): err is NoKindMatchError | NoResourceMatchError {
  return err instanceof NoKindMatchError || err instanceof NoResourceMatchError;
}

function mappingOf(r: APIResource, group: string, version: string): RESTMapping {
  const g = r.group ?? group;
  const v = r.version ?? version;
  return { groupVersionKind: { group: g, version: v, kind: r.kind }, resource: { group: g, version: v, resource: r.name }, namespaced: r.namespaced };
}

export class DeferredDiscoveryRESTMapper implements RESTMapper {
  private groups: Promise<APIGroup[]> | undefined;
  private readonly lists = new Map<string, Promise<APIResourceList | undefined>>();

  private readonly log: Logger;

  /** `logger` (default `defaultLogger()`): cache resets and refreshes after a miss, at V(4) as client-go's. */
  constructor(
    private readonly discovery: DiscoveryInterface,
    options: { logger?: Logger } = {},
  ) {
    this.log = (options.logger ?? defaultLogger()).withName('restmapper');
  }

  reset(): void {
    this.log.v(4).info('discovery cache reset');
    this.groups = undefined;
    this.lists.clear();
  }

  async restMapping(gk: GroupKind, versions: readonly string[] = [], signal?: AbortSignal): Promise<RESTMapping> {
    const wanted = versions.filter((v) => v !== '');
    const found = (await this.findKind(gk, wanted, signal)) ?? (this.invalidate(gk.group), await this.findKind(gk, wanted, signal));
    if (found) return found;
    throw new NoKindMatchError(gk, wanted);
  }

  async resourceFor(group: string, resource: string, signal?: AbortSignal): Promise<RESTMapping> {
    const name = resource.toLowerCase();
    const found = (await this.findResource(group, name, signal)) ?? (this.invalidate(group), await this.findResource(group, name, signal));
    if (found) return found;
    throw new NoResourceMatchError(group, resource);
  }

  /** Drops the group list and the cached resource lists of one group. */
  private invalidate(group: string): void {
    this.log.v(4).info('no match in the cached discovery: reading the group again', { group });
    this.groups = undefined;
    const prefix = group === '' ? undefined : `${group}/`;
    for (const gv of [...this.lists.keys()]) {
      if (prefix === undefined ? !gv.includes('/') : gv.startsWith(prefix)) this.lists.delete(gv);
    }
  }

  private serverGroups(signal?: AbortSignal): Promise<APIGroup[]> {
    if (!this.groups) {
      const p = this.discovery.serverGroups(signal);
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

  /** The versions to look in: those asked for that the group serves, else preferred first then the others. */
  private async candidateVersions(group: string, wanted: readonly string[], signal?: AbortSignal): Promise<string[]> {
    const g = (await this.serverGroups(signal)).find((x) => x.name === group);
    if (!g) return [];
    const served = g.versions.map((v) => v.version);
    if (wanted.length > 0) return wanted.filter((v) => served.includes(v));
    return [g.preferredVersion.version, ...served.filter((v) => v !== g.preferredVersion.version)];
  }

  private async findKind(gk: GroupKind, wanted: readonly string[], signal?: AbortSignal): Promise<RESTMapping | undefined> {
    for (const version of await this.candidateVersions(gk.group, wanted, signal)) {
      const list = await this.resources(formatGroupVersion(gk.group, version), signal);
      const r = list?.resources.find((x) => x.kind === gk.kind && !x.name.includes('/'));
      if (r) return mappingOf(r, gk.group, version);
    }
    return undefined;
  }

  private async findResource(group: string, name: string, signal?: AbortSignal): Promise<RESTMapping | undefined> {
    for (const version of await this.candidateVersions(group, [], signal)) {
      const list = await this.resources(formatGroupVersion(group, version), signal);
      const r = list?.resources.find(
        (x) => !x.name.includes('/') && (x.name === name || x.singularName === name || x.kind.toLowerCase() === name || x.shortNames.includes(name)),
      );
      if (r) return mappingOf(r, group, version);
    }
    return undefined;
  }
}
