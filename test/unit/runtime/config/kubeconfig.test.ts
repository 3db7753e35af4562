/**
 * Kubeconfig and in-cluster resolution without @kubernetes/client-node: one table of kubeconfig layouts (files
 * written into a fresh directory per case, `$KUBECONFIG` and `$HOME` pointing into it) and what `loadFromDefault`
 * makes of them, then in-cluster with an injected filesystem root, then exec / auth-provider delegation.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadFromDefault, type ClientConfig, type LoadOptions } from '../../../../runtime/src/config/config';
import { parseKubeconfig } from '../../../../runtime/src/config/kubeconfig';
import { tempDir } from '../../helpers/generated';

const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** A kubeconfig with one context `ctx` → cluster `c` / user `u`, overridable piecewise. */
function kubeconfig(o: { cluster?: string; user?: string; context?: string; current?: string | null; extra?: string } = {}): string {
  const current = o.current === null ? '' : `current-context: ${o.current ?? 'ctx'}\n`;
  return `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
${indent(o.cluster ?? 'server: https://10.0.0.1:6443\ncertificate-authority-data: ' + b64('CA-DATA'), 4)}
users:
- name: u
  user:
${indent(o.user ?? 'token: tok', 4)}
contexts:
- name: ctx
  context:
${indent(o.context ?? 'cluster: c\nuser: u', 4)}
${current}${o.extra ?? ''}`;
}

function indent(s: string, n: number): string {
  return s
    .split('\n')
    .map((l) => ' '.repeat(n) + l)
    .join('\n');
}

/** What a resolved configuration is compared by: buffers as text, headers asked for once. */
interface Seen {
  server: string;
  tls: Record<string, string | boolean>;
  headers?: Record<string, string>;
  namespace?: string;
  proxy?: string;
}

async function seen(c: ClientConfig): Promise<Seen> {
  const tls: Record<string, string | boolean> = {};
  for (const k of Object.keys(c.tls) as Array<keyof ClientConfig['tls']>) {
    const v = c.tls[k];
    if (v !== undefined) tls[k] = Buffer.isBuffer(v) ? v.toString() : v;
  }
  return {
    server: c.server,
    tls,
    ...(c.headers ? { headers: await c.headers() } : {}),
    ...(c.namespace !== undefined ? { namespace: c.namespace } : {}),
    ...(c.proxy !== undefined ? { proxy: c.proxy } : {}),
  };
}

interface Case {
  name: string;
  given: {
    /** Files under the case directory (`home/.kube/config` is `~/.kube/config`). */
    files: Record<string, string>;
    /** `$KUBECONFIG` entries, relative to the case directory (joined with `:`); absent: unset. */
    kubeconfig?: string[];
    options?: Pick<LoadOptions, 'context' | 'kubeconfig'>;
  };
  want: Seen | { error: string | RegExp };
}

