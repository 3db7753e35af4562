import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGo } from './binaries';
import { withFileLock } from './lock';

/** Options for {@link ensureGoTool}. */
export interface GoToolOptions {
  /**
   * The Go module (or, with `package` unset, the main package) to build, as `go install` names it, e.g.
   * `sigs.k8s.io/kustomize/kustomize/v5` or `helm.sh/helm/v4`.
   */
  module: string;
  /** The main package inside `module` when it is not the module's root, e.g. `helm.sh/helm/v4/cmd/helm`. */
  package?: string;
  /** The module version with its `v`: `v5.8.1`, `v4.3.2`. `latest` and branches are refused: builds must be repeatable. */
  version: string;
  /** The binary's file name in the cache (`kustomize`, `helm`). */
  binary: string;
  /** Cache root. Default `$KUBEGEN_TOOLS_CACHE`, else `~/.cache/kubegen/tools`. */
  cacheDir?: string;
  /** The `go` command. Default `go` on `PATH`. */
  goBinary?: string;
  /** Environment of the build (and for `KUBEGEN_TOOLS_CACHE`). Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** The build's start and end lines. Default: written to stderr. */
  log?: (line: string) => void;
  /** Aborts waiting for another process's build of the same tool, and a build in progress (`go` is killed). */
  signal?: AbortSignal;
}

/** The default cache root of Go tools: `$KUBEGEN_TOOLS_CACHE`, else `~/.cache/kubegen/tools`. */
export function defaultToolsCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.KUBEGEN_TOOLS_CACHE || path.join(os.homedir(), '.cache', 'kubegen', 'tools');
}

/** Where {@link ensureGoTool} keeps a tool: `<cache>/<binary>-<version>/<binary>`. */
export function goToolPath(options: Pick<GoToolOptions, 'binary' | 'version' | 'cacheDir' | 'env'>): string {
  const cacheDir = options.cacheDir ?? defaultToolsCacheDir(options.env ?? process.env);
  return path.join(cacheDir, `${options.binary}-${options.version}`, options.binary);
}

const MODULE_PATH = /^[A-Za-z0-9][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9._~-]+)*$/;
const SEMVER = /^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const BINARY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The path of a Go command-line tool built from its published module, building it once into a cache — the way
 * envtest's control-plane binaries are built (see `buildControlPlaneBinaries`), for tools a test needs next to them
 * (kustomize, helm).
 *
 * Contract:
 * - the tool is `<cache>/<binary>-<version>/<binary>`; when that file is executable it is returned and `go` is not run;
 * - otherwise `go install <package ?? module>@<version>` runs in an empty directory (no enclosing go.mod or go.work
 *   applies) with `GOBIN` a private temporary directory, `CGO_ENABLED=0`, `GOFLAGS=-trimpath`, and the result is
 *   renamed into place only when complete, so a half-built binary is never found;
 * - a lock file (`<cache>/<binary>-<version>.lock`) makes concurrent callers, in this process or others, wait for one
 *   build; a lock whose holder died is taken over;
 * - `version` must be an exact semantic version (`vX.Y.Z…`): `latest` or a branch would make the cache lie;
 * - a failed build rejects with the `go` command and the end of its output; nothing is left in the cache.
 */
/**
 * The file `go install` writes for a main package (cmd/go's `DefaultExecName`): the last element of its import path,
 * or, when that is a major-version suffix (`v2`, `v5`, … — not `v0` or `v1`), the element before it:
 * `sigs.k8s.io/kustomize/kustomize/v5` installs `kustomize`.
 */
export function installedName(pkg: string): string {
  const elems = pkg.split('/');
  const last = elems[elems.length - 1] ?? pkg;
  const isVersion = /^v[1-9][0-9]*$/.test(last) && last !== 'v1';
  return isVersion && elems.length > 1 ? (elems[elems.length - 2] ?? last) : last;
}

