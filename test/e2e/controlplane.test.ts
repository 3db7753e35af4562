import * as fs from 'node:fs';
import { parse } from 'yaml';
import type { Kubeconfig } from '../../runtime/src/testing';
import { useE2e } from './support/namespace';

const e2e = useE2e(__filename);

describe('the shared control plane', () => {
  test('/version reports the Kubernetes release the binaries were built from', async () => {
    const res = await e2e.kube.get<{ gitVersion: string; major: string; minor: string }>('/version');
    expect(res.status).toBe(200);
    expect(res.body.gitVersion).toMatch(/^v\d+\.\d+\.\d+/);
    if (e2e.connection.expectedVersion) {
      expect(res.body.gitVersion).toBe(e2e.connection.expectedVersion);
      expect(`v${res.body.major}.${res.body.minor}.`).toBe(e2e.connection.expectedVersion.replace(/\d+$/, ''));
    }
  });

  test('is ready and serves over TLS signed by the handed-out CA', async () => {
    const res = await e2e.kube.get('/readyz');
    expect(res.status).toBe(200);
    expect(e2e.connection.ca).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  test('the admin token belongs to system:masters', async () => {
    const res = await e2e.kube.post<{ status: { userInfo: { username: string; groups: string[] } } }>(
      '/apis/authentication.k8s.io/v1/selfsubjectreviews',
      { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
    );
    expect(res.status).toBe(201);
    expect(res.body.status.userInfo.groups).toContain('system:masters');
  });

  test('RBAC is on: no token or a wrong token gets no access', async () => {
    const anonymous = await e2e.kube.get('/api/v1/namespaces', { token: null });
    expect([401, 403]).toContain(anonymous.status);
    const wrong = await e2e.kube.get('/api/v1/namespaces', { token: 'not-the-token' });
    expect(wrong.status).toBe(401);
  });

  test('namespaces and namespaced objects work with the admin token', async () => {
    const ns = await e2e.kube.get<{ metadata: { name: string }; status: { phase: string } }>(`/api/v1/namespaces/${e2e.namespace}`);
    expect(ns.status).toBe(200);
    expect(ns.body.status.phase).toBe('Active');

    const path = `/api/v1/namespaces/${e2e.namespace}/configmaps`;
    const created = await e2e.kube.post(path, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'hello' }, data: { a: '1' } });
    expect(created.status).toBe(201);
    const list = await e2e.kube.get<{ items: Array<{ metadata: { name: string } }> }>(path);
    expect(list.body.items.map((i) => i.metadata.name)).toEqual(['hello']);
    const patched = await e2e.kube.patch<{ data: Record<string, string> }>(`${path}/hello`, { data: { b: '2' } });
    expect(patched.body.data).toEqual({ a: '1', b: '2' });
  });

  test('the written kubeconfig points at the server with the CA and the token', () => {
    // read as the shape kubegen writes (runtime/src/testing/kubeconfig.ts); each expectation checks one field of it
    const config = parse(fs.readFileSync(e2e.connection.kubeconfigPath, 'utf8')) as Kubeconfig;
    const [cluster] = config.clusters;
    expect(cluster?.cluster.server).toBe(e2e.connection.url);
    expect(Buffer.from(cluster?.cluster['certificate-authority-data'] ?? '', 'base64').toString()).toBe(e2e.connection.ca);
    expect(config.users[0]?.user.token).toBe(e2e.connection.token);
    expect(config['current-context']).toBe(config.contexts[0]?.name);
  });
});
