/**
 * Discovery (client-go `discovery.DiscoveryClient`): the API groups the server serves and their resources.
 *
 * - `groupsAndMaybeResources()` asks `/api` (the core group, `''`) and `/apis` (every other group) for the aggregated
 *   discovery document first (`apidiscovery.k8s.io/v2` `APIGroupDiscoveryList`: every group, version and resource —
 *   verbs, scope, short names, categories, subresources — in one request per root); a server that does not serve it
 *   answers the legacy `APIVersions` / `APIGroupList`, and then only the groups are known;
 * - `serverGroups()` is the groups of that answer;
 * - `serverResourcesForGroupVersion(gv)` reads the legacy `/api/v1` or `/apis/<group>/<version>`; a group version the
 *   server does not serve (404) is `undefined`, any other failure is thrown as the REST client's error;
 * - `serverGroupsAndResources()` / `serverPreferredResources()` (functions over any {@link DiscoveryInterface}) are
 *   everything, resp. each resource once in its group's preferred version.
 *
 * Responses are data from the server: they are read by own keys and checked field by field; entries that are not
 * well formed are skipped, never trusted as structure. A document that is not JSON, or not the document asked for
 * (no `items` / `groups` / `versions` / `resources` list), is a {@link DiscoveryDocumentError} naming its URL.
 */

import { isNotFound } from '../errors/errors';
import { ResponseDecodeError, type RestClient } from '../rest/client';

/** One version of a group, e.g. `{ groupVersion: 'apps/v1', version: 'v1' }`. */
export interface GroupVersionForDiscovery {
  groupVersion: string;
  version: string;
}

/** A served API group (metav1.APIGroup); the core group is `name: ''`. */
export interface APIGroup {
  name: string;
  versions: GroupVersionForDiscovery[];
  /** The version the server prefers; the first of `versions` when the server names none. */
  preferredVersion: GroupVersionForDiscovery;
}

/** One resource of a group version (metav1.APIResource); subresources have a `/` in their name (`deployments/scale`). */
export interface APIResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
  shortNames: string[];
  /** The categories the resource belongs to (`all`, `api-extensions`), when the server names any. */
  categories?: string[];
  /** The resource's own group and version when they differ from the list's (rare: subresources such as `scale`). */
  group?: string;
  version?: string;
}

/** The resources of one group version (metav1.APIResourceList). */
export interface APIResourceList {
  groupVersion: string;
  resources: APIResource[];
}

/** The groups, and the resource lists one answer held (aggregated discovery), by group version (`apps/v1`, `v1`). */
export interface GroupsAndResources {
  groups: APIGroup[];
  /** Empty when the server answered the legacy documents: then each group version is read on its own. */
  resources: Map<string, APIResourceList>;
  /** Group versions the aggregated document marks stale (an aggregated API server that does not answer). */
  stale: string[];
}

/**
 * What a REST mapper reads; implemented over HTTP by {@link DiscoveryClient}, on disk by
 * {@link CachedDiscoveryClient}, by {@link StaticDiscovery} or tables in tests.
 */
export interface DiscoveryInterface {
  serverGroups(signal?: AbortSignal): Promise<APIGroup[]>;
  serverResourcesForGroupVersion(groupVersion: string, signal?: AbortSignal): Promise<APIResourceList | undefined>;
  /** The groups and whatever resource lists came with them (aggregated discovery); optional, else `serverGroups`. */
  groupsAndMaybeResources?(signal?: AbortSignal): Promise<GroupsAndResources>;
  /** Forget cached documents, so the next reads ask the server (a cache's; a client that caches nothing has none). */
  invalidate?(): void;
}

