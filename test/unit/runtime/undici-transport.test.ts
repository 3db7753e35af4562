/** The real transport (undici keep-alive pool) against a loopback HTTP server: no apiserver needed. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRestClient, fromOptions } from '../../../runtime/src/config/config';
import { TypedClient } from '../../../runtime/src/client/typed';
import type { KubeList, KubeObject, ResourceDescriptor } from '../../../runtime/src/client/types';
import type { RestClient } from '../../../runtime/src/rest/client';

const things: ResourceDescriptor = { group: 'example.com', version: 'v1', resource: 'things', kind: 'Thing', namespaced: true };

let server: http.Server;
let rest: RestClient;
const seen: Array<{ method?: string; url?: string; auth?: string; body: string }> = [];
let attempts429 = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      const url = req.url ?? '';
      if (url.includes('watch=true')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const ev = (n: string): string => JSON.stringify({ type: 'ADDED', object: { metadata: { name: n } } }) + '\n';
        const bytes = Buffer.from(ev('ä') + ev('世界'));
        if (url.includes('hang')) {
          res.write(bytes);
          return; // never ends
        }
        let i = 0;
        const tick = setInterval(() => {
          res.write(bytes.subarray(i, i + 3));
          i += 3;
          if (i >= bytes.length) {
            clearInterval(tick);
            res.end();
          }
        }, 1);
        return;
      }
      if (url.includes('busy') && attempts429++ === 0) {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' });
        res.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'TooManyRequests', code: 429 }));
        return;
      }
      if (req.method === 'GET' && url.includes('/missing')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404, message: 'things "missing" not found' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ metadata: { name: 'x' }, items: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  rest = createRestClient(fromOptions({ server: `http://127.0.0.1:${port}`, token: 'tok' }), { onWarning: () => undefined });
});

afterAll(async () => {
  await rest.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (ns = 'ns'): TypedClient<KubeObject, KubeList<KubeObject>> => new TypedClient(rest, things, ns);

it('round-trips JSON with the bearer token; apiVersion and kind filled from the descriptor', async () => {
  await client().create({ metadata: { name: 'x' } });
  const last = seen[seen.length - 1]!;
  expect(last).toMatchObject({ method: 'POST', url: '/apis/example.com/v1/namespaces/ns/things', auth: 'Bearer tok' });
  expect(JSON.parse(last.body)).toEqual({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'x' } });
});

it('maps errors and retries 429 with Retry-After', async () => {
  await expect(client().get('missing')).rejects.toMatchObject({ reason: 'NotFound', code: 404 });
  await expect(client().get('busy')).resolves.toBeDefined();
  expect(attempts429).toBe(2);
});

it('streams a watch in 3-byte chunks and ends when the server closes', async () => {
  const names: string[] = [];
  for await (const ev of await client().watch()) names.push(ev.object.metadata!.name!);
  expect(names).toEqual(['ä', '世界']);
});

it('aborting a watch the server keeps open ends it cleanly', async () => {
  const ac = new AbortController();
  const names: string[] = [];
  for await (const ev of await client().watch({ signal: ac.signal, fieldSelector: 'hang=1' })) {
    names.push(ev.object.metadata!.name!);
    if (names.length === 2) ac.abort();
  }
  expect(names).toEqual(['ä', '世界']);
});
