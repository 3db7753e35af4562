/**
 * Issue 23, item 4 and a low item: what the manifest markers read from the user's tree and write into manifests.
 * - `+kubegen:apiservice:caBundleFile=` (and the configuration's `caBundleFile` keys) embeds only the PEM CERTIFICATE
 *   blocks of a regular file of at most 1 MiB inside the project, opened without blocking; a private key beside
 *   the certificate is never embedded; a key only, a FIFO, `/dev/zero`, a file outside the project or a too large
 *   one is a one-line error at the marker (`file:line:column`) or the configuration key, nothing written;
 * - `+kubebuilder:webhook:path=` must be a URL path the API server accepts (`/`, then DNS-1123 segments): `@evil…`,
 *   `../x`, a newline are refused at the marker, and so is a `url=` with user information, a query or a fragment;
 *   `patchWebhookConfigurations` builds URLs with the URL API, so no path can move the webhook to another host
 *   (property: for any path string, it either throws or keeps the target's origin).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { CA_BUNDLE_FILE_MAX_BYTES } from '../../generator/ca-bundle';
import { webhookPathErrors } from '../../generator/model/names';
import { patchWebhookConfigurations } from '../../runtime/src/webhook/admission';
import { RUNS, STACK_LINE, removeSandbox, run, sandbox, snapshotTree, treeDiff } from './cli-support';
import { present } from '../unit/helpers/present';

// These tests run kubegen commands in-process on a loaded machine: a generous timeout, not jest's default 5 s.
jest.setTimeout(120_000);

const CERT = fs.readFileSync(path.join(__dirname, '..', 'golden', 'apiservice-wardle', 'apis', 'src', 'apiserver', 'ca.crt'), 'utf8');
const KEY = ['-----BEGIN EC PRIVATE KEY-----', 'MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVTPK8VuOW3jVhKxeoAoGCCqGSM49', 'AwEHoUQDQgAE7p0vYbz4hP5Hm2Vx0f0rLx3QyU8e0cUOxR0n5Z2bqPp0Cq1lq3Wc', '-----END EC PRIVATE KEY-----', ''].join('\n');

const MARKER = (file: string) =>
  `// +kubegen:apiservice:group=wardle.example.com,version=v1alpha1,serviceName=wardle-server,serviceNamespace=wardle-system,groupPriorityMinimum=1000,versionPriority=15,caBundleFile=${file}\nexport {};\n`;

let dir: string;
beforeEach(() => {
  dir = sandbox('manifests');
  fs.mkdirSync(path.join(dir, 'apis'));
});
afterEach(() => removeSandbox(dir));

/** The caBundle of the one APIService printed, decoded. */
function embedded(out: string): string {
  const caBundle = /caBundle: (\S+)/.exec(out)?.[1];
  if (caBundle === undefined) throw new Error(`no caBundle in ${out}`);
  return Buffer.from(caBundle, 'base64').toString('utf8');
}

async function apiservice(file: string, setup: () => void): Promise<{ code: number; out: string; err: string }> {
  fs.writeFileSync(path.join(dir, 'apis', 'server.ts'), MARKER(file));
  setup();
  // a FIFO is never read by the snapshot (reading it would block the test, which is the point of the case)
  const skip = fs.readdirSync(path.join(dir, 'apis')).filter((f) => fs.lstatSync(path.join(dir, 'apis', f)).isFIFO()).map((f) => `apis/${f}`);
  const before = snapshotTree(dir, skip);
  const r = await run(['apiservice', '--paths', 'apis', '--out', 'config'], dir);
  if (r.code !== 0) {
    expect(treeDiff(before, snapshotTree(dir, skip))).toEqual([]);
    expect(r.err).not.toMatch(STACK_LINE);
  }
  return r;
}

