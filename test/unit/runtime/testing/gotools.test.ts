/**
 * ensureGoTool: a Go tool built once into the cache with `go install <pkg>@<version>` — against a fake `go` (a shell
 * script that writes an executable into $GOBIN and records its arguments), so no Go toolchain and no minutes.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureGoModuleSource, ensureGoTool, goToolPath, installedName } from '../../../../runtime/src/testing/gotools';
import { present } from '../../helpers/present';

// Spawns a (fake) `go` process per build.
jest.setTimeout(60_000);

let root: string;
beforeEach(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-gotools-')); });
afterEach(() => { fs.rmSync(root, { recursive: true, force: true }); });

/** A fake `go`: appends its arguments, cwd and GOBIN to `calls`, then runs `body`. */
function fakeGo(body: string): { go: string; calls: string } {
  const go = path.join(root, 'go');
  const calls = path.join(root, 'calls');
  fs.writeFileSync(go, `#!/bin/sh\necho "$* | $PWD | $GOBIN | $CGO_ENABLED | $GOFLAGS" >> '${calls}'\n${body}\n`, { mode: 0o755 });
  return { go, calls };
}

const writesBinary = (name: string) => `sleep 0.2\nprintf '#!/bin/sh\\necho built\\n' > "$GOBIN/${name}"\nchmod +x "$GOBIN/${name}"`;

test('builds the main package with go install into <cache>/<binary>-<version>/ once; later calls use the cache', async () => {
  const { go, calls } = fakeGo(writesBinary('helm'));
  const cacheDir = path.join(root, 'cache');
  const lines: string[] = [];
  const options = { module: 'helm.sh/helm/v4', package: 'helm.sh/helm/v4/cmd/helm', version: 'v4.3.2', binary: 'helm', cacheDir, goBinary: go, log: (l: string) => lines.push(l) };
  const [a, b] = await Promise.all([ensureGoTool(options), ensureGoTool(options)]);
  expect(a).toBe(path.join(cacheDir, 'helm-v4.3.2', 'helm'));
  expect(b).toBe(a);
  expect(goToolPath(options)).toBe(a);
  expect(await ensureGoTool(options)).toBe(a);
  const recorded = fs.readFileSync(calls, 'utf8').trim().split('\n');
  expect(recorded).toHaveLength(1); // two concurrent callers and a later one: one build
  const [args, cwd, gobin, cgo, goflags] = present(recorded[0], 'the recorded go call').split(' | ');
  expect(args).toBe('install helm.sh/helm/v4/cmd/helm@v4.3.2');
  expect(fs.existsSync(present(cwd, 'the recorded working directory'))).toBe(false); // a private empty directory, removed after
  expect(present(gobin, 'the recorded GOBIN').startsWith(cacheDir)).toBe(true);
  expect([cgo, goflags]).toEqual(['0', '-trimpath']);
  expect(fs.readdirSync(cacheDir).sort()).toEqual(['helm-v4.3.2']); // no lock, no work directory left
  expect(lines.filter((l) => l.includes('building helm v4.3.2 (go install helm.sh/helm/v4/cmd/helm@v4.3.2)'))).toHaveLength(1);
  expect(lines.filter((l) => l.includes('waiting for pid'))).toHaveLength(1); // the second caller waited for the first
});

test('the module is the package when no package is given (kustomize: go install names the binary kustomize, not v5)', async () => {
  const { go, calls } = fakeGo(writesBinary('kustomize'));
  const cacheDir = path.join(root, 'cache');
  const tool = await ensureGoTool({ module: 'sigs.k8s.io/kustomize/kustomize/v5', version: 'v5.8.1', binary: 'kustomize', cacheDir, goBinary: go, log: () => {} });
  expect(tool).toBe(path.join(cacheDir, 'kustomize-v5.8.1', 'kustomize'));
  expect(fs.readFileSync(calls, 'utf8')).toContain('install sigs.k8s.io/kustomize/kustomize/v5@v5.8.1 |');
});

