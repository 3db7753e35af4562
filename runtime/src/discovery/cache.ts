/**
 * Discovery cached on disk, as kubectl's (client-go `discovery/cached/disk`): `~/.kube/cache/discovery/<host_port>/`
 * holds `servergroups.json` (an APIGroupList, the core group included) and `<group>/<version>/serverresources.json`
 * (an APIResourceList; the core group's is `v1/serverresources.json`) — the files kubectl writes, in its format, so
 * the two can share a cache.
 *
 * Contract:
 * - a file younger than the TTL (default 6 h, kubectl's; its age is `now()` minus its modification time, which a
 *   write sets to `now()`) is used instead of a request; an older one, a missing one
 *   and one that does not parse are misses (never an error): the server is asked and the file rewritten;
 * - with aggregated discovery the one answer per root writes the group list and every group version's list, so
 *   the next process reads no resource list from the server;
 * - files are written atomically (a temporary file in the same directory, then renamed), mode 0o660, directories
 *   0o750; a write that fails is logged and the answer returned all the same;
 * - `invalidate()` makes every file this client did not write since then a miss (what a REST mapper calls on a
 *   kind it does not know: the next reads go to the server);
 * - names from the server become path segments only when they are plain DNS-like names (a group version named
 *   otherwise is served, not cached), and every path is checked to stay inside the cache directory;
 * - only what parsed is cached: a document that does not parse is the delegate's {@link DiscoveryDocumentError}.
 */

import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultLogger, type Logger } from '../log';
import {
  documentProblem,
  parseGroupList,
  parseResourceList,
  type APIGroup,
  type APIResourceList,
  type DiscoveryInterface,
  type GroupsAndResources,
} from './discovery';

/** kubectl's default discovery cache TTL: 6 hours. */
export const DEFAULT_DISCOVERY_CACHE_TTL_MS = 6 * 60 * 60 * 1000;

/**
 * The cache directory of one server, as kubectl names it: `<parent>/<host_port>` with the scheme stripped and every
 * character other than letters, digits, `_` and `.` replaced by `_` (kubectl keeps `/` as a sub-directory; here a
 * path prefix stays in the one name, so no server address names a directory outside `parent`). `parent` defaults to
 * `$KUBECACHEDIR/discovery`, else `~/.kube/cache/discovery`.
 */