/** A discovery answer that is not JSON, or not the document asked for: never a crash, never cached. */
export class DiscoveryDocumentError extends Error {
  override readonly name = 'DiscoveryDocumentError';
  constructor(
    /** The document's URL (server and path). */
    readonly url: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`the discovery document ${url} does not parse: ${reason}`, options);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(o: Record<string, unknown>, key: string): string | undefined {
  const v = Object.hasOwn(o, key) ? o[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}

function strings(o: Record<string, unknown>, key: string): string[] {
  const v = Object.hasOwn(o, key) ? o[key] : undefined;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function records(o: unknown, key: string): Record<string, unknown>[] {
  if (!isRecord(o) || !Object.hasOwn(o, key)) return [];
  const v = o[key];
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

function groupVersion(o: Record<string, unknown>): GroupVersionForDiscovery | undefined {
  const gv = str(o, 'groupVersion');
  const version = str(o, 'version');
  return gv && version ? { groupVersion: gv, version } : undefined;
}

/** The JSON type of a value, for an error message. */
function jsonType(v: unknown): string {
  if (v === null) return 'null';
  return Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** Why `body` is not `what` (a JSON object with a list under `key`); `undefined` when it is. */
export function documentProblem(body: unknown, key: string, what: string): string | undefined {
  if (!isRecord(body)) return `expected ${what} (a JSON object), got ${jsonType(body)}`;
  if (!Object.hasOwn(body, key) || !Array.isArray(body[key])) return `expected ${what} with a "${key}" list${typeof body['kind'] === 'string' ? `, got kind ${JSON.stringify(body['kind'])}` : ''}`;
  return undefined;
}

/**
 * An `/apis` APIGroupList → groups; malformed entries are dropped. The server's list never holds the core group
 * (`name: ''`); a cache's list does (`core`).
 */
export function parseGroupList(body: unknown, options: { core?: boolean } = {}): APIGroup[] {
  const out: APIGroup[] = [];
  for (const g of records(body, 'groups')) {
    const name = str(g, 'name');
    if (name === undefined || (name === '' && options.core !== true)) continue;
    const versions = records(g, 'versions').map(groupVersion).filter((v) => v !== undefined);
    const [first] = versions;
    if (first === undefined) continue;
    const preferred = isRecord(g['preferredVersion']) ? groupVersion(g['preferredVersion']) : undefined;
    out.push({ name, versions, preferredVersion: preferred ?? first });
  }
  return out;
}

/** The `/api` APIVersions → the core group. */
export function parseCoreVersions(body: unknown): APIGroup | undefined {
  const versions = isRecord(body) ? strings(body, 'versions').map((v) => ({ groupVersion: v, version: v })) : [];
  const [first] = versions;
  return first === undefined ? undefined : { name: '', versions, preferredVersion: first };
}

/** An APIResourceList; resources without a name or kind are dropped. */
export function parseResourceList(body: unknown, groupVersion: string): APIResourceList {
  const resources: APIResource[] = [];
  for (const r of records(body, 'resources')) {
    const name = str(r, 'name');
    const kind = str(r, 'kind');
    if (!name || !kind) continue;
    const group = str(r, 'group');
    const version = str(r, 'version');
    const categories = strings(r, 'categories');
    resources.push({
      name,
      singularName: str(r, 'singularName') ?? '',
      namespaced: r['namespaced'] === true,
      kind,
      verbs: strings(r, 'verbs'),
      shortNames: strings(r, 'shortNames'),
      ...(categories.length > 0 ? { categories } : {}),
      ...(group ? { group } : {}),
      ...(version ? { version } : {}),
    });
  }
  return { groupVersion, resources };
}

/** The `apidiscovery.k8s.io/v2` `APIGroupDiscoveryList` media type, then plain JSON (what a server without it answers). */
export const AGGREGATED_DISCOVERY_ACCEPT = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';

/** True for an aggregated discovery document (what the server answered to {@link AGGREGATED_DISCOVERY_ACCEPT}). */
export function isAggregatedDiscovery(body: unknown): boolean {
  return isRecord(body) && body['kind'] === 'APIGroupDiscoveryList' && body['apiVersion'] === 'apidiscovery.k8s.io/v2';
}

/** A responseKind's kind, group and version (the group and version only when they are given). */
function responseKind(o: Record<string, unknown>): { kind: string; group: string; version: string } | undefined {
  const rk = Object.hasOwn(o, 'responseKind') ? o['responseKind'] : undefined;
  if (!isRecord(rk)) return undefined;
  const kind = str(rk, 'kind');
  return kind ? { kind, group: str(rk, 'group') ?? '', version: str(rk, 'version') ?? '' } : undefined;
}

/**
 * An aggregated `APIGroupDiscoveryList` → the groups (versions in the server's preference order, the first
 * preferred), each group version's resources as the legacy list holds them (subresources as `<resource>/<sub>`
 * entries), and the stale group versions (left out, as client-go does). Resources without a name or response kind
 * are dropped.
 */
export function parseAggregatedDiscovery(body: unknown): GroupsAndResources {
  const groups: APIGroup[] = [];
  const resources = new Map<string, APIResourceList>();
  const stale: string[] = [];
  for (const item of records(body, 'items')) {
    const meta = Object.hasOwn(item, 'metadata') && isRecord(item['metadata']) ? item['metadata'] : {};
    const name = str(meta, 'name') ?? '';
    const versions: GroupVersionForDiscovery[] = [];
    for (const v of records(item, 'versions')) {
      const version = str(v, 'version');
      if (!version) continue;
      const gv = name === '' ? version : `${name}/${version}`;
      if (str(v, 'freshness') === 'Stale') {
        stale.push(gv);
        continue;
      }
      versions.push({ groupVersion: gv, version });
      const list: APIResource[] = [];
      for (const r of records(v, 'resources')) {
        const resource = str(r, 'resource');
        const rk = responseKind(r);
        if (!resource || !rk) continue;
        const singularName = str(r, 'singularResource') ?? '';
        const namespaced = str(r, 'scope') === 'Namespaced';
        const categories = strings(r, 'categories');
        list.push({
          name: resource,
          singularName,
          namespaced,
          kind: rk.kind,
          verbs: strings(r, 'verbs'),
          shortNames: strings(r, 'shortNames'),
          ...(categories.length > 0 ? { categories } : {}),
          ...(rk.group !== '' && rk.group !== name ? { group: rk.group } : {}),
          ...(rk.version !== '' && rk.version !== version ? { version: rk.version } : {}),
        });
        for (const s of records(r, 'subresources')) {
          const sub = str(s, 'subresource');
          const sk = responseKind(s);
          if (!sub || !sk) continue;
          list.push({
            name: `${resource}/${sub}`,
            singularName,
            namespaced,
            kind: sk.kind,
            verbs: strings(s, 'verbs'),
            shortNames: [],
            ...(sk.group !== '' && sk.group !== name ? { group: sk.group } : {}),
            ...(sk.version !== '' && sk.version !== version ? { version: sk.version } : {}),
          });
        }
      }
      resources.set(gv, { groupVersion: gv, resources: list });
    }
    const [first] = versions;
    if (first !== undefined) groups.push({ name, versions, preferredVersion: first });
  }
  return { groups, resources, stale };
}

/** `/api/<v>` for the core group, `/apis/<group>/<version>` otherwise. */
export function groupVersionPath(groupVersion: string): string {
  const slash = groupVersion.indexOf('/');
  const parts = slash < 0 ? [groupVersion] : [groupVersion.slice(0, slash), groupVersion.slice(slash + 1)];
  for (const p of parts) {
    if (p === '' || p === '.' || p === '..' || /[/%?#\s]/.test(p)) throw new TypeError(`invalid group version ${JSON.stringify(groupVersion)}`);
  }
  return slash < 0 ? `/api/${groupVersion}` : `/apis/${parts[0]}/${parts[1]}`;
}


/** The reasons of a {@link ResponseDecodeError}, for a {@link DiscoveryDocumentError}. */
function decodeReason(err: ResponseDecodeError): string {
  return `the body is not JSON (content-type ${err.contentType === '' ? 'none' : JSON.stringify(err.contentType)}): ${JSON.stringify(err.bodyStart)}`;
}

/**
 * Discovery over a REST client. Every call asks the server; caching is {@link CachedDiscoveryClient}'s and the REST
 * mapper's business.
 */
export class DiscoveryClient implements DiscoveryInterface {
  constructor(
    private readonly rest: RestClient,
    /** `aggregated: false` asks for the legacy documents only (default: the aggregated document first). */
    private readonly options: { timeoutMs?: number; aggregated?: boolean } = {},
  ) {}

  /** The URL of a discovery path, for errors. */
  url(path: string): string {
    return this.rest.server.replace(/\/+$/, '') + path;
  }

  private async get(path: string, accept: string | undefined, signal: AbortSignal | undefined): Promise<unknown> {
    try {
      return await this.rest.request<unknown>({
        method: 'GET',
        path,
        ...(accept !== undefined ? { accept } : {}),
        ...(signal ? { signal } : {}),
        ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
      });
    } catch (err) {
      if (err instanceof ResponseDecodeError) throw new DiscoveryDocumentError(this.url(path), decodeReason(err), { cause: err });
      throw err;
    }
  }

  /** One root (`/api` or `/apis`): its aggregated document when the server serves it, else its legacy one. */
  private async root(path: '/api' | '/apis', signal: AbortSignal | undefined): Promise<GroupsAndResources> {
    const body = await this.get(path, this.options.aggregated === false ? undefined : AGGREGATED_DISCOVERY_ACCEPT, signal);
    if (isAggregatedDiscovery(body)) {
      const problem = documentProblem(body, 'items', 'an APIGroupDiscoveryList');
      if (problem !== undefined) throw new DiscoveryDocumentError(this.url(path), problem);
      return parseAggregatedDiscovery(body);
    }
    const problem = path === '/api' ? documentProblem(body, 'versions', 'an APIVersions') : documentProblem(body, 'groups', 'an APIGroupList');
    if (problem !== undefined) throw new DiscoveryDocumentError(this.url(path), problem);
    const core = path === '/api' ? parseCoreVersions(body) : undefined;
    return { groups: path === '/api' ? (core ? [core] : []) : parseGroupList(body), resources: new Map(), stale: [] };
  }

  async groupsAndMaybeResources(signal?: AbortSignal): Promise<GroupsAndResources> {
    const [core, rest] = await Promise.all([this.root('/api', signal), this.root('/apis', signal)]);
    return { groups: [...core.groups, ...rest.groups], resources: new Map([...core.resources, ...rest.resources]), stale: [...core.stale, ...rest.stale] };
  }

  async serverGroups(signal?: AbortSignal): Promise<APIGroup[]> {
    return (await this.groupsAndMaybeResources(signal)).groups;
  }

  async serverResourcesForGroupVersion(groupVersion: string, signal?: AbortSignal): Promise<APIResourceList | undefined> {
    const path = groupVersionPath(groupVersion);
    let body: unknown;
    try {
      body = await this.get(path, undefined, signal);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
    const problem = documentProblem(body, 'resources', 'an APIResourceList');
    if (problem !== undefined) throw new DiscoveryDocumentError(this.url(path), problem);
    return parseResourceList(body, groupVersion);
  }
}

/** Discovery from documents held in memory (a fixed set of kinds; tests; what a fake client maps with). */
export class StaticDiscovery implements DiscoveryInterface {
  private readonly lists: Map<string, APIResourceList>;
  constructor(
    private readonly groups: readonly APIGroup[],
    lists: Iterable<APIResourceList>,
  ) {
    this.lists = new Map([...lists].map((l) => [l.groupVersion, l]));
  }
  serverGroups(): Promise<APIGroup[]> {
    return Promise.resolve([...this.groups]);
  }
  serverResourcesForGroupVersion(groupVersion: string): Promise<APIResourceList | undefined> {
    return Promise.resolve(this.lists.get(groupVersion));
  }
  groupsAndMaybeResources(): Promise<GroupsAndResources> {
    return Promise.resolve({ groups: [...this.groups], resources: new Map(this.lists), stale: [] });
  }
}

/** Everything discovery knows: the groups, each served group version's resources, and the group versions that failed. */
export interface ServerGroupsAndResources {
  groups: APIGroup[];
  /** By group version, in the groups' order (each group's versions in preference order). */
  resources: Map<string, APIResourceList>;
  /** Group versions whose list could not be read (stale in the aggregated document, or the read failed), with why. */
  failed: Map<string, unknown>;
}

/** The group versions of groups, in order (each group's versions in the server's order). */
function groupVersionsOf(groups: readonly APIGroup[]): string[] {
  return groups.flatMap((g) => g.versions.map((v) => v.groupVersion));
}

/**
 * Every group and every group version's resources (client-go `ServerGroupsAndResources`): one request per root with
 * aggregated discovery; else the group versions are read concurrently. A group version that fails is in `failed`,
 * not thrown (an aggregated API server being down does not hide the others); the groups' read failing is thrown.
 */
export async function serverGroupsAndResources(discovery: DiscoveryInterface, signal?: AbortSignal): Promise<ServerGroupsAndResources> {
  const first: GroupsAndResources = discovery.groupsAndMaybeResources
    ? await discovery.groupsAndMaybeResources(signal)
    : { groups: await discovery.serverGroups(signal), resources: new Map(), stale: [] };
  const failed = new Map<string, unknown>(first.stale.map((gv) => [gv, new Error(`stale group version discovery: ${gv}`)]));
  const resources = new Map<string, APIResourceList>();
  const read = await Promise.all(
    groupVersionsOf(first.groups).map(async (gv): Promise<[string, APIResourceList | undefined]> => {
      const known = first.resources.get(gv);
      if (known) return [gv, known];
      try {
        return [gv, await discovery.serverResourcesForGroupVersion(gv, signal)];
      } catch (err) {
        if (signal?.aborted) throw err;
        failed.set(gv, err);
        return [gv, undefined];
      }
    }),
  );
  for (const [gv, list] of read) if (list) resources.set(gv, list);
  return { groups: first.groups, resources, failed };
}

/**
 * Each resource once, in its group's preferred version when that version serves it, else in the first version
 * that does (client-go `ServerPreferredResources`); subresources are listed with their resource. Lists by group
 * version, in discovery order; failed group versions are in `failed` as for {@link serverGroupsAndResources}.
 */
export async function serverPreferredResources(discovery: DiscoveryInterface, signal?: AbortSignal): Promise<{ lists: APIResourceList[]; failed: Map<string, unknown> }> {
  const all = await serverGroupsAndResources(discovery, signal);
  const lists: APIResourceList[] = [];
  for (const g of all.groups) {
    const order = [g.preferredVersion, ...g.versions.filter((v) => v.version !== g.preferredVersion.version)];
    const seen = new Set<string>();
    const byVersion = new Map<string, APIResource[]>();
    for (const v of order) {
      for (const r of all.resources.get(v.groupVersion)?.resources ?? []) {
        if (seen.has(r.name)) continue;
        seen.add(r.name);
        const kept = byVersion.get(v.groupVersion) ?? [];
        kept.push(r);
        byVersion.set(v.groupVersion, kept);
      }
    }
    for (const v of g.versions) {
      const kept = byVersion.get(v.groupVersion);
      if (kept) lists.push({ groupVersion: v.groupVersion, resources: kept });
    }
  }
  return { lists, failed: all.failed };
}
