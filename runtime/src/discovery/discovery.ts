/**
 * Discovery (client-go `discovery.DiscoveryClient`, the parts a REST mapper needs): the API groups the server
 * serves and the resources of one group version.
 *
 * - `serverGroups()` reads `/api` (the core group, `''`) and `/apis` (every other group, with its preferred version);
 * - `serverResourcesForGroupVersion(gv)` reads `/api/v1` or `/apis/<group>/<version>`; a group version the server
 *   does not serve (404) is `undefined`, any other failure is thrown as the REST client's error.
 *
 * Responses are data from the server: they are read by own keys and checked field by field; entries that are not
 * well formed are skipped, never trusted as structure.
 */

import { isNotFound } from '../errors/errors';
import type { RestClient } from '../rest/client';

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
  /** The resource's own group and version when they differ from the list's (rare: subresources such as `scale`). */
  group?: string;
  version?: string;
}

/** The resources of one group version (metav1.APIResourceList). */
export interface APIResourceList {
  groupVersion: string;
  resources: APIResource[];
}

/** What a REST mapper reads; implemented over HTTP by {@link DiscoveryClient}, by tables in tests. */
export interface DiscoveryInterface {
  serverGroups(signal?: AbortSignal): Promise<APIGroup[]>;
  serverResourcesForGroupVersion(groupVersion: string, signal?: AbortSignal): Promise<APIResourceList | undefined>;
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

/** An `/apis` APIGroupList (or one APIGroup) → groups; malformed entries are dropped. */
export function parseGroupList(body: unknown): APIGroup[] {
  const out: APIGroup[] = [];
  for (const g of records(body, 'groups')) {
    const name = str(g, 'name');
    if (name === undefined || name === '') continue;
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
    resources.push({
      name,
      singularName: str(r, 'singularName') ?? '',
      namespaced: r['namespaced'] === true,
      kind,
      verbs: strings(r, 'verbs'),
      shortNames: strings(r, 'shortNames'),
      ...(group ? { group } : {}),
      ...(version ? { version } : {}),
    });
  }
  return { groupVersion, resources };
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

/** Discovery over a REST client. Every call asks the server; caching is the REST mapper's business. */
export class DiscoveryClient implements DiscoveryInterface {
  constructor(
    private readonly rest: RestClient,
    private readonly options: { timeoutMs?: number } = {},
  ) {}

  async serverGroups(signal?: AbortSignal): Promise<APIGroup[]> {
    const call = { ...(signal ? { signal } : {}), ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}) };
    const [core, groups] = await Promise.all([
      this.rest.request<unknown>({ method: 'GET', path: '/api', ...call }),
      this.rest.request<unknown>({ method: 'GET', path: '/apis', ...call }),
    ]);
    const coreGroup = parseCoreVersions(core);
    return [...(coreGroup ? [coreGroup] : []), ...parseGroupList(groups)];
  }

  async serverResourcesForGroupVersion(groupVersion: string, signal?: AbortSignal): Promise<APIResourceList | undefined> {
    try {
      const body = await this.rest.request<unknown>({
        method: 'GET',
        path: groupVersionPath(groupVersion),
        ...(signal ? { signal } : {}),
        ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
      });
      return parseResourceList(body, groupVersion);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }
}