test.each([
  ['sigs.k8s.io/kustomize/kustomize/v5', 'kustomize'],
  ['helm.sh/helm/v4/cmd/helm', 'helm'],
  ['example.com/tool/v2', 'tool'],
  ['example.com/tool/v10', 'tool'],
  ['example.com/tool/v1', 'v1'],
  ['example.com/tool/v0', 'v0'],
  ['example.com/tool/v02', 'v02'],
  ['example.com/tool/version', 'version'],
  ['v3', 'v3'],
])('go install %s writes %s (cmd/go DefaultExecName)', (pkg, want) => {
  expect(installedName(pkg)).toBe(want);
});

test('a failed build rejects with the command and go\'s message, and leaves nothing in the cache', async () => {
  const { go } = fakeGo('echo "go: helm.sh/helm/v4/cmd/helm@v9.9.9: invalid version: unknown revision v9.9.9" >&2\nexit 1');
  const cacheDir = path.join(root, 'cache');
  await expect(ensureGoTool({ module: 'helm.sh/helm/v4', package: 'helm.sh/helm/v4/cmd/helm', version: 'v9.9.9', binary: 'helm', cacheDir, goBinary: go, log: () => {} }))
    .rejects.toThrow(/`go install helm\.sh\/helm\/v4\/cmd\/helm@v9\.9\.9` failed in .*\n.*unknown revision v9\.9\.9/);
  expect(fs.readdirSync(cacheDir)).toEqual([]);
});

test('a build that produces no binary of the package\'s name is an error', async () => {
  const { go } = fakeGo(writesBinary('other'));
  await expect(ensureGoTool({ module: 'example.com/tool', version: 'v1.0.0', binary: 'tool', cacheDir: path.join(root, 'c'), goBinary: go, log: () => {} }))
    .rejects.toThrow('go install example.com/tool@v1.0.0 did not produce tool (found: other)');
});

test.each([
  { given: { version: 'latest' }, want: /version "latest" of example\.com\/tool is not an exact version/ },
  { given: { version: 'main' }, want: /version "main"/ },
  { given: { module: 'example.com/tool; rm -rf /' }, want: /is not a Go module path/ },
  { given: { package: 'other.org/cmd/tool' }, want: /package "other\.org\/cmd\/tool" is not inside module example\.com\/tool/ },
  { given: { binary: '../escape' }, want: /binary "\.\.\/escape" is not a plain file name/ },
])('refuses $given', async ({ given, want }) => {
  const { go, calls } = fakeGo(writesBinary('tool'));
  await expect(ensureGoTool({ module: 'example.com/tool', version: 'v1.0.0', binary: 'tool', cacheDir: path.join(root, 'c'), goBinary: go, log: () => {}, ...given }))
    .rejects.toThrow(want);
  expect(fs.existsSync(calls)).toBe(false);
});

test('ensureGoModuleSource: go mod download -json <module>@<version> in an empty directory, the module directory back', async () => {
  const dir = path.join(root, 'mod', 'github.com', 'cert-manager', 'cert-manager@v1.21.2');
  const { go, calls } = fakeGo(`printf '{"Path":"github.com/cert-manager/cert-manager","Version":"v1.21.2","Dir":"%s"}\\n' '${dir}'`);
  expect(await ensureGoModuleSource({ module: 'github.com/cert-manager/cert-manager', version: 'v1.21.2', goBinary: go })).toBe(dir);
  const [args, cwd, , , goflags] = fs.readFileSync(calls, 'utf8').trim().split(' | ');
  expect(args).toBe('mod download -json github.com/cert-manager/cert-manager@v1.21.2');
  expect(cwd).toMatch(/kubegen-go-mod-/);
  expect(goflags).toBe('-mod=mod');
});

test('ensureGoModuleSource: an inexact version or a bad module path is refused before go runs; go\'s error is reported', async () => {
  const { go } = fakeGo(`printf '{"Path":"example.com/m","Version":"v1.0.0","Error":"unknown revision v1.0.0"}\\n'; exit 1`);
  await expect(ensureGoModuleSource({ module: 'example.com/m', version: 'latest', goBinary: go })).rejects.toThrow('is not an exact version');
  await expect(ensureGoModuleSource({ module: '../m', version: 'v1.0.0', goBinary: go })).rejects.toThrow('is not a Go module path');
  await expect(ensureGoModuleSource({ module: 'example.com/m', version: 'v1.0.0', goBinary: go })).rejects.toThrow(/go mod download -json example\.com\/m@v1\.0\.0/);
});
