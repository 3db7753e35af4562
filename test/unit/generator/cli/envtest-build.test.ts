/**
 * The control-plane build (`kubegen envtest build`): its progress lines, and its two `go build`s running at the same
 * time — against a fake `go` (helpers/fake-go.js) that prints what Go prints, so no Go toolchain and no minutes.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../../generator/cli';
import { buildControlPlaneBinaries } from '../../../../runtime/src/testing/binaries';
import { BuildProgress, classifyGoLine, clock } from '../../../../runtime/src/testing/build-progress';

// Each build below spawns a dozen `node` processes (the fake go): a generous timeout for a loaded machine.
jest.setTimeout(120_000);

describe('classifyGoLine', () => {
  test.each([
    { given: 'go: downloading github.com/google/cel-go v0.26.0', want: { kind: 'download', module: 'github.com/google/cel-go', version: 'v0.26.0' } },
    { given: 'k8s.io/apiserver/pkg/server', want: { kind: 'package', importPath: 'k8s.io/apiserver/pkg/server' } },
    { given: 'runtime', want: { kind: 'package', importPath: 'runtime' } },
    { given: 'gopkg.in/yaml.v3', want: { kind: 'package', importPath: 'gopkg.in/yaml.v3' } },
    { given: '# k8s.io/apiserver/pkg/server', want: { kind: 'other', text: '# k8s.io/apiserver/pkg/server' } },
    { given: 'server/x.go:12:3: undefined: nope', want: { kind: 'other', text: 'server/x.go:12:3: undefined: nope' } },
    { given: 'go: finding module for package go.etcd.io/etcd/server/v3/etcdmain', want: { kind: 'other', text: 'go: finding module for package go.etcd.io/etcd/server/v3/etcdmain' } },
    { given: 'go:', want: { kind: 'other', text: 'go:' } },
  ])('$given', ({ given, want }) => expect(classifyGoLine(given)).toEqual(want));
});

test.each([
  { ms: 0, want: '0:00' },
  { ms: 59_999, want: '0:59' },
  { ms: 61_000, want: '1:01' },
  { ms: 3_725_000, want: '1:02:05' },
])('clock($ms) = $want', ({ ms, want }) => expect(clock(ms)).toBe(want));

describe('BuildProgress', () => {
  function harness(options: { intervalMs?: number; quietMs?: number } = {}) {
    let now = 1_000_000;
    const lines: string[] = [];
    const progress = new BuildProgress({ log: (l) => lines.push(l), now: () => now, ...options });
    return { progress, lines, advance: (ms: number) => (now += ms) };
  }

  test('one summary line per interval however many lines go prints, with counts, the last package and the elapsed time', () => {
    const { progress, lines, advance } = harness({ intervalMs: 5000 });
    const api = progress.step('kube-apiserver', 'k8s.io/kubernetes/cmd/kube-apiserver');
    const etcd = progress.step('etcd', 'kubegen.local/envtest/etcd');
    api.begin('resolving');
    etcd.begin('resolving');
    for (let i = 0; i < 40; i++) api.line(`go: downloading example.com/m${i} v1.0.${i}`);
    expect(progress.tick()).toBe(true);
    api.compiling(3);
    advance(1000);
    api.line('runtime');
    expect(progress.tick()).toBe(false); // within the interval: nothing, whatever changed
    advance(4000);
    api.line('k8s.io/apiserver/pkg/server');
    expect(progress.tick()).toBe(true);
    expect(lines).toEqual([
      'kubegen envtest [0:00] kube-apiserver: resolving dependencies, 40 modules downloaded (last example.com/m39 v1.0.39); etcd: resolving dependencies',
      'kubegen envtest [0:05] kube-apiserver: compiled 2/3 packages (k8s.io/apiserver/pkg/server)',
    ]);
  });

  test('the main package compiled means linking; done says how long the step took; finished steps drop out', () => {
    const { progress, lines, advance } = harness({ intervalMs: 5000, quietMs: 30_000 });
    const api = progress.step('kube-apiserver', 'k8s.io/kubernetes/cmd/kube-apiserver');
    const etcd = progress.step('etcd', 'kubegen.local/envtest/etcd');
    etcd.begin('resolving');
    api.compiling(2);
    api.line('k8s.io/apimachinery/pkg/runtime');
    api.line('k8s.io/kubernetes/cmd/kube-apiserver');
    advance(20_000);
    progress.tick();
    etcd.compiling(1);
    etcd.line('kubegen.local/envtest/etcd');
    advance(6000);
    etcd.finish('built');
    progress.tick();
    advance(40_000); // quiet: the still-running step is reported again, the finished one is not
    progress.tick();
    expect(lines).toEqual([
      'kubegen envtest [0:20] kube-apiserver: compiled 2/2 packages, linking (0:20); etcd: resolving dependencies',
      'kubegen envtest [0:26] etcd: built in 0:26, 1 package compiled',
      'kubegen envtest [1:06] kube-apiserver: compiled 2/2 packages, linking (1:06)',
    ]);
  });

  test("packages Go finds in its build cache are not printed by go build -v: the summary says so instead of counting them", () => {
    const { progress, lines, advance } = harness({ intervalMs: 5000 });
    const api = progress.step('kube-apiserver', 'k8s.io/kubernetes/cmd/kube-apiserver');
    api.compiling(5);
    progress.tick();
    advance(5000);
    api.line('k8s.io/kubernetes/pkg/a');
    api.line('k8s.io/kubernetes/cmd/kube-apiserver');
    advance(5000);
    api.finish('built');
    progress.tick();
    expect(lines).toEqual([
      'kubegen envtest [0:00] kube-apiserver: compiling 5 packages',
      "kubegen envtest [0:10] kube-apiserver: built in 0:10, 2 packages compiled, 3 from Go's build cache",
    ]);
  });

  test('a step with no news is reported only once the quiet period is over', () => {
    const { progress, lines, advance } = harness({ intervalMs: 5000, quietMs: 30_000 });
    progress.step('k8s.io/kubernetes v1.2.3').begin('downloading', 'the module');
    expect(progress.tick()).toBe(true);
    for (let i = 0; i < 5; i++) {
      advance(5000);
      expect(progress.tick()).toBe(false);
    }
    advance(5000);
    expect(progress.tick()).toBe(true);
    expect(lines).toEqual([
      'kubegen envtest [0:00] k8s.io/kubernetes v1.2.3: downloading the module (0:00)',
      'kubegen envtest [0:30] k8s.io/kubernetes v1.2.3: downloading the module (0:30)',
    ]);
  });
});

describe('buildControlPlaneBinaries with a fake go', () => {
  const fakeGo = path.join(__dirname, '..', '..', 'helpers', 'fake-go.js');
  let dir: string;
  let cacheDir: string;
  let progressFile: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-fake-go-'));
    cacheDir = path.join(dir, 'cache');
    progressFile = path.join(dir, 'progress.log');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const build = (extraEnv: NodeJS.ProcessEnv = {}) => {
    const lines: string[] = [];
    const result = buildControlPlaneBinaries({
      kubernetesVersion: '1.2.3',
      cacheDir,
      goBinary: fakeGo,
      parallelism: 4,
      progressIntervalMs: 20,
      env: { PATH: process.env.PATH, HOME: dir, FAKE_GO_DIR: dir, FAKE_GO_PROGRESS: progressFile, ...extraEnv },
      log: (line) => {
        lines.push(line);
        fs.appendFileSync(progressFile, `${line}\n`);
      },
    });
    return { result, lines };
  };
  const calls = () =>
    fs.readFileSync(path.join(dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { args: string[]; which: string });
  const assetsDir = () => path.join(cacheDir, 'k8s', fs.readdirSync(path.join(cacheDir, 'k8s')).find((n) => !n.endsWith('.lock'))!);

  test(
    'builds both binaries at the same time (each fake build ends only once the other has started), with progress lines',
    async () => {
      const { result, lines } = build();
      await expect(result).resolves.toBe(true);

      const assets = assetsDir();
      expect(fs.readdirSync(assets).sort()).toEqual(['etcd', 'kube-apiserver', 'versions.json']);
      expect(fs.readFileSync(path.join(assets, 'kube-apiserver'), 'utf8')).toContain('fake kube-apiserver');
      expect(JSON.parse(fs.readFileSync(path.join(assets, 'versions.json'), 'utf8'))).toEqual({ kubernetes: 'v1.2.3', etcd: 'v3.6.9', go: 'go1.99.0' });

      const builds = calls().filter((c) => c.args[0] === 'build');
      const api = builds.find((c) => c.which === 'kube-apiserver')!.args;
      const etcd = builds.find((c) => c.which === 'etcd')!.args;
      expect(api.slice(0, 4)).toEqual(['build', '-v', '-p', '4']);
      expect(etcd.slice(0, 4)).toEqual(['build', '-v', '-p', '2']);
      expect(api[api.indexOf('-ldflags') + 1]).toContain('-X k8s.io/component-base/version.gitVersion=v1.2.3');
      expect(calls().filter((c) => c.args[0] === 'list').map((c) => c.which).sort()).toEqual(['etcd', 'kube-apiserver']);

      expect(lines[0]).toMatch(/^kubegen envtest: building kube-apiserver v1\.2\.3 \(go build -p 4\) and its etcd \(-p 2\) in parallel with go1\.99\.0 into .*KUBEBUILDER_ASSETS=/);
      for (const line of lines.slice(1)) expect(line).toMatch(/^kubegen envtest \[\d+:\d\d\] /);
      expect(lines.join('\n')).toMatch(/kube-apiserver: compiled \d\/4 packages/);
      expect(lines.join('\n')).toMatch(/etcd: compiled \d\/3 packages/);
      expect(lines[lines.length - 1]).toMatch(new RegExp(`built kube-apiserver v1\\.2\\.3 and etcd v3\\.6\\.9 in \\d+:\\d\\d → ${assets.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

      // Found in the cache the second time: no go command runs.
      const before = calls().length;
      await expect(build().result).resolves.toBe(false);
      expect(calls()).toHaveLength(before);
    },
  );

  test(
    'one build failing stops the other, reports Go\'s error without the progress lines, and leaves no binary behind',
    async () => {
      const { result, lines } = build({ FAKE_GO_FAIL: 'etcd' });
      const error = await result.then(
        () => undefined,
        (err: unknown) => err as Error,
      );
      expect(error?.message).toMatch(/^`go build -v -p 2 .*` failed in .*etcd:\n# go\.etcd\.io\/etcd\/server\/v3\/etcdmain\n\/src\/etcd\/x\.go:12:3: undefined: nope$/);
      expect(lines[lines.length - 1]).toMatch(/^kubegen envtest \[\d+:\d\d\] build failed$/);
      const assets = assetsDir();
      expect(fs.readdirSync(assets)).toEqual([]);
      expect(fs.existsSync(`${assets}.lock`)).toBe(false);
      expect(fs.readdirSync(path.join(cacheDir, 'tmp'))).toEqual([]);
    },
  );
});

describe('kubegen envtest build --parallelism', () => {
  test.each(['0', '-1', '1.5', 'many'])('%s is refused with one line and exit status 2, before anything is looked for or built', async (value) => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-parallelism-'));
    try {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['envtest', 'build', '--parallelism', value, '--cache-dir', cacheDir], { out: (s) => out.push(s), err: (s) => err.push(s) });
      expect({ code, out: out.join(''), err: err.join('') }).toEqual({
        code: 2,
        out: '',
        err: expect.stringMatching(/^kubegen: --parallelism must be a whole number of CPUs, at least 1 \(got [^)\n]+\) \(see kubegen --help\)\n$/) as unknown,
      });
      expect(fs.readdirSync(cacheDir)).toEqual([]);
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