const CASES: Case[] = [
  {
    name: 'token, CA data, namespace of the context',
    given: { files: { 'home/.kube/config': kubeconfig({ context: 'cluster: c\nuser: u\nnamespace: team-a' }) } },
    want: { server: 'https://10.0.0.1:6443', tls: { rejectUnauthorized: true, ca: 'CA-DATA' }, headers: { authorization: 'Bearer tok' }, namespace: 'team-a' },
  },
  {
    name: 'token file and CA file, relative to the kubeconfig directory; the token trimmed',
    given: {
      files: {
        'conf/kc.yaml': kubeconfig({ cluster: 'server: https://h:6443\ncertificate-authority: pki/ca.crt', user: 'tokenFile: secrets/token' }),
        'conf/pki/ca.crt': 'CA-FILE',
        'conf/secrets/token': '  file-token\n',
      },
      kubeconfig: ['conf/kc.yaml'],
    },
    want: { server: 'https://h:6443', tls: { rejectUnauthorized: true, ca: 'CA-FILE' }, headers: { authorization: 'Bearer file-token' } },
  },
  {
    name: 'client certificate and key files (relative) with a token',
    given: {
      files: {
        'kc': kubeconfig({ user: 'client-certificate: certs/u.crt\nclient-key: certs/u.key\ntoken: t2' }),
        'certs/u.crt': 'CERT-FILE',
        'certs/u.key': 'KEY-FILE',
      },
      kubeconfig: ['kc'],
    },
    want: {
      server: 'https://10.0.0.1:6443',
      tls: { rejectUnauthorized: true, ca: 'CA-DATA', cert: 'CERT-FILE', key: 'KEY-FILE' },
      headers: { authorization: 'Bearer t2' },
    },
  },
  {
    name: 'client certificate and key data, no other credentials: no headers',
    given: { files: { kc: kubeconfig({ user: `client-certificate-data: ${b64('CERT-DATA')}\nclient-key-data: ${b64('KEY-DATA')}` }) }, kubeconfig: ['kc'] },
    want: { server: 'https://10.0.0.1:6443', tls: { rejectUnauthorized: true, ca: 'CA-DATA', cert: 'CERT-DATA', key: 'KEY-DATA' } },
  },
  {
    name: 'insecure-skip-tls-verify, tls-server-name, proxy-url',
    given: {
      files: { kc: kubeconfig({ cluster: 'server: https://h\ninsecure-skip-tls-verify: true\ntls-server-name: kubernetes\nproxy-url: http://proxy:3128' }) },
      kubeconfig: ['kc'],
    },
    want: { server: 'https://h', tls: { rejectUnauthorized: false, servername: 'kubernetes' }, headers: { authorization: 'Bearer tok' }, proxy: 'http://proxy:3128' },
  },
  {
    name: 'basic auth and impersonation',
    given: { files: { kc: kubeconfig({ user: 'username: admin\npassword: s3cret\nas: jane\nas-uid: "42"' }) }, kubeconfig: ['kc'] },
    want: {
      server: 'https://10.0.0.1:6443',
      tls: { rejectUnauthorized: true, ca: 'CA-DATA' },
      headers: { authorization: `Basic ${b64('admin:s3cret')}`, 'impersonate-user': 'jane', 'impersonate-uid': '42' },
    },
  },
  {
    name: 'server without a scheme: https when TLS is configured (client-go DefaultServerURL)',
    given: { files: { kc: kubeconfig({ cluster: `server: 10.0.0.2:6443\ncertificate-authority-data: ${b64('CA')}` }) }, kubeconfig: ['kc'] },
    want: { server: 'https://10.0.0.2:6443', tls: { rejectUnauthorized: true, ca: 'CA' }, headers: { authorization: 'Bearer tok' } },
  },
  {
    name: '$KUBECONFIG of several files: first definition of a name wins, current-context from the first that sets it, missing files skipped',
    given: {
      files: {
        'a.yaml': kubeconfig({ cluster: 'server: https://first', current: null }),
        'b.yaml': `clusters:\n- name: c\n  cluster: {server: https://second}\n- name: c2\n  cluster: {server: https://c2}\nusers:\n- name: u2\n  user: {token: from-b}\ncontexts:\n- name: other\n  context: {cluster: c2, user: u2}\ncurrent-context: other\n`,
        'c.yaml': 'current-context: ctx\n',
      },
      kubeconfig: ['a.yaml', 'missing.yaml', 'b.yaml', 'c.yaml'],
    },
    want: { server: 'https://c2', tls: { rejectUnauthorized: true }, headers: { authorization: 'Bearer from-b' } },
  },
  {
    name: 'a merged cluster is the first file\'s entry as a whole, not combined with later ones',
    given: {
      files: {
        'a.yaml': kubeconfig({ cluster: 'server: https://first' }),
        'b.yaml': kubeconfig({ cluster: `server: https://second\ncertificate-authority-data: ${b64('B-CA')}`, user: 'token: b' }),
      },
      kubeconfig: ['a.yaml', 'b.yaml'],
    },
    want: { server: 'https://first', tls: { rejectUnauthorized: true }, headers: { authorization: 'Bearer tok' } },
  },
  {
    name: 'the context option overrides current-context',
    given: {
      files: { kc: kubeconfig({ extra: 'contexts:\n' }).replace('contexts:\n- name: ctx', 'contexts:\n- name: other\n  context: {cluster: c, user: u, namespace: other-ns}\n- name: ctx').replace(/contexts:\n$/, '') },
      kubeconfig: ['kc'],
      options: { context: 'other' },
    },
    want: { server: 'https://10.0.0.1:6443', tls: { rejectUnauthorized: true, ca: 'CA-DATA' }, headers: { authorization: 'Bearer tok' }, namespace: 'other-ns' },
  },
  {
    name: 'with $KUBECONFIG set, ~/.kube/config is not read',
    given: { files: { 'home/.kube/config': kubeconfig({ cluster: 'server: https://home' }), 'kc': kubeconfig({ cluster: 'server: https://env' }) }, kubeconfig: ['kc'] },
    want: { server: 'https://env', tls: { rejectUnauthorized: true }, headers: { authorization: 'Bearer tok' } },
  },
  {
    name: '__proto__ names and keys are data: a cluster, user and context named __proto__',
    given: {
      files: {
        kc: `clusters:\n- name: __proto__\n  cluster: {server: "https://proto", __proto__: {polluted: yes}}\nusers:\n- name: __proto__\n  user: {token: p}\ncontexts:\n- name: __proto__\n  context: {cluster: __proto__, user: __proto__, namespace: __proto__}\ncurrent-context: __proto__\n`,
      },
      kubeconfig: ['kc'],
    },
    want: { server: 'https://proto', tls: { rejectUnauthorized: true }, headers: { authorization: 'Bearer p' }, namespace: '__proto__' },
  },
  // errors: one line, naming the file (and line:column where the YAML is at fault) or the entry
  { name: 'no kubeconfig anywhere', given: { files: {} }, want: { error: 'no kubeconfig found (looked in $KUBECONFIG, ~/.kube/config, in-cluster)' } },
  {
    name: 'an explicit kubeconfig that does not exist',
    given: { files: {}, options: { kubeconfig: 'nope.yaml' } },
    want: { error: /^\/.*\/nope\.yaml: no such file$/ },
  },
  {
    name: 'malformed YAML',
    given: { files: { kc: 'clusters:\n- name: c\n  cluster: {server: https://h\nusers: []\n' }, kubeconfig: ['kc'] },
    want: { error: /^\/.*\/kc:4:\d+: .+$/ },
  },
  { name: 'a wrongly typed value', given: { files: { kc: kubeconfig({ cluster: 'server: https://h\ninsecure-skip-tls-verify: "yes"' }) }, kubeconfig: ['kc'] }, want: { error: /\/kc:7:31: cluster "c": insecure-skip-tls-verify must be true or false$/ } },
  { name: 'invalid base64', given: { files: { kc: kubeconfig({ cluster: 'server: https://h\ncertificate-authority-data: "!!notbase64"' }) }, kubeconfig: ['kc'] }, want: { error: /\/kc:7:33: cluster "c": certificate-authority-data is not valid base64$/ } },
  { name: 'a duplicate name in one file', given: { files: { kc: kubeconfig().replace('users:', '- name: c\n  cluster: {server: https://dup}\nusers:') }, kubeconfig: ['kc'] }, want: { error: /\/kc:8:9: clusters: duplicate name "c"$/ } },
  { name: 'a missing CA file', given: { files: { kc: kubeconfig({ cluster: 'server: https://h\ncertificate-authority: ca.crt' }) }, kubeconfig: ['kc'] }, want: { error: /\/kc: cluster "c": certificate-authority: \/.*\/ca\.crt: no such file$/ } },
  { name: 'a missing token file', given: { files: { kc: kubeconfig({ user: 'tokenFile: token' }) }, kubeconfig: ['kc'] }, want: { error: /\/kc: user "u": token file \/.*\/token: no such file$/ } },
  { name: 'CA file and data both', given: { files: { kc: kubeconfig({ cluster: `server: https://h\ncertificate-authority: ca\ncertificate-authority-data: ${b64('x')}` }) }, kubeconfig: ['kc'] }, want: { error: /cluster "c": certificate-authority and certificate-authority-data are both set; set one$/ } },
  { name: 'insecure with a CA', given: { files: { kc: kubeconfig({ cluster: `server: https://h\ninsecure-skip-tls-verify: true\ncertificate-authority-data: ${b64('x')}` }) }, kubeconfig: ['kc'] }, want: { error: /cluster "c": insecure-skip-tls-verify with a certificate authority is not allowed/ } },
  { name: 'a certificate without a key', given: { files: { kc: kubeconfig({ user: `client-certificate-data: ${b64('c')}` }) }, kubeconfig: ['kc'] }, want: { error: /user "u": a client certificate needs client-key or client-key-data$/ } },
  { name: 'token and basic auth both', given: { files: { kc: kubeconfig({ user: 'token: t\nusername: a\npassword: b' }) }, kubeconfig: ['kc'] }, want: { error: /user "u": more than one authentication method \(token, basic auth\); only one is allowed$/ } },
  { name: 'a context naming a missing cluster', given: { files: { kc: kubeconfig({ context: 'cluster: nope\nuser: u' }) }, kubeconfig: ['kc'] }, want: { error: /context "ctx": cluster "nope" not found in / } },
  { name: 'an unknown context', given: { files: { kc: kubeconfig() }, kubeconfig: ['kc'], options: { context: 'nope' } }, want: { error: /: context "nope" not found$/ } },
  { name: 'no server', given: { files: { kc: kubeconfig({ cluster: 'insecure-skip-tls-verify: true' }) }, kubeconfig: ['kc'] }, want: { error: /cluster "c": server is not set$/ } },
  { name: 'a socks proxy', given: { files: { kc: kubeconfig({ cluster: 'server: https://h\nproxy-url: socks5://p:1080' }) }, kubeconfig: ['kc'] }, want: { error: /proxy-url "socks5:\/\/p:1080": only http and https proxies are supported$/ } },
  { name: 'files without current-context, not in a cluster', given: { files: { kc: kubeconfig({ current: null }) }, kubeconfig: ['kc'] }, want: { error: /^kubeconfig \/.*\/kc: current-context is not set \(pass a context\), and not in a cluster$/ } },
  { name: 'as-groups', given: { files: { kc: kubeconfig({ user: 'token: t\nas: x\nas-groups: [a, b]' }) }, kubeconfig: ['kc'] }, want: { error: /user "u": as-groups and as-user-extra are not supported/ } },
];

