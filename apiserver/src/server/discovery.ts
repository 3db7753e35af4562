/**
 * Aggregated discovery (`apidiscovery.k8s.io/v2` APIGroupDiscoveryList on `/apis`, asked for with
 * `Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList`), after k8s.io/apiserver's
 * discovery/aggregated: every group with its versions in preference order, each version's resources sorted by name
 * with their scope, verbs, names and subresources, `freshness: Current`; served with an ETag (the SHA-512 of the
 * body, in upper-case hex) and `Vary: Accept`, 304 to a matching `If-None-Match`.
 */

import { createHash } from 'node:crypto';
import type * as http from 'node:http';
import type { JsonObject } from '@kubegen/runtime';
import type { APIGroupDefinition } from '../registry';
import { type MediaRange, acceptsJson, notAcceptable, transform } from './accept';

/** The verbs of a resource of this server (the generic apiserver's, sorted). */
export const RESOURCE_VERBS: readonly string[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
export const STATUS_VERBS: readonly string[] = ['get', 'patch', 'update'];

const DISCOVERY_VERSIONS = ['v2', 'v2beta1'];

/** What `/apis` answers for an Accept header: the legacy APIGroupList, or aggregated discovery in `version`; else 406. */
export function negotiateDiscovery(ranges: readonly MediaRange[]): { kind: 'legacy' } | { kind: 'aggregated'; version: string } {
  for (const r of ranges) {
    if (!acceptsJson(r)) continue;
    const t = transform(r);
    if (t === undefined) return { kind: 'legacy' };
    if (t.as === 'APIGroupDiscoveryList' && t.group === 'apidiscovery.k8s.io' && DISCOVERY_VERSIONS.includes(t.version)) return { kind: 'aggregated', version: t.version };
  }
  throw notAcceptable(['application/json']);
}

/** The APIGroupDiscoveryList of `groups` in `apidiscovery.k8s.io/<version>`. */
export function aggregatedDiscovery(groups: readonly APIGroupDefinition[], version: string): JsonObject {
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: `apidiscovery.k8s.io/${version}`,
    metadata: {},
    items: groups.map((g) => ({
      metadata: { name: g.name },
      versions: g.versions.map((v) => ({
        version: v,
        resources: g.resources
          .filter((def) => def.versions.some((x) => x.name === v))
          .sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0))
          .map((def) => {
            const responseKind = { group: g.name, version: v, kind: def.kind };
            return {
              resource: def.resource,
              responseKind,
              scope: def.namespaced ? 'Namespaced' : 'Cluster',
              singularResource: def.singular,
              verbs: [...RESOURCE_VERBS],
              ...(def.shortNames.length > 0 ? { shortNames: [...def.shortNames] } : {}),
              ...(def.categories.length > 0 ? { categories: [...def.categories] } : {}),
              ...(def.subresources.status || def.subresources.scale
                ? {
                    subresources: [
                      ...(def.subresources.status ? [{ subresource: 'status', responseKind: { ...responseKind }, verbs: [...STATUS_VERBS] }] : []),
                      ...(def.subresources.scale ? [{ subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: [...STATUS_VERBS] }] : []),
                    ],
                  }
                : {}),
            };
          }),
        freshness: 'Current',
      })),
    })),
  };
}

/** The ETag of a body: its SHA-512 in upper-case hex, quoted (discovery and OpenAPI v3 hash the same way). */
export function etagOf(text: string): string {
  return `"${hashOf(text)}"`;
}

export function hashOf(text: string): string {
  return createHash('sha512').update(text).digest('hex').toUpperCase();
}

/** Sends `body` as `contentType` with its ETag and `Vary: Accept`; a matching `If-None-Match` gets 304 and no body. */
export function sendWithETag(req: http.IncomingMessage, res: http.ServerResponse, contentType: string, text: string, cacheControl = 'public'): void {
  const etag = etagOf(text);
  const headers = { ETag: etag, Vary: 'Accept', 'Cache-Control': cacheControl };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
