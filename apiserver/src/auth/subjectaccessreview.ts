/**
 * Authorization by the cluster: a `SubjectAccessReview` (authorization.k8s.io/v1) per distinct question, after
 * k8s.io/apiserver's delegating authorizer — allowed answers are cached for `allowTtlMs`, denied ones for `denyTtlMs`
 * (both default 10 s, upstream's); members of `alwaysAllowGroups` (default `system:masters`, who hold every right
 * in the apiserver asked) and requests for `alwaysAllowPaths` (default `/healthz`, `/readyz`, `/livez`; an entry
 * ending in `*` is a prefix) are allowed without a review. A review that fails is an error, not a denial (upstream answers 500).
 */
import type { RestClient } from '@kubegen/runtime/client';
import { TtlCache } from './cache';
import { field } from './json';
import type { Attributes, UserInfo } from './user';

export interface SubjectAccessReviewOptions {
  allowTtlMs?: number;
  denyTtlMs?: number;
  maxEntries?: number;
  /** Default `['/healthz', '/readyz', '/livez']`; a trailing `*` matches a prefix. */
  alwaysAllowPaths?: readonly string[];
  /** Default `['system:masters']`. */
  alwaysAllowGroups?: readonly string[];
  /** Per review (default 10 000 ms, upstream's). */
  timeoutMs?: number;
  now?: () => number;
}

export interface Decision {
  allowed: boolean;
  /** The review's `status.reason` (appended to the 403 message when not empty). */
  reason: string;
}

export const DEFAULT_ALWAYS_ALLOW_PATHS: readonly string[] = Object.freeze(['/healthz', '/readyz', '/livez']);

/** Whether a non-resource path is one of `paths`: exactly, or under an entry ending in `*` (upstream's path authorizer). */
export function pathAlwaysAllowed(path: string, paths: readonly string[]): boolean {
  return paths.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p));
}

export class SubjectAccessReviewAuthorizer {
  private readonly cache: TtlCache<Decision>;
  private readonly paths: readonly string[];
  private readonly groups: readonly string[];

  constructor(
    private readonly client: RestClient,
    private readonly options: SubjectAccessReviewOptions = {},
  ) {
    this.cache = new TtlCache(options.maxEntries ?? 4096, options.now ?? Date.now);
    this.paths = options.alwaysAllowPaths ?? DEFAULT_ALWAYS_ALLOW_PATHS;
    this.groups = options.alwaysAllowGroups ?? ['system:masters'];
  }

  async authorize(user: UserInfo, attrs: Attributes): Promise<Decision> {
    if (!attrs.resourceRequest && pathAlwaysAllowed(attrs.path, this.paths)) return { allowed: true, reason: '' };
    if (user.groups.some((g) => this.groups.includes(g))) return { allowed: true, reason: '' };
    const spec = reviewSpec(user, attrs);
    const key = JSON.stringify(spec);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const review = await this.client.request({
      method: 'POST',
      path: '/apis/authorization.k8s.io/v1/subjectaccessreviews',
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec },
      timeoutMs: this.options.timeoutMs ?? 10_000,
    });
    const status = field(review, 'status');
    const allowed = field(status, 'allowed') === true && field(status, 'denied') !== true;
    const reason = field(status, 'reason');
    const decision: Decision = { allowed, reason: typeof reason === 'string' ? reason : '' };
    this.cache.set(key, decision, allowed ? (this.options.allowTtlMs ?? 10_000) : (this.options.denyTtlMs ?? 10_000));
    return decision;
  }
}

/** The SubjectAccessReview spec of a question, as the webhook authorizer writes it (empty fields left out). */
export function reviewSpec(user: UserInfo, attrs: Attributes): Record<string, unknown> {
  const spec: Record<string, unknown> = { user: user.name, groups: [...user.groups] };
  if (user.uid !== undefined) spec.uid = user.uid;
  if (Object.keys(user.extra).length > 0) spec.extra = user.extra;
  if (attrs.resourceRequest) {
    const ra: Record<string, unknown> = { verb: attrs.verb, group: attrs.group, version: attrs.version, resource: attrs.resource };
    if (attrs.namespace !== '') ra.namespace = attrs.namespace;
    if (attrs.subresource !== '') ra.subresource = attrs.subresource;
    if (attrs.name !== '') ra.name = attrs.name;
    if (attrs.fieldSelector !== undefined && attrs.fieldSelector !== '') ra.fieldSelector = { rawSelector: attrs.fieldSelector };
    if (attrs.labelSelector !== undefined && attrs.labelSelector !== '') ra.labelSelector = { rawSelector: attrs.labelSelector };
    spec.resourceAttributes = ra;
  } else {
    spec.nonResourceAttributes = { path: attrs.path, verb: attrs.verb };
  }
  return spec;
}
