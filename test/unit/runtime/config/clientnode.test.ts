/**
 * exec / auth-provider users go to @kubernetes/client-node, loaded through the injected loader: delegated with
 * this cluster, user and context when it loads, a clear one-line error when it does not. (The real client-node
 * running a real exec plugin is tested in runtime-lean.test.ts, in a child process: jest cannot `import()` it.)
 */
import * as fs from 'node:fs';
import type { RequestOptions } from 'node:https';
import * as path from 'node:path';
import { loadFromDefault } from '../../../../runtime/src/config/config';
import { tempDir } from '../../helpers/generated';

let dir: string;
beforeEach(() => (dir = tempDir('clientnode')));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(user: string): string {
  const file = path.join(dir, 'kc');
  fs.writeFileSync(
    file,
    `clusters: [{name: c, cluster: {server: "https://h:6443", certificate-authority-data: ${Buffer.from('CA').toString('base64')}}}]\n` +
      `users:\n- name: x\n  user:\n${user.replace(/^/gm, '    ')}\n` +
      'contexts: [{name: ctx, context: {cluster: c, user: x, namespace: ns1}}]\ncurrent-context: ctx\n',
  );
  return file;
}

const EXEC = 'exec:\n  apiVersion: client.authentication.k8s.io/v1\n  command: ./bin/cred\n  args: [get-token]\n  interactiveMode: Never';

/** A stand-in for client-node's module: records what it was given, answers with a token per call. */
function fakeClientNode(): { loader: () => Promise<unknown>; given: unknown[]; calls: () => number } {
  const given: unknown[] = [];
  let calls = 0;
  class KubeConfig {
    private options: { clusters: Array<{ name: string; server: string }>; users: Array<{ name: string; exec?: unknown }> } | undefined;
    loadFromOptions(o: typeof this.options): void {
      given.push(o);
      this.options = o;
    }
    getCurrentCluster(): { name: string; server: string } | null {
      return this.options?.clusters[0] ?? null;
    }
    getCurrentUser(): { name: string; exec?: unknown } | null {
      return this.options?.users[0] ?? null;
    }
    async applyToHTTPSOptions(opts: RequestOptions): Promise<void> {
      opts.headers = { Authorization: `Bearer exec-${++calls}` };
      opts.ca = Buffer.from('CA');
    }
  }
  return { loader: async () => ({ KubeConfig }), given, calls: () => calls };
}

describe('exec and auth-provider credentials', () => {
  it('are delegated to client-node with this cluster, user (exec command resolved) and context; refreshed after the TTL', async () => {
    const fake = fakeClientNode();
    let now = 0;
    const c = await loadFromDefault({ kubeconfig: write(EXEC), env: {}, loadClientNode: fake.loader, now: () => now, credentialTtlMs: 1000 });
    expect(fake.given).toEqual([
      {
        clusters: [{ name: 'c', server: 'https://h:6443', skipTLSVerify: false, caData: Buffer.from('CA').toString('base64') }],
        users: [
          {
            name: 'x',
            exec: Object.assign(Object.create(null) as Record<string, unknown>, {
              apiVersion: 'client.authentication.k8s.io/v1',
              command: path.join(dir, 'bin/cred'),
              args: ['get-token'],
              interactiveMode: 'Never',
            }),
          },
        ],
        contexts: [{ name: 'ctx', cluster: 'c', user: 'x', namespace: 'ns1' }],
        currentContext: 'ctx',
      },
    ]);
    expect(c.server).toBe('https://h:6443');
    expect(c.namespace).toBe('ns1');
    expect(c.tls.ca?.toString()).toBe('CA');
    expect(await c.headers!()).toEqual({ authorization: 'Bearer exec-1' });
    now = 1000;
    expect(await c.headers!()).toEqual({ authorization: 'Bearer exec-2' });
  });

  it('auth-provider users too', async () => {
    const fake = fakeClientNode();
    await loadFromDefault({ kubeconfig: write('auth-provider:\n  name: oidc\n  config: {idp-issuer-url: "https://issuer"}'), env: {}, loadClientNode: fake.loader });
    const users = (fake.given[0] as { users: Array<{ authProvider: unknown }> }).users;
    expect(JSON.parse(JSON.stringify(users[0]!.authProvider))).toEqual({ name: 'oidc', config: { 'idp-issuer-url': 'https://issuer' } });
  });

  const missing = Object.assign(new Error("Cannot find package '@kubernetes/client-node'"), { code: 'ERR_MODULE_NOT_FOUND' });
  const table: Array<{ name: string; given: { user: string; loader: () => Promise<unknown> }; want: (file: string) => string }> = [
    {
      name: 'exec, client-node not installed',
      given: { user: EXEC, loader: () => Promise.reject(missing) },
      want: () => 'kubeconfig user "x" uses exec credentials; install @kubernetes/client-node (~1.4) to use them',
    },
    {
      name: 'auth-provider, client-node not installed',
      given: { user: 'auth-provider: {name: gcp}', loader: () => Promise.reject(missing) },
      want: () => 'kubeconfig user "x" uses auth-provider "gcp" credentials; install @kubernetes/client-node (~1.4) to use them',
    },
    {
      name: 'exec, client-node fails to load',
      given: { user: EXEC, loader: () => Promise.reject(new Error('Unexpected token\n  at x.js:1')) },
      want: () => 'kubeconfig user "x" uses exec credentials; install @kubernetes/client-node (~1.4) to use them (loading it failed: Unexpected token)',
    },
    {
      name: 'exec, something else loaded',
      given: { user: EXEC, loader: async () => ({}) },
      want: () => 'kubeconfig user "x" uses exec credentials; install @kubernetes/client-node (~1.4) to use them (the loaded module has no KubeConfig)',
    },
    {
      name: 'exec together with a token',
      given: { user: `${EXEC}\ntoken: t`, loader: () => Promise.reject(missing) },
      want: (file) => `${file}: user "x": more than one authentication method (token, exec); only one is allowed`,
    },
  ];
  it.each(table)('$name', async ({ given, want }) => {
    const file = write(given.user);
    const err = await loadFromDefault({ kubeconfig: file, env: {}, loadClientNode: given.loader }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.name).toBe('KubeconfigError');
    expect(err?.message).toBe(want(file));
  });
});
