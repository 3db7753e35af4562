import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../../generator/cli';
import { normalizeApplyArgv } from '../../../../generator/cli/apply';

// each test runs the CLI in-process (yargs, the lazy-loaded engine, a kubeconfig read): generous on a loaded machine
jest.setTimeout(60_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-apply-cli-'));
  fs.writeFileSync(path.join(dir, 'ok.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
  fs.writeFileSync(path.join(dir, 'bad.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {}\n');
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['apply', ...argv], { out: (s) => { out += s; }, err: (s) => { err += s; } }, dir);
  return { code, out, err };
}

describe('kubegen apply: the command line', () => {
  it.each([
    { argv: [], want: 'kubegen: -f/--filename or -k/--kustomize is required: the manifests to apply (a file, a directory, or - for standard input), or a kustomization directory (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '-k', 'k'], want: 'kubegen: -k/--kustomize and -f/--filename cannot be used together (as kubectl): apply them in two runs, or list the files under resources (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '-o', 'yaml'], want: 'kubegen: -o/--output yaml prints the objects with --dry-run=client (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--prune'], want: 'kubegen: --prune needs --applyset <name>: the Secret (or configmaps/<name>) that remembers what was applied (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--applyset', 'x'], want: 'kubegen: --applyset is used with --prune (or with --delete, to delete the whole set) (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--prune', '--delete', '--applyset', 'x'], want: 'kubegen: --prune and --delete cannot be used together (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--delete', '--force-conflicts'], want: 'kubegen: --force-conflicts is for applying, not for --delete (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--timeout', 'soon'], want: 'kubegen: --timeout "soon": expected a duration such as 30s, 2m or 1m30s (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--timeout', '0s'], want: 'kubegen: --timeout "0s": expected a duration such as 30s, 2m or 1m30s (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--namespace', ''], want: 'kubegen: --namespace needs a value (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--dry-run=client', '--prune', '--applyset', 'x'], want: 'kubegen: --dry-run=client only prints the objects: --prune, --delete and --applyset need a server (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--dry-run=bogus'], want: 'kubegen: Invalid values: Argument: dry-run, Given: "bogus", Choices: "none", "server", "client" (see kubegen --help)\n' },
    { argv: ['-f', 'ok.yaml', '--prnue'], want: 'kubegen: Unknown argument: prnue (did you mean --prune?)\n' },
  ])('refuses $argv with exit code 2 and one line', async ({ argv, want }) => {
    const r = await run(...argv);
    expect(r).toEqual({ code: 2, out: '', err: want });
  });

  it('reports every bad manifest before it reads a kubeconfig or contacts a server', async () => {
    const r = await run('-f', 'bad.yaml', '-f', 'missing.yaml', '--kubeconfig', 'does-not-exist');
    expect(r).toEqual({ code: 1, out: '', err: 'kubegen: bad.yaml:6:1: metadata.name is not set\nkubegen: missing.yaml: does not exist\n' });
  });

  it('reports a kubeconfig it cannot read in one line', async () => {
    const r = await run('-f', 'ok.yaml', '--kubeconfig', 'does-not-exist');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^kubegen: .*does-not-exist.*\n$/);
  });

  it('refuses an ApplySet parent that is not a Secret or ConfigMap before contacting a server', async () => {
    const kc = path.join(dir, 'kc.yaml');
    fs.writeFileSync(kc, 'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\nusers: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n');
    const r = await run('-f', 'ok.yaml', '--kubeconfig', kc, '--prune', '--applyset', 'deployments/x');
    expect(r).toEqual({ code: 1, out: '', err: 'kubegen: --applyset "deployments/x": the parent must be a Secret or a ConfigMap (secrets/<name> or configmaps/<name>), not "deployments"\n' });
  });

  it('-k --dry-run=client -o yaml prints the rendered kustomization without a server', async () => {
    fs.mkdirSync(path.join(dir, 'k'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'k/kustomization.yaml'), 'resources: [cm.yaml]\nnamespace: ns\nnamePrefix: p-\n');
    fs.writeFileSync(path.join(dir, 'k/cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
    const r = await run('-k', 'k', '--dry-run=client', '-o', 'yaml', '--kubeconfig', 'does-not-exist');
    expect(r).toEqual({ code: 0, out: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: p-a\n  namespace: ns\n', err: '' });
  });

  it('-k refuses a key it does not render with its file:line:column, nothing applied', async () => {
    fs.mkdirSync(path.join(dir, 'bad'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'bad/kustomization.yaml'), 'resources: []\nconfigMapGenerator:\n- name: x\n');
    const r = await run('-k', 'bad', '--kubeconfig', 'does-not-exist');
    expect(r).toEqual({ code: 1, out: '', err: 'kubegen: bad/kustomization.yaml:2:1: configMapGenerator is not supported by kubegen apply -k; render with kustomize build bad | kubegen apply -f -\n' });
  });

  it('reads -f - as standard input, and only the arguments of apply', () => {
    expect(normalizeApplyArgv(['apply', '-f', '-', '--filename', '-', '-f', 'a'])).toEqual(['apply', '--filename=-', '--filename=-', '-f', 'a']);
    expect(normalizeApplyArgv(['import', 'crd', '-f', '-'])).toEqual(['import', 'crd', '-f', '-']);
  });
});
