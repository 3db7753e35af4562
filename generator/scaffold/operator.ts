/**
 * The operator scaffolds, after kubebuilder's `init` (cmd/main.go), `create api --controller`
 * (internal/controller/<kind>_controller.go, its test, config/samples) and `create webhook`
 * (internal/webhook/<version>/<kind>_webhook.go): pure functions from a project's context and the options to
 * files ({@link ScaffoldFile}) and to insertions at scaffold markers ({@link Insertion}). The CLI
 * (`generator/cli/init.ts`, `create-api.ts`, `create-webhook.ts`) reads the project and decides what may be written.
 *
 * Scaffold markers, as kubebuilder's `// +kubebuilder:scaffold:imports`: a comment line that `create` commands insert
 * code above and never remove; an insertion whose line is already in the file is skipped, so re-running a
 * command changes nothing.
 */
import * as path from 'node:path';
import type { VirtualFile } from '../emit/types';
import { crdPlural } from '../naming/flect';
import { privateName, publicName, render } from '../render';
import type { ModuleFormat } from './index';

/**
 * What may happen to a scaffolded file that exists already:
 * - `new`: the command creates it; an existing file with other contents is an error (`--force` overwrites it);
 * - `keep`: a project file the user owns once written (tsconfig.json, src/main.ts …): kept, `--force` overwrites it;
 * - `shared`: a file other scaffolds share (an API version's doc.ts, a group's test, the samples' kustomization):
 *   kept whatever `--force` says.
 */
export type ScaffoldPolicy = 'new' | 'keep' | 'shared';

export interface ScaffoldFile extends VirtualFile {
  policy: ScaffoldPolicy;
}

/** A line to insert above a scaffold marker of a file (skipped when the file has that line already). */
export interface Insertion {
  path: string;
  marker: string;
  line: string;
}

/** The scaffold markers of src/main.ts and config/samples/kustomization.yaml. */
export const MARKERS = {
  imports: '// +kubegen:scaffold:imports',
  controllers: '// +kubegen:scaffold:controllers',
  webhooks: '// +kubegen:scaffold:webhooks',
  samples: '# +kubegen:scaffold:samples',
} as const;

export const MAIN_FILE = 'src/main.ts';
export const SAMPLES_KUSTOMIZATION = 'config/samples/kustomization.yaml';

/** Where a project's generated code is, as its kubegen.config.json says. */
export interface GeneratedLocation {
  layout: 'source' | 'package';
  /** The output directory (source layout), relative to the project. */
  output: string;
  /** The npm package name pattern (package layout), `{group}` replaced. */
  packageName: string;
}

/** What the operator scaffolds need to know about the project. */
export interface OperatorProject {
  /** The project's name as a DNS label (kubegen.config.json `deploy.name`): the prefix of its objects' names. */
  name: string;
  format: ModuleFormat;
  generated: GeneratedLocation;
}

/**
 * The import specifier of `target` (a path relative to the project: a `.ts` file without extension, or a directory
 * with an index) from the file `from`: relative, and in an ES-module project naming the file Node loads.
 */
export function relativeImport(from: string, target: string, format: ModuleFormat, directory: boolean): string {
  let rel = path.posix.relative(path.posix.dirname(from), target);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  if (format === 'commonjs') return rel;
  return directory ? `${rel}/index.js` : `${rel}.js`;
}

/** The import specifier of a group's generated code (`sub`: a folder of it, e.g. `fake`) from the file `from`. */
export function generatedImport(from: string, group: string, p: Pick<OperatorProject, 'format' | 'generated'>, sub?: string): string {
  const g = p.generated;
  if (g.layout === 'package') return g.packageName.replace('{group}', group) + (sub ? `/${sub}` : '');
  return relativeImport(from, path.posix.join(g.output, group, sub ?? ''), p.format, true);
}

/** FNV-1a (32 bits) of a string's UTF-8 bytes, as kubebuilder's `hashFNV` names the leader election ID. */
export function fnv32a(text: string): string {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(text, 'utf8')) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * The leader election ID, kubebuilder's `<hashFNV(repo)>.<domain>`: the hash of the project's name and the first
 * API's group (else the name itself) — a DNS subdomain, written once into src/main.ts.
 */