export function discoveryCacheDir(server: string, parent?: string): string {
  const root = parent ?? path.join(process.env['KUBECACHEDIR'] ?? path.join(os.homedir(), '.kube', 'cache'), 'discovery');
  const safe = server.replace(/^https?:\/\//, '').replace(/[^\w.]/g, '_').replace(/^\.+/, (dots) => '_'.repeat(dots.length));
  return path.join(root, safe === '' ? '_' : safe);
}

/** A group or version that may name a directory: DNS-like, no `..`, no separators. */
const SAFE_SEGMENT = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/i;

export interface CachedDiscoveryOptions {
  /** This server's cache directory, e.g. `discoveryCacheDir(config.server)`. */
  cacheDir: string;
  /** Default {@link DEFAULT_DISCOVERY_CACHE_TTL_MS}. */
  ttlMs?: number;
  /** The clock the files' ages are measured with (ms since the epoch); injected in tests. */
  now?: () => number;
  /** Cache misses, writes and write failures, at V(3) / V(4). Default `defaultLogger()`. */
  logger?: Logger;
}

export class CachedDiscoveryClient implements DiscoveryInterface {
  private readonly cacheDir: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly log: Logger;
  private invalidated = false;
  /** Files this client wrote since the last `invalidate()`: trusted after it. */
  private readonly ours = new Set<string>();

  constructor(
    private readonly delegate: DiscoveryInterface,
    options: CachedDiscoveryOptions,
  ) {
    this.cacheDir = path.resolve(options.cacheDir);
    this.ttlMs = options.ttlMs ?? DEFAULT_DISCOVERY_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.log = (options.logger ?? defaultLogger()).withName('discovery-cache');
  }

  /** Every cached file not written by this client from now on is a miss. */
  invalidate(): void {
    this.log.v(4).info('discovery cache invalidated', { dir: this.cacheDir });
    this.invalidated = true;
    this.ours.clear();
    this.delegate.invalidate?.();
  }

  async groupsAndMaybeResources(signal?: AbortSignal): Promise<GroupsAndResources> {
    const file = this.groupsFile();
    const cached = await this.read(file);
    if (cached !== undefined && documentProblem(cached, 'groups', 'an APIGroupList') === undefined) {
      const groups = parseGroupList(cached, { core: true });
      if (groups.length > 0) return { groups, resources: new Map(), stale: [] };
    }
    const answer = this.delegate.groupsAndMaybeResources
      ? await this.delegate.groupsAndMaybeResources(signal)
      : { groups: await this.delegate.serverGroups(signal), resources: new Map<string, APIResourceList>(), stale: [] };
    await this.write(file, { kind: 'APIGroupList', apiVersion: 'v1', groups: answer.groups });
    for (const list of answer.resources.values()) {
      const f = this.resourcesFile(list.groupVersion);
      if (f !== undefined) await this.write(f, resourceListDocument(list));
    }
    return answer;
  }

  async serverGroups(signal?: AbortSignal): Promise<APIGroup[]> {
    return (await this.groupsAndMaybeResources(signal)).groups;
  }

  async serverResourcesForGroupVersion(groupVersion: string, signal?: AbortSignal): Promise<APIResourceList | undefined> {
    const file = this.resourcesFile(groupVersion);
    if (file !== undefined) {
      const cached = await this.read(file);
      if (cached !== undefined && documentProblem(cached, 'resources', 'an APIResourceList') === undefined) return parseResourceList(cached, groupVersion);
    }
    const list = await this.delegate.serverResourcesForGroupVersion(groupVersion, signal);
    if (list && file !== undefined) await this.write(file, resourceListDocument(list));
    return list;
  }

  private groupsFile(): string {
    return path.join(this.cacheDir, 'servergroups.json');
  }

  /** `<dir>/<group>/<version>/serverresources.json`, `<dir>/<version>/…` for the core group; undefined when unsafe. */
  private resourcesFile(groupVersion: string): string | undefined {
    const parts = groupVersion.split('/');
    if (parts.length > 2 || !parts.every((p) => SAFE_SEGMENT.test(p) && p !== '..' && p !== '.')) return undefined;
    const file = path.join(this.cacheDir, ...parts, 'serverresources.json');
    return file.startsWith(this.cacheDir + path.sep) ? file : undefined;
  }

  /** A fresh cached document, or undefined (missing, too old, invalidated, unreadable or not JSON: a miss). */
  private async read(file: string): Promise<unknown> {
    try {
      const st = await fsp.stat(file);
      if (this.invalidated && !this.ours.has(file)) return undefined;
      if (this.now() - st.mtimeMs >= this.ttlMs) {
        this.log.v(4).info('discovery cache entry expired', { file });
        return undefined;
      }
      return JSON.parse(await fsp.readFile(file, 'utf8')) as unknown;
    } catch (err) {
      if (!(err instanceof Error && 'code' in err && err.code === 'ENOENT')) this.log.v(3).info('discovery cache entry unreadable: asking the server', { file, error: err instanceof Error ? err.message : 'unknown' });
      return undefined;
    }
  }

  /** Writes `doc` atomically; a failure is logged, not thrown (the answer is good without its cache). */
  private async write(file: string, doc: unknown): Promise<void> {
    const dir = path.dirname(file);
    const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}`);
    try {
      await fsp.mkdir(dir, { recursive: true, mode: 0o750 });
      await fsp.writeFile(tmp, JSON.stringify(doc), { mode: 0o660 });
      await fsp.chmod(tmp, 0o660); // the mode given is masked by the umask
      // the file's age is measured with this client's clock (injected in tests)
      const written = new Date(this.now());
      await fsp.utimes(tmp, written, written);
      await fsp.rename(tmp, file);
      this.ours.add(file);
    } catch (err) {
      this.log.v(3).info('could not write the discovery cache', { file, error: err instanceof Error ? err.message : 'unknown' });
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
    }
  }
}

/** An APIResourceList document as the server sends it (what kubectl's cache holds). */
function resourceListDocument(list: APIResourceList): unknown {
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: list.groupVersion, resources: list.resources };
}
