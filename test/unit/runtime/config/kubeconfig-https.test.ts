/**
 * The path the e2e suite takes — a token kubeconfig written by `runtime/src/testing/kubeconfig.ts` → `loadFromDefault`
 * → `createRestClient` — against a local HTTPS server with a throw-away CA; and the same with a client
 * certificate, `tls-server-name` and `proxy-url` (through a local CONNECT proxy). No client-node involved.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as net from 'node:net';
import * as path from 'node:path';
import { TLSSocket, type PeerCertificate } from 'node:tls';
import { TypedClient } from '../../../../runtime/src/client/typed';
import type { KubeList, KubeObject, ResourceDescriptor } from '../../../../runtime/src/client/types';
import { createRestClient, loadFromDefault } from '../../../../runtime/src/config/config';
import { buildKubeconfig, kubeconfigToYaml } from '../../../../runtime/src/testing/kubeconfig';
import { tempDir } from '../../helpers/generated';
import { makeTestCertificates, type TestCertificates } from '../../helpers/tls';

// This file spawns processes and starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const crontabs: ResourceDescriptor = { group: 'stable.example.com', version: 'v1', resource: 'crontabs', kind: 'CronTab', namespaced: true };

/** A client CA and a client certificate (CN `jane`) it signed, with the openssl CLI. */
function clientCertificate(dir: string): { ca: string; cert: string; key: string } {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('req', '-x509', ...ec, '-keyout', 'client-ca.key', '-out', 'client-ca.crt', '-subj', '/CN=client-ca', '-days', '2');
  run('req', ...ec, '-keyout', 'jane.key', '-out', 'jane.csr', '-subj', '/CN=jane/O=devs');
  fs.writeFileSync(path.join(dir, 'client.cnf'), 'extendedKeyUsage=clientAuth\n');
  run('x509', '-req', '-in', 'jane.csr', '-CA', 'client-ca.crt', '-CAkey', 'client-ca.key', '-CAcreateserial', '-out', 'jane.crt', '-days', '2', '-extfile', 'client.cnf');
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
  return { ca: read('client-ca.crt'), cert: read('jane.crt'), key: read('jane.key') };
}

let dir: string;
let certs: TestCertificates;
let client: { ca: string; cert: string; key: string };
let server: https.Server;
let port: number;
let proxy: http.Server;
let proxyPort: number;
const connects: string[] = [];

beforeAll(async () => {
  dir = tempDir('kubeconfig-https');
  certs = makeTestCertificates();
  client = clientCertificate(dir);
  // one server: a bearer token or a client certificate signed by the client CA authenticates
  server = https.createServer({ cert: certs.cert, key: certs.key, ca: client.ca, requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const socket = req.socket;
    // an empty object when the peer sent no certificate (as Node documents it; its type does not say so)
    const presented: Partial<PeerCertificate> = socket instanceof TLSSocket && socket.authorized ? socket.getPeerCertificate() : {};
    const peer = presented.subject?.CN;
    const auth = req.headers.authorization;
    const who = typeof peer === 'string' && peer !== '' ? `cert:${peer}` : auth === 'Bearer envtest-token' ? 'token' : undefined;
    if (!who) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Unauthorized', code: 401, message: 'Unauthorized' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a', namespace: 'ns', annotations: { who, path: req.url ?? '' } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  proxy = http.createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    connects.push(req.url ?? '');
    const [host, p] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(p), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function writeKubeconfig(name: string, yaml: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, yaml);
  return file;
}

/** GETs crontab `a` through the configuration the kubeconfig file gives; the server's `who` annotation. */
async function who(file: string): Promise<string | undefined> {
  const config = await loadFromDefault({ env: { KUBECONFIG: file } });
  const rest = createRestClient(config, { onWarning: () => undefined });
  try {
    const got = await new TypedClient<KubeObject, KubeList<KubeObject>>(rest, crontabs, config.namespace ?? 'default').get('a');
    return got.metadata?.annotations?.['who'];
  } finally {
    await rest.close();
  }
}

describe('kubeconfigs against a local HTTPS apiserver stand-in', () => {
  it('the envtest token kubeconfig (runtime/src/testing/kubeconfig.ts) connects with its CA and token', async () => {
    const file = writeKubeconfig('envtest', kubeconfigToYaml(buildKubeconfig({ server: `https://127.0.0.1:${port}`, ca: certs.ca, token: 'envtest-token', namespace: 'ns' })));
    expect(await who(file)).toBe('token');
  });

  it('a wrong token is a 401 StatusError', async () => {
    const file = writeKubeconfig('wrong-token', kubeconfigToYaml(buildKubeconfig({ server: `https://127.0.0.1:${port}`, ca: certs.ca, token: 'nope' })));
    await expect(who(file)).rejects.toMatchObject({ code: 401, reason: 'Unauthorized' });
  });

  it('verification stays on: another CA is refused', async () => {
    const other = makeTestCertificates();
    const file = writeKubeconfig('other-ca', kubeconfigToYaml(buildKubeconfig({ server: `https://127.0.0.1:${port}`, ca: other.ca, token: 'envtest-token' })));
    await expect(who(file)).rejects.toThrow(/certificate|self.signed|verify/i);
  });

  it('client certificate and key files (relative to the kubeconfig) authenticate', async () => {
    fs.writeFileSync(path.join(dir, 'server-ca.crt'), certs.ca);
    const file = writeKubeconfig(
      'mtls',
      `clusters: [{name: c, cluster: {server: "https://127.0.0.1:${port}", certificate-authority: server-ca.crt}}]\n` +
        'users: [{name: jane, user: {client-certificate: jane.crt, client-key: jane.key}}]\n' +
        'contexts: [{name: x, context: {cluster: c, user: jane, namespace: ns}}]\ncurrent-context: x\n',
    );
    expect(await who(file)).toBe('cert:jane');
  });

  it('tls-server-name is the name verified', async () => {
    const yaml = (name: string): string =>
      `clusters: [{name: c, cluster: {server: "https://127.0.0.1:${port}", certificate-authority-data: ${Buffer.from(certs.ca).toString('base64')}, tls-server-name: ${name}}}]\n` +
      'users: [{name: u, user: {token: envtest-token}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n';
    expect(await who(writeKubeconfig('sni-ok', yaml('localhost')))).toBe('token');
    await expect(who(writeKubeconfig('sni-bad', yaml('wrong.example')))).rejects.toThrow(/altnames|wrong\.example|certificate/i);
  });

  it('proxy-url tunnels through the proxy', async () => {
    const kc = buildKubeconfig({ server: `https://127.0.0.1:${port}`, ca: certs.ca, token: 'envtest-token', namespace: 'ns' });
    const withProxy = kubeconfigToYaml(kc).replace('certificate-authority-data:', `proxy-url: http://127.0.0.1:${proxyPort}\n      certificate-authority-data:`);
    expect(withProxy).toContain('proxy-url');
    connects.length = 0;
    expect(await who(writeKubeconfig('proxy', withProxy))).toBe('token');
    expect(connects).toEqual([`127.0.0.1:${port}`]);
  });
});
