import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { BuildProgress, classifyGoLine, type BuildStep } from './build-progress';
import { withFileLock } from './lock';

/** The Kubernetes release kubegen builds when nothing else is configured. Its etcd version comes from that release. */
export const DEFAULT_KUBERNETES_VERSION = '1.37.2';

/** Where the two control-plane binaries are, and how they were found. */
export interface ControlPlaneBinaries {
  kubeApiServer: string;
  etcd: string;
  /**
   * `environment`: `TEST_ASSET_*` or `KUBEBUILDER_ASSETS`; `cache`: built earlier into the cache;
   * `built`: built by this call.
   */
  source: 'environment' | 'cache' | 'built';
  /** The cache directory holding both binaries, when they come from the cache. */
  directory?: string;
}

/** Options for {@link resolveControlPlaneBinaries}. */
export interface ResolveBinariesOptions {
  /**
   * Kubernetes release without the `v`, e.g. `1.37.2`. Default `$KUBEGEN_ENVTEST_K8S_VERSION`, else
   * {@link DEFAULT_KUBERNETES_VERSION}.
   */
  kubernetesVersion?: string;
  /** Cache root. Default `$KUBEGEN_ENVTEST_CACHE`, else `~/.cache/kubegen/envtest`. */
  cacheDir?: string;
  /** Environment to read `KUBEBUILDER_ASSETS`, `TEST_ASSET_*`, `KUBEGEN_ENVTEST_CACHE` from. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Build missing binaries with Go. Default true; when false a missing binary is an error. */
  build?: boolean;
  /** The `go` command. Default `go` on `PATH`. */
  goBinary?: string;
  /**
   * Progress lines: the build's start and end, and during a build a step line at most every `progressIntervalMs`
   * (modules downloaded, packages compiled, elapsed time). Default: written to stderr.
   */
  log?: (line: string) => void;
  /** Least time between two progress lines during a build. Default 5 s. */
  progressIntervalMs?: number;
  /** CPUs the build may use (`go build -p`). Default `os.availableParallelism()`. */
  parallelism?: number;
  /** Aborts waiting for another process's build, and a build in progress (the `go` processes are killed). */
  signal?: AbortSignal;
}

/** The default cache root: `$KUBEGEN_ENVTEST_CACHE`, else `~/.cache/kubegen/envtest`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.KUBEGEN_ENVTEST_CACHE || path.join(os.homedir(), '.cache', 'kubegen', 'envtest');
}

/** `<cache>/k8s/<version>-<os>-<arch>`, the layout envtest's `setup-envtest` uses. */
export function cachedAssetsDir(cacheDir: string, kubernetesVersion: string): string {
  return path.join(cacheDir, 'k8s', `${kubernetesVersion}-${goOs()}-${goArch()}`);
}

/**
 * Finds kube-apiserver and etcd, building them from the official Go modules when they are nowhere to be found.
 *
 * Order, per binary: `TEST_ASSET_KUBE_APISERVER` / `TEST_ASSET_ETCD`; then `$KUBEBUILDER_ASSETS/<name>`; then the
 * cache (`<cache>/k8s/<version>-<os>-<arch>/<name>`); then a build into the cache (see {@link buildControlPlaneBinaries}).
 * A variable that names a missing file is an error, not a reason to fall through.
 */
export async function resolveControlPlaneBinaries(options: ResolveBinariesOptions = {}): Promise<ControlPlaneBinaries> {
  const env = options.env ?? process.env;
  const fromEnv = {
    kubeApiServer: await fromVariables(env, 'TEST_ASSET_KUBE_APISERVER', 'kube-apiserver'),
    etcd: await fromVariables(env, 'TEST_ASSET_ETCD', 'etcd'),
  };
  if (fromEnv.kubeApiServer && fromEnv.etcd) {
    return { kubeApiServer: fromEnv.kubeApiServer, etcd: fromEnv.etcd, source: 'environment' };
  }
  const version = kubernetesVersionOf(options, env);
  const dir = cachedAssetsDir(options.cacheDir ?? defaultCacheDir(env), version);
  let source: ControlPlaneBinaries['source'] = 'cache';
  if (!(await cachedBinariesPresent(dir))) {
    if (options.build === false) {
      throw new Error(`kube-apiserver/etcd not found in ${dir} and building is disabled.\n${HOW_TO_PROVIDE}`);
    }
    source = (await buildControlPlaneBinaries({ ...options, kubernetesVersion: version })) ? 'built' : 'cache';
  }
  return {
    kubeApiServer: fromEnv.kubeApiServer ?? path.join(dir, 'kube-apiserver'),
    etcd: fromEnv.etcd ?? path.join(dir, 'etcd'),
    source: fromEnv.kubeApiServer || fromEnv.etcd ? 'environment' : source,
    directory: dir,
  };
}

