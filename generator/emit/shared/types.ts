/**
 * The generator contract. A generator is a small plugin over one generation context (the model, the run's
 * diagnostics collector and the views of the model several generators need, each computed once), as
 * controller-tools' `genall.Generator` runs over one loaded context; the executor (`./execute.ts`) owns the loop over
 * groups and versions and places the files, as gengo's `ExecuteTargets` does for its per-package generators.
 *
 * The layout of `generator/emit/`: each file directly in it is one emitter (a generator, or a manifest generator such
 * as `rbac.ts`), and an emitter imports neither another emitter nor `generator/markers` (every marker decision is in
 * the model). What several emitters share lives here in `emit/shared/` and imports no emitter: this contract, the
 * executor (`./execute.ts`), the run's view models (`./clients.ts`, `./caches.ts`), the copy builder the deepcopy and
 * conversion emitters both use (`./copy.ts`), the conversion planner and small helpers. Identifiers come from the
 * namer module, `generator/naming`. test/unit/generator/architecture.test.ts holds these rules.
 */
import type { ApiModel, PackageId } from '../../model/types';
import type { Diagnostic, DiagnosticBag } from '../../diagnostics';
import type { GroupVersionPackage, ModelIndex } from '../../render';
import type { ClientGroup } from './clients';
import type { CacheGroup } from './caches';

/** What a file is: a CRD manifest, TypeScript source of a generated package, package metadata, or its API reference. */
export type FileRole = 'crd' | 'source' | 'package' | 'docs';

/** A file produced by a generator; `path` is POSIX and relative to the output root. */
export interface VirtualFile {
  path: string;
  contents: string;
  /** The API group the file belongs to, for layouts that place files per group package. */
  group?: string;
  /** What the file is: a CRD manifest, TypeScript source of a generated package, or package metadata. */
  role?: FileRole;
}

/** What running generators returns: their files, and every diagnostic of the run (an error means: write nothing). */
export interface GeneratorResult {
  files: VirtualFile[];
  diagnostics: Diagnostic[];
}

/**
 * Everything a run shares, computed once and read-only for generators: the model, the one diagnostics collector of
 * the run (generators report into it, never build arrays of their own), and the views of the model that several
 * generators use.
 */
export interface GenerationContext {
  readonly model: ApiModel;
  readonly diagnostics: DiagnosticBag;
  /** Declarations and packages by id. */
  readonly index: ModelIndex;
  /** Every group version with a package to generate from, groups by name, versions in the group's order. */
  readonly versions: readonly GroupVersionPackage[];
  /** The groups, versions and kinds with generated clients (`+genclient`). */
  readonly clients: readonly ClientGroup[];
  /** The client kinds an informer can cache (they list and watch), by group and version. */
  readonly caches: readonly CacheGroup[];
  /**
   * The module specifier, relative to the `<version>/` directory of package `from`, of `module` (`types`,
   * `deepcopy` …) of package `to`: `./<module>` for the same package, `../<version>/<module>` for another version of
   * the same group, and — when every group is generated into one source tree (the `source` layout) —
   * `../../<group folder>/<version>/<module>` for a version of another group. Undefined when `to` is not generated
   * where `from` can import it (the caller inlines or copies as JSON instead).
   */
  packageModule(from: PackageId, to: PackageId, module: string): string | undefined;
}

/** A file of one group version or one group, as a generator returns it; the executor places it. */
export interface GeneratedFile {
  /** Relative to the version directory (for {@link GeneratorRun.version}) or to the group (for {@link GeneratorRun.group}). */
  path: string;
  contents: string;
  /** Default `source`. */
  role?: FileRole;
}

/** One API group as the executor hands it to a generator. */
export interface GroupTarget {
  /** The group name, e.g. `stable.example.com`. */
  readonly name: string;
  /** Its versions with a package to generate from, in the group's order (possibly none). */
  readonly versions: readonly GroupVersionPackage[];
  /**
   * The source modules of the group (paths relative to its source root, e.g. `v1/types.ts`) that the generators run
   * before this one produced, in the order produced.
   */
  readonly sources: readonly string[];
}

/**
 * A generator started for one run. The executor calls, for each group in name order, `version` for each of the
 * group's versions (in the group's order) and then `group`; either may be absent.
 */
export interface GeneratorRun {
  version?(gv: GroupVersionPackage): GeneratedFile[];
  group?(group: GroupTarget): GeneratedFile[];
  /**
   * What `group(group)`'s files and diagnostics are a function of (besides the generator's options), when that is
   * less than the group's packages: for a group-level file made from the names of the group's kinds and versions (a
   * clientset, an index, package metadata). Runs over successive models of the same APIs (`kubegen generate
   * --watch`, see `EmitCache`) reuse the files of the last `group` call whose key was equal. Without it, a group's
   * files are reused only while none of its packages, nor any package they reach, changed.
   */
  groupKey?(group: GroupTarget): string;
}

/** The options of a generator that has none (the runtime is `@kubegen/runtime`, a version's types are `./types`). */
export type NoOptions = Record<string, never>;

/**
 * A generator: a pure function of the generation context and its options, started once per run. It never touches
 * the filesystem; an output rule (see `generator/write.ts`) decides where the files go.
 */
export interface Generator<Options> {
  /** The name used in configuration and on the command line, e.g. `crd`, `deepcopy`. */
  readonly name: string;
  start(ctx: GenerationContext, options: Options): GeneratorRun;
}
