/** In-cluster configuration with an injected filesystem root and environment, and token rotation. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadFromDefault } from '../../../../runtime/src/config/config';
import { inClusterConfig, inClusterPossible, SERVICE_ACCOUNT_DIR } from '../../../../runtime/src/config/incluster';
import { tempDir } from '../../helpers/generated';

let root: string;
let sa: string;

beforeEach(() => {
  root = tempDir('incluster');
  sa = path.join(root, SERVICE_ACCOUNT_DIR);
  fs.mkdirSync(sa, { recursive: true });
  fs.writeFileSync(path.join(sa, 'token'), 'token-1\n');
  fs.writeFileSync(path.join(sa, 'ca.crt'), 'SA-CA');
  fs.writeFileSync(path.join(sa, 'namespace'), 'operators\n');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const env = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' };

describe('in-cluster', () => {
  it('server, CA, token and namespace from the service account', async () => {
    const c = inClusterConfig({ env, root });
    expect(c.server).toBe('https://10.96.0.1:443');
    expect(c.tls.rejectUnauthorized).toBe(true);
    expect(c.tls.ca?.toString()).toBe('SA-CA');
    expect(await c.headers!()).toEqual({ authorization: 'Bearer token-1' });
    expect(c.namespace).toBe('operators');
  });

  it('re-reads the token once it is older than the refresh period; keeps the last good one when a read fails', async () => {
    let now = 0;
    const c = inClusterConfig({ env, root, now: () => now });
    fs.writeFileSync(path.join(sa, 'token'), 'token-2');
    now = 59_999;
    expect(await c.headers!()).toEqual({ authorization: 'Bearer token-1' });
    now = 60_000;
    expect(await c.headers!()).toEqual({ authorization: 'Bearer token-2' });
    fs.rmSync(path.join(sa, 'token'));
    now = 120_000;
    expect(await c.headers!()).toEqual({ authorization: 'Bearer token-2' });
    fs.writeFileSync(path.join(sa, 'token'), '');
    now = 180_000;
    expect(await c.headers!()).toEqual({ authorization: 'Bearer token-2' });
    fs.writeFileSync(path.join(sa, 'token'), 'token-3');
    now = 240_000;
    expect(await c.headers!()).toEqual({ authorization: 'Bearer token-3' });
  });

  it('POD_NAMESPACE wins; IPv6 hosts are bracketed; a missing ca.crt means the system roots', () => {
    fs.rmSync(path.join(sa, 'ca.crt'));
    const c = inClusterConfig({ env: { KUBERNETES_SERVICE_HOST: 'fd00::1', KUBERNETES_SERVICE_PORT: '6443', POD_NAMESPACE: 'from-env' }, root });
    expect(c.server).toBe('https://[fd00::1]:6443');
    expect(c.tls.ca).toBeUndefined();
    expect(c.namespace).toBe('from-env');
  });

  it('possible only with both variables and a token file', () => {
    expect(inClusterPossible({ env, root })).toBe(true);
    expect(inClusterPossible({ env: { KUBERNETES_SERVICE_HOST: '10.96.0.1' }, root })).toBe(false);
    fs.rmSync(path.join(sa, 'token'));
    expect(inClusterPossible({ env, root })).toBe(false);
    expect(() => inClusterConfig({ env, root })).toThrow(/^in-cluster configuration: token file \/.*\/token: no such file$/);
    expect(() => inClusterConfig({ env: {}, root })).toThrow('in-cluster configuration: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be set');
  });

  it('loadFromDefault falls back to in-cluster when no kubeconfig file exists', async () => {
    const c = await loadFromDefault({ env: { ...env, HOME: path.join(root, 'home'), KUBECONFIG: path.join(root, 'missing') }, inClusterRoot: root });
    expect(c.server).toBe('https://10.96.0.1:443');
    expect(await c.headers!()).toEqual({ authorization: 'Bearer token-1' });
  });

  it('a kubeconfig with a current context wins over in-cluster', async () => {
    const kc = path.join(root, 'kc');
    fs.writeFileSync(kc, 'clusters: [{name: c, cluster: {server: "https://outside"}}]\nusers: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n');
    const c = await loadFromDefault({ env: { ...env, KUBECONFIG: kc }, inClusterRoot: root });
    expect(c.server).toBe('https://outside');
  });
});
