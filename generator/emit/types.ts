import type { ApiModel } from '../model/types';
import type { Diagnostic } from '../diagnostics';

/** A file produced by a generator; `path` is POSIX and relative to the output root. */
export interface VirtualFile {
  path: string;
  contents: string;
  /** The API group the file belongs to, for layouts that place files per group package. */
  group?: string;
  /** What the file is: a CRD manifest, TypeScript source of a generated package, or package metadata. */
  role?: 'crd' | 'source' | 'package';
}

/** What every generator returns: files, plus diagnostics found while generating (an error means: write nothing). */
export interface GeneratorResult {
  files: VirtualFile[];
  diagnostics: Diagnostic[];
}

/**
 * A generator is a pure function of the model and its resolved options. It never touches the filesystem;
 * an output rule (see `generator/write.ts`) decides where the files go.
 */
export interface Generator<Options = unknown> {
  /** The name used in configuration and on the command line, e.g. `crd`, `deepcopy`. */
  readonly name: string;
  generate(model: ApiModel, options: Options): GeneratorResult;
}