describe('loadFromDefault: kubeconfig resolution', () => {
  it.each(CASES)('$name', async ({ given, want }) => {
    const dir = tempDir('kubeconfig');
    try {
      for (const [rel, text] of Object.entries(given.files)) {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), text);
      }
      const env: NodeJS.ProcessEnv = { HOME: path.join(dir, 'home') };
      if (given.kubeconfig) env['KUBECONFIG'] = given.kubeconfig.map((f) => path.join(dir, f)).join(path.delimiter);
      const options: LoadOptions = {
        env,
        inClusterRoot: path.join(dir, 'no-cluster'),
        ...(given.options?.context !== undefined ? { context: given.options.context } : {}),
        ...(given.options?.kubeconfig !== undefined ? { kubeconfig: path.join(dir, given.options.kubeconfig) } : {}),
      };
      const result = loadFromDefault(options);
      if ('error' in want) {
        const err = await result.then(
          () => undefined,
          (e: unknown) => e as Error,
        );
        expect(err?.name).toBe('KubeconfigError');
        expect(err?.message).not.toContain('\n');
        if (typeof want.error === 'string') expect(err?.message).toBe(want.error);
        else expect(err?.message).toMatch(want.error);
      } else {
        expect(await seen(await result)).toEqual(want);
      }
      expect(Object.prototype).not.toHaveProperty('polluted');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseKubeconfig', () => {
  it('keeps __proto__ keys of exec stanzas as data in null-prototype objects', () => {
    const kc = parseKubeconfig(
      'users:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: ./bin/cred\n      __proto__: {polluted: yes}\n      env: [{name: A, value: b}]\n',
      '/etc/kube/config',
    );
    const exec = kc.users.get('u')!.exec!;
    expect(Object.getPrototypeOf(exec)).toBeNull();
    expect(Object.keys(exec)).toEqual(['apiVersion', 'command', '__proto__', 'env']);
    expect(exec['__proto__']).toEqual(Object.assign(Object.create(null), { polluted: 'yes' }));
    expect(exec['command']).toBe('/etc/kube/bin/cred'); // a path: resolved against the file's directory
    expect(Object.prototype).not.toHaveProperty('polluted');
    // a bare command name is looked up on $PATH, as client-go leaves it
    expect(parseKubeconfig('users:\n- name: u\n  user: {exec: {command: kubelogin}}\n', '/k').users.get('u')!.exec!['command']).toBe('kubelogin');
  });

  it('refuses alias expansion past its bound', () => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) lines.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    const text = `${lines.join('\n')}\nusers:\n- name: u\n  user: {exec: {args: *a7}}\n`;
    expect(() => parseKubeconfig(text, '/k')).toThrow(/^\/k:\d+:\d+: more than 200000 YAML nodes \(aliases expanded\)$/);
  });

  it('an empty file is an empty configuration', () => {
    const kc = parseKubeconfig('', '/k');
    expect([kc.clusters.size, kc.users.size, kc.contexts.size, kc.currentContext]).toEqual([0, 0, 0, undefined]);
  });
});