/** The Kubernetes version to use: the option, else `$KUBEGEN_ENVTEST_K8S_VERSION`, else the default; no `v`. */
export function kubernetesVersionOf(options: Pick<ResolveBinariesOptions, 'kubernetesVersion'>, env: NodeJS.ProcessEnv = process.env): string {
  return (options.kubernetesVersion ?? (env.KUBEGEN_ENVTEST_K8S_VERSION || DEFAULT_KUBERNETES_VERSION)).replace(/^v/, '');
}

const HOW_TO_PROVIDE = [
  'kubegen needs a kube-apiserver and an etcd binary. Provide them in one of these ways:',
  '  • install Go ≥ 1.26 (https://go.dev/doc/install; make `go` available on PATH) and kubegen builds them once from the',
  '    Go module proxy into ~/.cache/kubegen/envtest (or $KUBEGEN_ENVTEST_CACHE); run `kubegen envtest build` to do it now;',
  '  • or set KUBEBUILDER_ASSETS to a directory containing `kube-apiserver` and `etcd`',
  '    (for example the output of `setup-envtest use -p path 1.37.x`);',
  '  • or set TEST_ASSET_KUBE_APISERVER and TEST_ASSET_ETCD to the two binaries.',
].join('\n');

async function fromVariables(env: NodeJS.ProcessEnv, variable: string, name: string): Promise<string | undefined> {
  const direct = env[variable];
  if (direct) {
    await mustBeExecutable(direct, `${variable}=${direct}`);
    return direct;
  }
  const assets = env.KUBEBUILDER_ASSETS;
  if (assets) {
    const file = path.join(assets, name);
    await mustBeExecutable(file, `KUBEBUILDER_ASSETS=${assets} (looking for ${name})`);
    return file;
  }
  return undefined;
}

async function mustBeExecutable(file: string, origin: string): Promise<void> {
  try {
    await fs.access(file, fs.constants.X_OK);
  } catch {
    throw new Error(`${origin}: ${file} does not exist or is not executable`);
  }
}