describe('+kubegen:apiservice:caBundleFile= (issue 23, item 4)', () => {
  it('a private key beside the certificate: only the CERTIFICATE block is embedded', async () => {
    const r = await apiservice('tls.pem', () => fs.writeFileSync(path.join(dir, 'apis', 'tls.pem'), `${KEY}some text\n${CERT}`));
    expect(r.code).toBe(0);
    const yaml = fs.readFileSync(path.join(dir, 'config', 'apiservice.yaml'), 'utf8');
    expect(embedded(yaml)).toBe(CERT);
    expect(embedded(yaml)).not.toContain('PRIVATE KEY');
  });

  it('a bundle of several certificates keeps them all, in order', async () => {
    const r = await apiservice('ca.crt', () => fs.writeFileSync(path.join(dir, 'apis', 'ca.crt'), `${CERT}\n${CERT}`));
    expect(r.code).toBe(0);
    expect(embedded(fs.readFileSync(path.join(dir, 'config', 'apiservice.yaml'), 'utf8'))).toBe(CERT + CERT);
  });

  const refused: Array<{ name: string; file: string; setup: () => void; want: RegExp }> = [
    { name: 'a key only', file: 'key.pem', setup: () => fs.writeFileSync(path.join(dir, 'apis', 'key.pem'), KEY), want: /holds no PEM CERTIFICATE block \(only EC PRIVATE KEY block\)/ },
    { name: 'no PEM at all', file: 'x.txt', setup: () => fs.writeFileSync(path.join(dir, 'apis', 'x.txt'), 'hello\n'), want: /holds no PEM CERTIFICATE block \(no PEM block\)/ },
    { name: 'an unterminated certificate', file: 'c.pem', setup: () => fs.writeFileSync(path.join(dir, 'apis', 'c.pem'), CERT.replace('-----END CERTIFICATE-----\n', '')), want: /the CERTIFICATE block has no END line/ },
    { name: 'a directory', file: 'd', setup: () => fs.mkdirSync(path.join(dir, 'apis', 'd')), want: /"d" is not a regular file \(a directory\)/ },
    { name: 'a file outside the project', file: '../../outside.pem', setup: () => undefined, want: /"\.\.\/\.\.\/outside\.pem" is outside the project/ },
    { name: 'an absolute path outside the project', file: '/etc/hostname', setup: () => undefined, want: /"\/etc\/hostname" is outside the project/ },
    { name: 'a link to /dev/zero', file: 'zero.pem', setup: () => fs.symlinkSync('/dev/zero', path.join(dir, 'apis', 'zero.pem')), want: /"zero\.pem" resolves to \/dev\/zero, outside the project/ },
    { name: 'a link out of the project', file: 'link.pem', setup: () => fs.symlinkSync(path.join(path.dirname(dir), 'nowhere-outside.pem'), path.join(dir, 'apis', 'link.pem')), want: /cannot open apis\/link\.pem: no such file or directory \(ENOENT\)/ },
    {
      name: 'a file over 1 MiB',
      file: 'big.pem',
      setup: () => fs.writeFileSync(path.join(dir, 'apis', 'big.pem'), CERT + 'x'.repeat(CA_BUNDLE_FILE_MAX_BYTES)),
      want: new RegExp(`"big\\.pem" is ${CERT.length + CA_BUNDLE_FILE_MAX_BYTES} bytes, more than the ${CA_BUNDLE_FILE_MAX_BYTES} bytes`),
    },
  ];
  it.each(refused)('$name: a one-line error at the marker, nothing written', async ({ file, setup, want }) => {
    const r = await apiservice(file, setup);
    expect(r.code).toBe(1);
    const lines = r.err.split('\n').filter((l) => l !== '');
    expect(lines[0]).toMatch(/^apis\/server\.ts:1:4 - error KG6010: invalid \+kubegen:apiservice: caBundleFile: /);
    expect(lines[0]).toMatch(want);
    expect(fs.existsSync(path.join(dir, 'config'))).toBe(false);
  });

  it('a FIFO is refused without blocking', async () => {
    const r = await apiservice('fifo.pem', () => execFileSync('mkfifo', [path.join(dir, 'apis', 'fifo.pem')]));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^apis\/server\.ts:1:4 - error KG6010: invalid \+kubegen:apiservice: caBundleFile: "fifo\.pem" is not a regular file \(a FIFO\): give a PEM file$/m);
  });

  it('the configuration keys read the same way: a conversion webhook and an APIService entry embed only the certificate, and refuse a key only', async () => {
    fs.writeFileSync(path.join(dir, 'tls.pem'), KEY + CERT);
    fs.writeFileSync(path.join(dir, 'key.pem'), KEY);
    const entry = { group: 'wardle.example.com', version: 'v1alpha1', service: { name: 'api', namespace: 'wardle' }, groupPriorityMinimum: 1000, versionPriority: 15 };
    fs.writeFileSync(
      path.join(dir, 'kubegen.config.json'),
      JSON.stringify({ apis: 'apis', output: 'generated', apiservice: { output: 'config', apiServices: [{ ...entry, caBundleFile: 'tls.pem' }, { ...entry, version: 'v1', caBundleFile: 'key.pem' }] }, conversion: { 'ex.example.com': { url: 'https://conv.example.com/convert', caBundleFile: 'key.pem' } } }),
    );
    const before = snapshotTree(dir);
    const r = await run(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('kubegen: kubegen.config.json: apiservice.apiServices[1].caBundleFile: "key.pem" holds no PEM CERTIFICATE block (only EC PRIVATE KEY block)');
    expect(r.err).toContain('kubegen: kubegen.config.json: conversion["ex.example.com"].caBundleFile: "key.pem" holds no PEM CERTIFICATE block (only EC PRIVATE KEY block)');
    expect(r.err).not.toMatch(/apiServices\[0\]/);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });
});

const WEBHOOK = (args: string) =>
  `// +kubebuilder:webhook:${args},mutating=false,failurePolicy=fail,sideEffects=None,groups=ex.example.com,resources=widgets,verbs=create,versions=v1,name=vwidget.ex.example.com,admissionReviewVersions=v1\nexport {};\n`;

