import type { RequestOptions } from 'node:https';
import { fromKubeconfig, fromOptions, type KubeConfigLike } from '../../../../runtime/src/config/config';

function kubeconfig(opts: {
  skipTLSVerify?: boolean;
  tlsServerName?: string;
  exec?: boolean;
  apply: (o: RequestOptions) => void | Promise<void>;
}): KubeConfigLike & { calls: number } {
  const kc = {
    calls: 0,
    getCurrentCluster: () => ({
      name: 'c',
      server: 'https://10.0.0.1:6443',
      ...(opts.skipTLSVerify !== undefined ? { skipTLSVerify: opts.skipTLSVerify } : {}),
      ...(opts.tlsServerName ? { tlsServerName: opts.tlsServerName } : {}),
    }),
    getCurrentUser: () => ({ name: 'u', ...(opts.exec ? { exec: { command: 'x' } } : {}) }),
    applyToHTTPSOptions: async (o: RequestOptions) => {
      kc.calls++;
      await opts.apply(o);
    },
  };
  return kc;
}

describe('config', () => {
  it('plain options: verification on unless insecure; bearer token header', async () => {
    const c = fromOptions({ server: 'https://h:6443', ca: 'CA', token: 't', cert: 'C', key: 'K', tlsServerName: 'api' });
    expect(c.tls).toEqual({ rejectUnauthorized: true, ca: 'CA', cert: 'C', key: 'K', servername: 'api' });
    expect(await c.headers!()).toEqual({ authorization: 'Bearer t' });
    expect(fromOptions({ server: 'https://h', insecureSkipTLSVerify: true }).tls.rejectUnauthorized).toBe(false);
    expect(fromOptions({ server: 'https://h' }).headers).toBeUndefined();
    expect(() => fromOptions({ server: 'not a url' })).toThrow();
  });

  it('kubeconfig: TLS material, auth headers (bearer, basic, impersonation) from applyToHTTPSOptions', async () => {
    const kc = kubeconfig({
      apply: (o) => {
        o.ca = Buffer.from('CA');
        o.cert = Buffer.from('CERT');
        o.key = Buffer.from('KEY');
        o.headers = { Authorization: 'Bearer abc', 'Impersonate-User': 'bob' };
      },
    });
    const c = await fromKubeconfig(kc);
    expect(c.server).toBe('https://10.0.0.1:6443');
    expect(c.tls.rejectUnauthorized).toBe(true);
    expect(c.tls.ca?.toString()).toBe('CA');
    expect(c.tls.cert?.toString()).toBe('CERT');
    expect(c.tls.key?.toString()).toBe('KEY');
    expect(await c.headers!()).toEqual({ authorization: 'Bearer abc', 'impersonate-user': 'bob' });
    const basic = await fromKubeconfig(kubeconfig({ apply: (o) => void (o.auth = 'u:p') }));
    expect(await basic.headers!()).toEqual({ authorization: `Basic ${Buffer.from('u:p').toString('base64')}` });
  });

  it('kubeconfig: insecure-skip-tls-verify and tls-server-name', async () => {
    const c = await fromKubeconfig(kubeconfig({ skipTLSVerify: true, tlsServerName: 'kubernetes', apply: (o) => void (o.rejectUnauthorized = false) }));
    expect(c.tls.rejectUnauthorized).toBe(false);
    expect(c.tls.servername).toBe('kubernetes');
  });

  it('static credentials are read once; exec credentials are refreshed after the TTL', async () => {
    const stat = kubeconfig({ apply: (o) => void (o.headers = { Authorization: 'Bearer s' }) });
    const s = await fromKubeconfig(stat);
    await s.headers!();
    await s.headers!();
    expect(stat.calls).toBe(1);

    let now = 0;
    let token = 0;
    const exec = kubeconfig({ exec: true, apply: (o) => void (o.headers = { Authorization: `Bearer e${++token}` }) });
    const e = await fromKubeconfig(exec, { credentialTtlMs: 1000, now: () => now });
    expect(await e.headers!()).toEqual({ authorization: 'Bearer e1' });
    now = 999;
    expect(await e.headers!()).toEqual({ authorization: 'Bearer e1' });
    now = 1000;
    const [a, b] = await Promise.all([e.headers!(), e.headers!()]);
    expect([a, b]).toEqual([{ authorization: 'Bearer e2' }, { authorization: 'Bearer e2' }]);
    expect(exec.calls).toBe(2);
  });

  it('no current cluster is an error', async () => {
    const kc: KubeConfigLike = { getCurrentCluster: () => null, getCurrentUser: () => null, applyToHTTPSOptions: async () => undefined };
    await expect(fromKubeconfig(kc)).rejects.toThrow(/no current cluster/);
  });
});
