/**
 * Discovery documents are data from the server: any JSON a server answers is parsed without a crash — each
 * document is read or refused with a DiscoveryDocumentError naming its URL — and no server address or group
 * version names a cache path outside the cache directory.
 */
import * as path from 'node:path';
import fc from 'fast-check';
import { DiscoveryClient, DiscoveryDocumentError, discoveryCacheDir, parseAggregatedDiscovery, parseGroupList, parseResourceList } from '../../../../runtime/src/discovery';
import { DiscoveryServer, SERVER } from '../../helpers/discovery-server';

/** JSON shaped like discovery documents, with the keys they read (and `__proto__`) likely. */
const keys = fc.constantFrom('items', 'versions', 'resources', 'groups', 'metadata', 'name', 'version', 'resource', 'responseKind', 'kind', 'subresources', 'shortNames', 'categories', 'scope', 'freshness', '__proto__', 'x');
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('discovery documents as untrusted data', () => {
  it('parses any JSON without throwing', () => {
    fc.assert(
      fc.property(json, (body) => {
        const parsed = JSON.parse(JSON.stringify(body)) as unknown;
        parseAggregatedDiscovery(parsed);
        parseGroupList(parsed);
        parseResourceList(parsed, 'x/v1');
      }),
      { numRuns: 300 },
    );
  });

  it('reads any answer of /apis or refuses it naming its URL', async () => {
    await fc.assert(
      fc.asyncProperty(json, fc.boolean(), async (body, aggregated) => {
        const server = new DiscoveryServer();
        const doc = aggregated && typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2' } : body;
        server.override.set('/apis', { status: 200, body: JSON.stringify(doc), headers: { 'content-type': 'application/json' } });
        try {
          await new DiscoveryClient(server.rest()).serverGroups();
        } catch (err) {
          expect(err).toBeInstanceOf(DiscoveryDocumentError);
          expect(err instanceof DiscoveryDocumentError ? err.url : '').toBe(`${SERVER}/apis`);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('names no cache directory outside its parent', () => {
    fc.assert(
      fc.property(fc.string(), (server) => {
        const dir = discoveryCacheDir(server, '/cache/discovery');
        expect(path.dirname(dir)).toBe('/cache/discovery');
        expect(['.', '..', '']).not.toContain(path.basename(dir));
      }),
      { numRuns: 500 },
    );
  });
});
