/**
 * Bearer tokens authenticated by the cluster: a `TokenReview` (authentication.k8s.io/v1) per token, after
 * k8s.io/apiserver's delegating token authenticator — the answer, authenticated or not, is cached for `cacheTtlMs`
 * (default 10 s, upstream's `--authentication-token-webhook-cache-ttl` for delegation) under the token's SHA-256;
 * a failed review (the cluster unreachable, an error status) is not cached and authenticates nobody.
 */
import { createHash } from 'node:crypto';
import type { RestClient } from '@kubegen/runtime/client';
import { TtlCache } from './cache';
import { field } from './json';
import { newUser, type UserInfo } from './user';

export interface TokenReviewOptions {
  /** How long an answer is kept (default 10 000 ms; 0 disables the cache). */
  cacheTtlMs?: number;
  /** The most answers kept (default 1024). */
  maxEntries?: number;
  /** Audiences the token must be meant for (TokenReview `spec.audiences`); default none (the apiserver's). */
  audiences?: readonly string[];
  /** Per review (default 10 000 ms, upstream's). */
  timeoutMs?: number;
  now?: () => number;
}

export class TokenReviewAuthenticator {
  private readonly cache: TtlCache<UserInfo | null>;
  private readonly ttl: number;

  constructor(
    private readonly client: RestClient,
    private readonly options: TokenReviewOptions = {},
  ) {
    this.ttl = options.cacheTtlMs ?? 10_000;
    this.cache = new TtlCache(options.maxEntries ?? 1024, options.now ?? Date.now);
  }

  /** The user the token belongs to, or undefined (not a valid token, or the review failed). */
  async authenticate(token: string): Promise<UserInfo | undefined> {
    const key = createHash('sha256').update(token).digest('base64');
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    let review: unknown;
    try {
      review = await this.client.request({
        method: 'POST',
        path: '/apis/authentication.k8s.io/v1/tokenreviews',
        body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token, ...(this.options.audiences ? { audiences: [...this.options.audiences] } : {}) } },
        timeoutMs: this.options.timeoutMs ?? 10_000,
      });
    } catch {
      return undefined;
    }
    const user = userOfReview(review);
    this.cache.set(key, user ?? null, this.ttl);
    return user;
  }
}

/** The user of an authenticated TokenReview's status, walked by own keys; undefined when not authenticated. */
export function userOfReview(review: unknown): UserInfo | undefined {
  const status = field(review, 'status');
  if (field(status, 'authenticated') !== true) return undefined;
  const u = field(status, 'user');
  const name = field(u, 'username');
  if (typeof name !== 'string' || name === '') return undefined;
  const uid = field(u, 'uid');
  const extra = new Map<string, string[]>();
  const e = field(u, 'extra');
  if (typeof e === 'object' && e !== null) {
    for (const k of Object.keys(e)) extra.set(k, strings(field(e, k)));
  }
  return newUser(name, strings(field(u, 'groups')), extra, typeof uid === 'string' ? uid : undefined);
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