export async function ensureGoTool(options: GoToolOptions): Promise<string> {
  const pkg = options.package ?? options.module;
  if (!MODULE_PATH.test(options.module)) throw new Error(`ensureGoTool: module ${JSON.stringify(options.module)} is not a Go module path`);
  if (!MODULE_PATH.test(pkg) || (pkg !== options.module && !pkg.startsWith(`${options.module}/`))) {
    throw new Error(`ensureGoTool: package ${JSON.stringify(pkg)} is not inside module ${options.module}`);
  }
  if (!SEMVER.test(options.version)) {
    throw new Error(`ensureGoTool: version ${JSON.stringify(options.version)} of ${options.module} is not an exact version such as v1.2.3`);
  }
  if (!BINARY.test(options.binary)) throw new Error(`ensureGoTool: binary ${JSON.stringify(options.binary)} is not a plain file name`);
  const env = options.env ?? process.env;
  const target = goToolPath({ ...options, env });
  if (await isExecutable(target)) return target;
  const dir = path.dirname(target);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  await fs.mkdir(path.dirname(dir), { recursive: true });
  return withFileLock(
    `${dir}.lock`,
    async () => {
      if (await isExecutable(target)) return target;
      const work = await fs.mkdtemp(path.join(path.dirname(dir), `.build-${options.binary}-${options.version}-`));
      const started = Date.now();
      try {
        const gobin = path.join(work, 'bin');
        const cwd = path.join(work, 'cwd');
        await fs.mkdir(gobin);
        await fs.mkdir(cwd);
        log(`kubegen: building ${options.binary} ${options.version} (go install ${pkg}@${options.version}) into ${dir}…`);
        await runGo(options.goBinary ?? 'go', ['install', `${pkg}@${options.version}`], {
          cwd,
          env: { ...env, GOBIN: gobin, CGO_ENABLED: '0', GOFLAGS: '-trimpath', GOWORK: 'off' },
          signal: options.signal,
        });
        const built = path.join(gobin, installedName(pkg) + (process.platform === 'win32' ? '.exe' : ''));
        if (!(await isExecutable(built))) {
          const found = await fs.readdir(gobin);
          throw new Error(`go install ${pkg}@${options.version} did not produce ${path.basename(built)} (found: ${found.join(', ') || 'nothing'})`);
        }
        await fs.mkdir(dir, { recursive: true });
        await fs.rename(built, target);
        log(`kubegen: built ${options.binary} ${options.version} in ${((Date.now() - started) / 1000).toFixed(0)} s → ${target}`);
        return target;
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },
    {
      signal: options.signal,
      onWait: (holder) => { log(`kubegen: waiting for ${holder} to finish building ${options.binary} ${options.version}…`); },
    },
  );
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.access(file, fs.constants.X_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Options for {@link ensureGoModuleSource}. */
export interface GoModuleSourceOptions {
  /** The module, e.g. `github.com/cert-manager/cert-manager`. */
  module: string;
  /** An exact version with its `v`, e.g. `v1.21.2`. */
  version: string;
  /** The `go` command. Default `go` on `PATH`. */
  goBinary?: string;
  /** Environment of `go` (GOPROXY, GOMODCACHE …). Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/**
 * The directory of a published Go module's source — for files a module publishes beside its Go code, such as the
 * CRDs a project generates with controller-gen and ships in its module (cert-manager's `deploy/crds/`). `go mod
 * download` fetches the module's zip through the module proxy (checked against the checksum database) into the Go
 * module cache, outside the repository; a later call finds it there. The directory is read-only, as Go leaves it.
 */
export async function ensureGoModuleSource(options: GoModuleSourceOptions): Promise<string> {
  if (!MODULE_PATH.test(options.module)) throw new Error(`ensureGoModuleSource: module ${JSON.stringify(options.module)} is not a Go module path`);
  if (!SEMVER.test(options.version)) {
    throw new Error(`ensureGoModuleSource: version ${JSON.stringify(options.version)} of ${options.module} is not an exact version such as v1.2.3`);
  }
  const cwd = await fs.mkdtemp(path.join(os.tmpdir(), 'kubegen-go-mod-'));
  try {
    // in an empty directory: no enclosing go.mod or go.work decides anything
    const out = await runGo(options.goBinary ?? 'go', ['mod', 'download', '-json', `${options.module}@${options.version}`], {
      cwd,
      env: { ...(options.env ?? process.env), GOWORK: 'off', GOFLAGS: '-mod=mod' },
      signal: options.signal,
    });
    const info = JSON.parse(out) as { Dir?: string; Error?: string };
    if (info.Error !== undefined || info.Dir === undefined) throw new Error(`go mod download ${options.module}@${options.version}: ${info.Error ?? 'no directory'}`);
    return info.Dir;
  } finally {
    await fs.rm(cwd, { recursive: true, force: true });
  }
}
