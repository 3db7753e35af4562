/**
 * A fake apiserver's discovery endpoints for unit tests, serving the documents a real kube-apiserver answered
 * (test/unit/runtime/discovery/fixtures, captured once from the e2e control plane): `/api` and `/apis` as the
 * aggregated `APIGroupDiscoveryList` when asked for it (unless `aggregated: false`, a server without it), else the
 * legacy `APIVersions` / `APIGroupList`; `/api/v1` and `/apis/<group>/<version>` as `APIResourceList`s. Every
 * request is recorded (`requests`: `GET /apis agg`, `GET /apis/apps/v1`); `override` answers a path differently.
 */

import * as fs from 'node:fs';
import * as path from 'node:path';
import { RestClient } from '../../../runtime/src/rest/client';
import type { Transport, TransportRequest, TransportResponse } from '../../../runtime/src/rest/transport';
import { response, type Scripted } from './transport';

const FIXTURES = path.join(__dirname, '..', 'runtime', 'discovery', 'fixtures');

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, unknown>;
}

/** The legacy resource lists of the fixture server, by group version. */
export function legacyLists(): Record<string, Record<string, unknown>> {
  return fixture('resources.legacy.json') as Record<string, Record<string, unknown>>;
}

export const SERVER = 'https://k8s.example:6443';

export class DiscoveryServer implements Transport {
  readonly requests: string[] = [];
  /** Answers that replace the fixtures', by path (`/apis`, `/apis/apps/v1`). */
  readonly override = new Map<string, Scripted>();
  aggregated: boolean;
  /** The documents served; tests edit them (a CRD established). */
  readonly docs = {
    apiAggregated: fixture('api.aggregated.json'),
    apisAggregated: fixture('apis.aggregated.json'),
    apiLegacy: fixture('api.legacy.json'),
    apisLegacy: fixture('apis.legacy.json'),
    lists: legacyLists(),
  };

  constructor(options: { aggregated?: boolean } = {}) {
    this.aggregated = options.aggregated ?? true;
  }

  rest(): RestClient {
    return new RestClient({ server: SERVER, transport: this, retry: { maxRetries: 0 }, onWarning: () => undefined });
  }

  request(req: TransportRequest): Promise<TransportResponse> {
    const wantsAggregated = (req.headers['accept'] ?? '').includes('as=APIGroupDiscoveryList');
    this.requests.push(`${req.method} ${req.path}${wantsAggregated ? ' agg' : ''}`);
    return Promise.resolve(response(this.answer(req.path, wantsAggregated && this.aggregated), req.signal));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private answer(p: string, aggregated: boolean): Scripted {
    const o = this.override.get(p);
    if (o) return o;
    const json = (v: unknown, contentType = 'application/json'): Scripted => ({ status: 200, body: JSON.stringify(v), headers: { 'content-type': contentType } });
    const agg = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
    if (p === '/api') return aggregated ? json(this.docs.apiAggregated, agg) : json(this.docs.apiLegacy);
    if (p === '/apis') return aggregated ? json(this.docs.apisAggregated, agg) : json(this.docs.apisLegacy);
    const gv = p.startsWith('/api/') ? p.slice('/api/'.length) : p.startsWith('/apis/') ? p.slice('/apis/'.length) : undefined;
    if (gv !== undefined && Object.hasOwn(this.docs.lists, gv)) return json(this.docs.lists[gv]);
    return {
      status: 404,
      body: JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' }),
      headers: { 'content-type': 'application/json' },
    };
  }
}

/** A CRD's group as the apiserver adds it to both documents once it is established (a group served in `versions`). */
export function establishCrd(
  server: DiscoveryServer,
  crd: { group: string; versions: string[]; plural: string; singular: string; kind: string; shortNames?: string[]; categories?: string[]; namespaced?: boolean },
): void {
  const scope = crd.namespaced === false ? 'Cluster' : 'Namespaced';
  const verbs = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];
  const items = server.docs.apisAggregated['items'] as unknown[];
  items.push({
    metadata: { name: crd.group },
    versions: crd.versions.map((version) => ({
      version,
      resources: [
        {
          resource: crd.plural,
          responseKind: { group: '', version: '', kind: crd.kind },
          scope,
          singularResource: crd.singular,
          verbs,
          ...(crd.shortNames ? { shortNames: crd.shortNames } : {}),
          ...(crd.categories ? { categories: crd.categories } : {}),
          subresources: [{ subresource: 'status', responseKind: { group: '', version: '', kind: crd.kind }, verbs: ['get', 'patch', 'update'] }],
        },
      ],
      freshness: 'Current',
    })),
  });
  const groups = server.docs.apisLegacy['groups'] as unknown[];
  const versions = crd.versions.map((version) => ({ groupVersion: `${crd.group}/${version}`, version }));
  groups.push({ name: crd.group, versions, preferredVersion: versions[0] });
  for (const version of crd.versions) {
    server.docs.lists[`${crd.group}/${version}`] = {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: `${crd.group}/${version}`,
      resources: [
        { name: crd.plural, singularName: crd.singular, namespaced: scope === 'Namespaced', kind: crd.kind, verbs, ...(crd.shortNames ? { shortNames: crd.shortNames } : {}), ...(crd.categories ? { categories: crd.categories } : {}) },
        { name: `${crd.plural}/status`, singularName: '', namespaced: scope === 'Namespaced', kind: crd.kind, verbs: ['get', 'patch', 'update'] },
      ],
    };
  }
}