describe('+kubebuilder:webhook path= and url= (issue 23)', () => {
  const cases: Array<{ args: string; want: string }> = [
    { args: 'path=@evil.example.com/x', want: `path "@evil.example.com/x" would be refused by the API server: must start with a '/'` },
    { args: 'path=../x', want: `path "../x" would be refused by the API server: must start with a '/'` },
    { args: 'path=/a/../x', want: 'path "/a/../x" would be refused by the API server: segment[1]: a lowercase RFC 1123 subdomain must consist of' },
    { args: 'path="/x\\ny"', want: 'path "/x\\ny" would be refused by the API server: segment[0]: a lowercase RFC 1123 subdomain must consist of' },
    { args: 'path="/x?y=1"', want: 'path "/x?y=1" would be refused by the API server: segment[0]: a lowercase RFC 1123 subdomain' },
    { args: 'path=//x', want: 'path "//x" would be refused by the API server: segment[0] may not be empty' },
    { args: 'url="https://user@evil.example.com/x"', want: 'url "https://user@evil.example.com/x" would be refused by the API server: user information is not permitted in the URL' },
    { args: 'url="https://h.example.com/x?a=b"', want: 'url "https://h.example.com/x?a=b" would be refused by the API server: query parameters are not permitted in the URL' },
    { args: 'url="http://h.example.com/x"', want: `url "http://h.example.com/x" would be refused by the API server: 'https' is the only allowed URL scheme` },
  ];
  it.each(cases)('$args is an error at the marker, nothing written', async ({ args, want }) => {
    fs.writeFileSync(path.join(dir, 'apis', 'hooks.ts'), WEBHOOK(args));
    const before = snapshotTree(dir);
    const r = await run(['webhook', '--paths', 'apis', '--out', 'config'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`apis/hooks.ts:1:4 - error KG6003: invalid +kubebuilder:webhook: ${want}`);
    expect(r.err).not.toMatch(STACK_LINE);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });

  it('a valid path is still accepted', async () => {
    fs.writeFileSync(path.join(dir, 'apis', 'hooks.ts'), WEBHOOK('path=/validate-ex-example-com-v1-widget'));
    const r = await run(['webhook', '--paths', 'apis', '--stdout'], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('path: /validate-ex-example-com-v1-widget');
  });

  it('a conversion webhook service path in the configuration is checked the same way', async () => {
    fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'generated', conversion: { 'ex.example.com': { service: { name: 'c', namespace: 'n', path: '@evil.example.com/x' } } } }));
    const r = await run(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`kubegen: kubegen.config.json: conversion["ex.example.com"].service.path: would be refused by the API server: must start with a '/'`);
  });
});

describe('patchWebhookConfigurations builds URLs with the URL API (issue 23)', () => {
  const config = (p: unknown) => [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'v' },
      webhooks: [{ name: 'vwidget.ex.example.com', clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: p } } }],
    },
  ];
  const urlOf = (docs: ReturnType<typeof config>) => (present(docs[0]?.webhooks[0], 'the one webhook').clientConfig as unknown as { url: string }).url;

  it.each(['@evil.example.com/x', '../x', '/x\n', '/a/../../x', '/a/%2e%2e/x', '/x?y', '/x#y'])('refuses the path %j', (p) => {
    expect(() => patchWebhookConfigurations(config(p), { url: 'https://127.0.0.1:9443', caBundle: 'CA' })).toThrow(/is not a URL path|would change the URL's origin/);
  });

  it.each(['https://user@127.0.0.1:9443', 'https://127.0.0.1:9443/?x=1', 'https://127.0.0.1:9443#f', 'http://127.0.0.1:9443'])('refuses the target url %j', (url) => {
    expect(() => patchWebhookConfigurations(config('/x'), { url, caBundle: 'CA' })).toThrow('url must be https://host[:port]');
  });

  it('keeps a valid path and a base path', () => {
    expect(urlOf(patchWebhookConfigurations(config('/validate-x'), { url: 'https://127.0.0.1:9443', caBundle: 'CA' }))).toBe('https://127.0.0.1:9443/validate-x');
    expect(urlOf(patchWebhookConfigurations(config('/validate-x'), { url: 'https://127.0.0.1:9443/base/', caBundle: 'CA' }))).toBe('https://127.0.0.1:9443/base/validate-x');
    // a path that looks like an authority stays a path: the host is the target's
    expect(new URL(urlOf(patchWebhookConfigurations(config('//evil.example.com/x'), { url: 'https://127.0.0.1:9443', caBundle: 'CA' }))).host).toBe('127.0.0.1:9443');
  });

  it('property: for any path string, the result keeps the target origin or the call throws; a path the API server accepts is kept', () => {
    const pathChars = fc.constantFrom('/', '@', '.', ':', '?', '#', '%', '\\', '\n', ' ', 'a', 'b', '-', '2', 'e', 'E', '[', ']');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(pathChars, { maxLength: 16 }).map((cs) => cs.join(''))), (p) => {
        let url: string;
        try {
          url = urlOf(patchWebhookConfigurations(config(p), { url: 'https://127.0.0.1:9443', caBundle: 'CA' }));
        } catch {
          return;
        }
        const u = new URL(url);
        expect(u.origin).toBe('https://127.0.0.1:9443');
        expect(u.username + u.password + u.search + u.hash).toBe('');
        if (p !== '' && webhookPathErrors(p).length === 0) expect(u.pathname).toBe(p);
      }),
      { numRuns: RUNS },
    );
  });
});