async function cachedBinariesPresent(dir: string): Promise<boolean> {
  for (const name of ['kube-apiserver', 'etcd']) {
    try {
      await fs.access(path.join(dir, name), fs.constants.X_OK);
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Builds kube-apiserver and etcd for `kubernetesVersion` into `<cache>/k8s/<version>-<os>-<arch>/`, unless they are
 * already there. Returns true when this call built them, false when they were found (possibly after waiting for
 * another process that was building them).
 *
 * How: `k8s.io/kubernetes@v<version>` is downloaded through the Go module proxy; a throw-away module under
 * `<cache>/tmp/` requires it and `replace`s every `k8s.io/<staging>` module its go.mod points at `./staging` by the
 * published `v0.<minor>.<patch>`; `cmd/kube-apiserver` is built with the version ldflags `hack/lib/version.sh`
 * sets, so `/version` reports the real release. etcd is the version listed in that release's
 * `build/dependencies.yaml`, built from a tiny `main` over `go.etcd.io/etcd/server/v3/etcdmain` in a module of its
 * own (Kubernetes' go.mod pins an etcd client and server that need not be that release, so one module for both would
 * change etcd's version). Both builds use `GOFLAGS=-mod=mod`, `CGO_ENABLED=0`, `-trimpath`.
 *
 * Once the Kubernetes module is there, the two builds run at the same time: each first lists its packages
 * (`go list -deps`, which also downloads the modules it needs), then compiles them (`go build -v`). kube-apiserver,
 * the long one, gets `-p <CPUs>`; etcd `-p <CPUs/2>` (at least 1), so etcd's compiles fill the gaps of the other
 * (downloads, the linker) rather than doubling the load. Progress is reported through `log` (see
 * `BuildProgress`): a step line at most every `progressIntervalMs` with, per build, modules downloaded,
 * packages compiled out of the total, and the elapsed time. If one build fails the other is stopped.
 *
 * A lock file (`<dir>.lock`) makes concurrent callers wait for one build; binaries are renamed into place only when
 * both are complete.
 */
export async function buildControlPlaneBinaries(options: ResolveBinariesOptions = {}): Promise<boolean> {
  const env = options.env ?? process.env;
  const version = kubernetesVersionOf(options, env);
  const cacheDir = options.cacheDir ?? defaultCacheDir(env);
  const dir = cachedAssetsDir(cacheDir, version);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (await cachedBinariesPresent(dir)) return false;
  const go = options.goBinary ?? 'go';
  const goVersion = await goVersionOf(go, env);
  const cpus = Math.max(1, Math.floor(options.parallelism ?? os.availableParallelism()));
  const apiParallelism = cpus;
  const etcdParallelism = Math.max(1, Math.floor(cpus / 2));
  await fs.mkdir(path.dirname(dir), { recursive: true });
  return withFileLock(
    `${dir}.lock`,
    async () => {
      if (await cachedBinariesPresent(dir)) return false;
      const progress = new BuildProgress({ log, intervalMs: options.progressIntervalMs });
      log(
        `kubegen envtest: building kube-apiserver v${version} (go build -p ${apiParallelism}) and its etcd ` +
          `(-p ${etcdParallelism}) in parallel with ${goVersion} into ${dir} ` +
          `(many minutes the first time; reuse them anywhere with KUBEBUILDER_ASSETS=${dir})…`,
      );
      const ticker = setInterval(() => progress.tick(), Math.max(10, Math.min(1000, options.progressIntervalMs ?? 1000)));
      // If one build fails, the other's `go` is killed; the caller's signal stops both.
      const failed = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
      const tmpRoot = path.join(cacheDir, 'tmp');
      await fs.mkdir(tmpRoot, { recursive: true });
      const work = await fs.mkdtemp(path.join(tmpRoot, `build-${version}-`));
      try {
        await fs.mkdir(dir, { recursive: true });
        const goEnv: NodeJS.ProcessEnv = { ...env, GOFLAGS: '-mod=mod', CGO_ENABLED: '0', GOWORK: 'off' };
        const runner = (step: BuildStep | undefined): GoRunner => (args, cwd) =>
          runGo(go, args, { cwd, env: goEnv, signal, onLine: step ? (line) => { step.line(line); } : undefined });

        const source = progress.step(`k8s.io/kubernetes v${version}`);
        source.begin('downloading');
        const k8s = await downloadModule(runner(source), work, `k8s.io/kubernetes@v${version}`);
        const k8sMod = await fs.readFile(k8s.GoMod, 'utf8');
        const [, minor, patch] = version.split('.');
        const staging = stagingModules(k8sMod);
        if (staging.length === 0) throw new Error(`no ./staging replacements found in ${k8s.GoMod}`);
        const etcdVersion = etcdVersionOf(parseYaml(await fs.readFile(path.join(k8s.Dir, 'build', 'dependencies.yaml'), 'utf8')));
        source.finish(`downloaded (etcd: v${etcdVersion})`);

        const buildApiServer = async (): Promise<string> => {
          const step = progress.step('kube-apiserver', API_SERVER_PACKAGE);
          const run = runner(step);
          const apiDir = path.join(work, 'kube-apiserver');
          await fs.mkdir(apiDir);
          await fs.writeFile(
            path.join(apiDir, 'go.mod'),
            [
              'module kubegen.local/envtest/kube-apiserver',
              '',
              `go ${goDirective(k8sMod)}`,
              '',
              `require k8s.io/kubernetes v${version}`,
              '',
              'replace (',
              ...staging.map((m) => `\t${m} => ${m} v0.${minor}.${patch}`),
              ')',
              '',
            ].join('\n'),
          );
          const buildDate = (JSON.parse(await fs.readFile(k8s.Info, 'utf8')) as { Time: string }).Time;
          const ldflags = ['-s', '-w'];
          for (const pkg of ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version']) {
            ldflags.push(
              `-X ${pkg}.gitVersion=v${version}`,
              `-X ${pkg}.gitMajor=1`,
              `-X ${pkg}.gitMinor=${minor}`,
              `-X ${pkg}.gitTreeState=archive`,
              `-X ${pkg}.buildDate=${buildDate}`,
            );
          }
          const out = path.join(dir, `.kube-apiserver.${process.pid}.tmp`);
          await buildPackage(step, run, apiDir, API_SERVER_PACKAGE, [
            'build', '-v', '-p', String(apiParallelism), '-trimpath', '-ldflags', ldflags.join(' '), '-o', out, API_SERVER_PACKAGE,
          ]);
          return out;
        };

        const buildEtcd = async (): Promise<string> => {
          const step = progress.step('etcd', ETCD_MAIN_PACKAGE);
          const run = runner(step);
          const etcdDir = path.join(work, 'etcd');
          await fs.mkdir(etcdDir);
          await fs.writeFile(
            path.join(etcdDir, 'go.mod'),
            `module ${ETCD_MAIN_PACKAGE}\n\ngo ${goDirective(k8sMod)}\n\nrequire go.etcd.io/etcd/server/v3 v${etcdVersion}\n`,
          );
          await fs.writeFile(
            path.join(etcdDir, 'main.go'),
            'package main\n\nimport (\n\t"os"\n\n\t"go.etcd.io/etcd/server/v3/etcdmain"\n)\n\nfunc main() { etcdmain.Main(os.Args) }\n',
          );
          step.begin('resolving');
          await run(['mod', 'tidy'], etcdDir);
          const out = path.join(dir, `.etcd.${process.pid}.tmp`);
          await buildPackage(step, run, etcdDir, '.', ['build', '-v', '-p', String(etcdParallelism), '-trimpath', '-ldflags', '-s -w', '-o', out, '.']);
          return out;
        };

        const [apiOut, etcdOut] = await bothOrAbort(buildApiServer(), buildEtcd(), failed);

        await fs.rename(apiOut, path.join(dir, 'kube-apiserver'));
        await fs.rename(etcdOut, path.join(dir, 'etcd'));
        await fs.writeFile(
          path.join(dir, 'versions.json'),
          JSON.stringify({ kubernetes: `v${version}`, etcd: `v${etcdVersion}`, go: goVersion }, null, 2) + '\n',
        );
        progress.say(`built kube-apiserver v${version} and etcd v${etcdVersion} in ${progress.elapsed()} → ${dir}`);
        return true;
      } catch (err) {
        progress.say('build failed');
        throw err;
      } finally {
        clearInterval(ticker);
        await fs.rm(work, { recursive: true, force: true });
        for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
          if (name.endsWith(`.${process.pid}.tmp`)) await fs.rm(path.join(dir, name), { force: true });
        }
      }
    },
    {
      signal: options.signal,
      onWait: (holder) => { log(`kubegen envtest: waiting for ${holder} to finish building into ${dir}…`); },
    },
  );
}

const API_SERVER_PACKAGE = 'k8s.io/kubernetes/cmd/kube-apiserver';
const ETCD_MAIN_PACKAGE = 'kubegen.local/envtest/etcd';

/**
 * One binary: `go list -deps` (resolves and downloads what it needs, and says how many packages there are), then the
 * given `go build -v` (each compiled package is a line on stderr). The step's phases follow.
 */
async function buildPackage(step: BuildStep, run: GoRunner, cwd: string, pattern: string, buildArgs: string[]): Promise<void> {
  try {
    step.begin('resolving');
    const listed = await run(['list', '-deps', '-f', '{{.ImportPath}}', pattern], cwd);
    step.compiling(listed.split('\n').filter((l) => l.trim() !== '').length);
    await run(buildArgs, cwd);
    step.finish('built');
  } catch (err) {
    step.fail();
    throw err;
  }
}

/** Both results, or the first rejection — which aborts `controller` first, stopping the other piece of work. */
async function bothOrAbort<A, B>(a: Promise<A>, b: Promise<B>, controller: AbortController): Promise<[A, B]> {
  let first: { error: unknown } | undefined;
  const onError = (error: unknown): never => {
    if (!first) {
      first = { error };
      controller.abort(error);
    }
    throw error;
  };
  const [ra, rb] = await Promise.allSettled([a.catch(onError), b.catch(onError)]);
  // The first failure is the cause; the other is most likely "killed because of it".
  if (first) throw first.error;
  return [(ra as PromiseFulfilledResult<A>).value, (rb as PromiseFulfilledResult<B>).value];
}

type GoRunner = (args: string[], cwd: string) => Promise<string>;

interface DownloadedModule {
  Dir: string;
  GoMod: string;
  Info: string;
}

async function downloadModule(run: GoRunner, cwd: string, spec: string): Promise<DownloadedModule> {
  const out = await run(['mod', 'download', '-json', spec], cwd);
  const parsed = JSON.parse(out) as Partial<DownloadedModule> & { Error?: string };
  if (parsed.Error || !parsed.Dir || !parsed.GoMod || !parsed.Info) {
    throw new Error(`go mod download ${spec} failed: ${parsed.Error ?? out}`);
  }
  return parsed as DownloadedModule;
}

/** The `k8s.io/<x>` modules that `k8s.io/kubernetes`'s go.mod replaces by `./staging/src/k8s.io/<x>`. */
export function stagingModules(goMod: string): string[] {
  const modules = new Set<string>();
  for (const [, module] of goMod.matchAll(/^\s*(?:replace\s+)?(k8s\.io\/[\w.-]+)(?:\s+v\S+)?\s+=>\s+\.\/staging\/src\/\S+\s*$/gm)) {
    if (module !== undefined) modules.add(module);
  }
  return [...modules].sort();
}

function goDirective(goMod: string): string {
  const [, version] = /^go\s+(\S+)\s*$/m.exec(goMod) ?? [];
  if (version === undefined) throw new Error('k8s.io/kubernetes go.mod has no go directive');
  return version;
}

/** The etcd version in a Kubernetes `build/dependencies.yaml` (`dependencies[name=etcd].version`). */
export function etcdVersionOf(dependencies: unknown): string {
  const list = (dependencies as { dependencies?: Array<{ name?: unknown; version?: unknown }> } | null)?.dependencies ?? [];
  const etcd = list.find((d) => d.name === 'etcd');
  if (!etcd || typeof etcd.version !== 'string') throw new Error('build/dependencies.yaml does not list an etcd version');
  return etcd.version.replace(/^v/, '');
}

async function goVersionOf(go: string, env: NodeJS.ProcessEnv): Promise<string> {
  try {
    return (await runGo(go, ['env', 'GOVERSION'], { cwd: process.cwd(), env })).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`no kube-apiserver/etcd binaries found and \`${go}\` is not installed.\n${HOW_TO_PROVIDE}`, { cause: err });
    }
    throw err;
  }
}

/** Options for {@link runGo}. */
export interface RunGoOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Each stderr line as it comes (progress). */
  onLine?: (line: string) => void;
}