export function leaderElectionId(name: string, group: string | undefined): string {
  return `${fnv32a(name)}.${group ?? name}`;
}

/**
 * The longest project name: its objects are named `<name>-webhook-service`, `<name>-metrics-service` …, and a
 * Service's name is a DNS-1035 label of at most 63 characters.
 */
export const MAX_PROJECT_NAME = 63 - '-metrics-service'.length;

/**
 * A project's name as a DNS-1035 label (`deploy.name`): the package name without its npm scope, lower-cased, runs
 * of other characters as `-`, starting with a letter, at most {@link MAX_PROJECT_NAME} characters.
 */
export function deployName(projectName: string): string {
  let s = projectName.replace(/^@[^/]*\//, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^[^a-z]+/, '');
  s = s.slice(0, MAX_PROJECT_NAME).replace(/-+$/, '');
  return s === '' ? 'operator' : s;
}

/** The operator's files of `kubegen init`: src/main.ts, the build's tsconfig, the Dockerfile and .dockerignore. */
export function scaffoldOperatorFiles(p: OperatorProject, firstGroup: string | undefined): ScaffoldFile[] {
  const view = {
    projectName: p.name,
    leaderElectionId: leaderElectionId(p.name, firstGroup),
    serviceName: `${p.name}-webhook-service`,
    secretName: `${p.name}-webhook-server-cert`,
  };
  return [
    { path: MAIN_FILE, contents: render('scaffold', 'main.ts', view), policy: 'keep' },
    { path: 'tsconfig.build.json', contents: JSON.stringify(BUILD_TSCONFIG, null, 2) + '\n', policy: 'keep' },
    { path: 'Dockerfile', contents: render('scaffold', 'Dockerfile', {}), policy: 'keep' },
    { path: '.dockerignore', contents: render('scaffold', 'dockerignore', {}), policy: 'keep' },
  ];
}

/**
 * The build's compiler options: the project's tsconfig.json (which type-checks apis/, src/ and test/ together, for
 * the editor and jest) narrowed to src/, so `tsc -p tsconfig.build.json` writes `dist/main.js` for `node dist/main.js`.
 */
const BUILD_TSCONFIG = {
  extends: './tsconfig.json',
  compilerOptions: { rootDir: 'src', outDir: 'dist', types: ['node'] },
  include: ['src'],
  exclude: ['src/**/*.test.ts'],
};

/** A kind of the project's APIs. */
export interface KindRef {
  group: string;
  version: string;
  kind: string;
  /** Default true. */
  namespaced?: boolean;
}

function kindNames(k: KindRef) {
  const plural = crdPlural(k.kind);
  const base = privateName(k.kind);
  return {
    ...k,
    plural,
    kindLower: k.kind.toLowerCase(),
    // the article of the kind's name in prose: an Order, a Warehouse
    a: /^[AEIOU]/.test(k.kind) ? 'an' : 'a',
    namespaced: k.namespaced !== false,
    // a local variable named after the kind (`order`), never a reserved word (`function`, `class` …)
    var: RESERVED.has(base) ? `${base}Object` : base,
    resourceConst: `${base}Resource`,
    admissionConst: `${base}Admission`,
  };
}

const RESERVED = new Set(['break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'log', 'signal', 'request', 'err', 'mgr']);

/** The controller's files and its registration in src/main.ts (`kubegen create api --controller`). */
export function scaffoldController(k: KindRef, p: OperatorProject): { files: ScaffoldFile[]; insertions: Insertion[] } {
  const names = kindNames(k);
  const file = `src/controllers/${names.kindLower}.ts`;
  const test = `test/controllers/${names.kindLower}.test.ts`;
  const view = {
    ...names,
    generatedImport: generatedImport(file, k.group, p),
    controllerName: names.kindLower,
    fakeImport: generatedImport(test, k.group, p, 'fake'),
    controllerImport: relativeImport(test, file.replace(/\.ts$/, ''), p.format, false),
    namespace: names.namespaced ? 'default' : '',
  };
  return {
    files: [
      { path: file, contents: render('scaffold', 'controller.ts', view), policy: 'new' },
      { path: test, contents: render('scaffold', 'controller.test.ts', view), policy: 'new' },
    ],
    insertions: [
      { path: MAIN_FILE, marker: MARKERS.imports, line: `import { setup${k.kind}Controller } from '${relativeImport(MAIN_FILE, file.replace(/\.ts$/, ''), p.format, false)}';` },
      { path: MAIN_FILE, marker: MARKERS.controllers, line: `setup${k.kind}Controller(mgr);` },
    ],
  };
}

/** The sample object of a new kind under config/samples/, listed in its kustomization (`kubegen create api`). */
export function scaffoldSample(k: KindRef, p: Pick<OperatorProject, 'name'>): { files: ScaffoldFile[]; insertions: Insertion[] } {
  const names = kindNames(k);
  const file = `${k.group}_${k.version}_${names.kindLower}.yaml`;
  return {
    files: [
      { path: `config/samples/${file}`, contents: render('scaffold', 'sample.yaml', { ...names, projectName: p.name }), policy: 'new' },
      { path: SAMPLES_KUSTOMIZATION, contents: render('scaffold', 'samples-kustomization.yaml', {}), policy: 'shared' },
    ],
    insertions: [{ path: SAMPLES_KUSTOMIZATION, marker: MARKERS.samples, line: `- ${file}` }],
  };
}

/** What `kubegen create webhook` scaffolds for a kind. */
export interface WebhookOptions {
  defaulting: boolean;
  validation: boolean;
  conversion: boolean;
}

/** The admission paths controller-runtime gives a kind: `/mutate-<group with - for .>-<version>-<kind lower>`. */
export function admissionPaths(k: KindRef): { mutate: string; validate: string } {
  const suffix = `${k.group.replace(/\./g, '-')}-${k.version}-${k.kind.toLowerCase()}`;
  return { mutate: `/mutate-${suffix}`, validate: `/validate-${suffix}` };
}

/** The webhook file of a kind and its registration in src/main.ts (`kubegen create webhook`). */
export function scaffoldWebhook(k: KindRef, o: WebhookOptions, p: OperatorProject): { files: ScaffoldFile[]; insertions: Insertion[] } {
  const names = kindNames(k);
  const file = `src/webhooks/${names.kindLower}.ts`;
  const paths = admissionPaths(k);
  const what = [o.defaulting ? 'defaulting' : '', o.validation ? 'validation' : '', o.conversion ? `conversion between the versions of ${k.group}` : ''].filter((s) => s !== '');
  const view = {
    ...names,
    ...o,
    admission: o.defaulting || o.validation,
    summary: what.join(', '),
    mutatePath: paths.mutate,
    validatePath: paths.validate,
    imports: o.conversion ? `converters, ${k.version}` : k.version,
    generatedImport: generatedImport(file, k.group, p),
    loggerName: `${names.kindLower}-webhook`,
  };
  return {
    files: [{ path: file, contents: render('scaffold', 'webhook.ts', view), policy: 'new' }],
    insertions: [
      { path: MAIN_FILE, marker: MARKERS.imports, line: `import { setup${k.kind}Webhook } from '${relativeImport(MAIN_FILE, file.replace(/\.ts$/, ''), p.format, false)}';` },
      { path: MAIN_FILE, marker: MARKERS.webhooks, line: `setup${k.kind}Webhook(mgr);` },
    ],
  };
}

/** Why an insertion cannot be made (its file lacks the marker). */
export class MarkerError extends Error {
  override readonly name = 'MarkerError';
}

/**
 * `text` with `line` inserted above the line holding only `marker`, indented as the marker is; unchanged when a line
 * of the file is `line` already (trimmed), so insertions are idempotent. Throws a MarkerError without the marker.
 */
export function insertAtMarker(text: string, marker: string, line: string, file: string): string {
  const lines = text.split('\n');
  if (lines.some((l) => l.trim() === line.trim())) return text;
  const at = lines.findIndex((l) => l.trim() === marker);
  if (at < 0) throw new MarkerError(`${file}: the scaffold marker "${marker}" is missing: put it back where \`${line.trim()}\` belongs, or add that line yourself`);
  const indent = /^\s*/.exec(lines[at])![0];
  lines.splice(at, 0, indent + line.trim());
  return lines.join('\n');
}

/** The version accessor of a group's clientset (`shopV1` for shop.example.dev/v1). */
export function versionAccessor(group: string, version: string): string {
  return privateName(`${publicName(group.split('.')[0])}${publicName(version)}`);
}