/** How much of a failed command's stderr its error keeps (the end: where Go reports what went wrong). */
const STDERR_TAIL_LINES = 200;

/**
 * Runs `go args…`; resolves to its stdout. Stderr is streamed line by line to `onLine`; a failure's message has the
 * command, the directory and the end of its stderr without the progress lines (downloads, compiled packages).
 */
export function runGo(go: string, args: string[], options: RunGoOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(go, args, { cwd: options.cwd, env: options.env, signal: options.signal, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const tail: string[] = [];
    let partial = '';
    const take = (line: string) => {
      options.onLine?.(line);
      if (classifyGoLine(line).kind === 'other' && line.trim() !== '') {
        tail.push(line);
        if (tail.length > STDERR_TAIL_LINES) tail.shift();
      }
    };
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) take(line);
    });
    let failed = false;
    child.on('error', (err) => {
      failed = true;
      reject(err);
    });
    child.on('close', (code, sig) => {
      if (partial) take(partial);
      if (failed) return;
      if (code === 0) {
        resolve(Buffer.concat(stdout).toString('utf8'));
        return;
      }
      const why = tail.join('\n') || (sig ? `killed by ${sig}` : `exit status ${code}`);
      reject(new Error(`\`go ${args.join(' ')}\` failed in ${options.cwd}:\n${why}`));
    });
  });
}

function goOs(): string {
  return process.platform === 'win32' ? 'windows' : process.platform;
}

function goArch(): string {
  const map: Record<string, string> = { x64: 'amd64', arm64: 'arm64', ia32: '386', ppc64: 'ppc64le', s390x: 's390x' };
  return map[process.arch] ?? process.arch;
}
