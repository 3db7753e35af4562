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
import type { VirtualFile } from '../emit/shared/types';
import { crdPlural } from '../naming/flect';
import { group } from '../text';
import { jsString, render } from '../render';
import { privateName, publicName } from '../naming';
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

/**
 * The name of a kind's sample object: kubebuilder's `<kind>-sample` for the kind's first version (the one that keeps
 * `+kubebuilder:storageversion`), `<kind>-<version>-sample` for a later one — the samples of all versions are applied
 * together (`kubegen apply -k config/samples`), and two objects of one kind and name would be one object given twice.
 */
export function sampleName(k: Pick<KindRef, 'kind' | 'version'>, firstVersion: boolean): string {
  return firstVersion ? `${k.kind.toLowerCase()}-sample` : `${k.kind.toLowerCase()}-${k.version}-sample`;
}

/**
 * The sample object of a new kind, or of a kind's new version, under config/samples/, listed in its kustomization
 * (`kubegen create api`); `firstVersion`: see {@link sampleName}.
 */
export function scaffoldSample(k: KindRef, p: Pick<OperatorProject, 'name'>, firstVersion: boolean): { files: ScaffoldFile[]; insertions: Insertion[] } {
  const names = kindNames(k);
  const file = `${k.group}_${k.version}_${names.kindLower}.yaml`;
  return {
    files: [
      { path: `config/samples/${file}`, contents: render('scaffold', 'sample.yaml', { ...names, projectName: p.name, sampleName: sampleName(k, firstVersion) }), policy: 'new' },
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

/**
 * The scaffold markers of a kind's webhook file (`src/webhooks/<kind>.ts`), where `kubegen create webhook` inserts
 * what it adds to a file that exists: imports, the defaulter and validator classes, a builder chain per version (in
 * `setup<Kind>Webhook`), and registrations in a version's chain.
 */
export const WEBHOOK_MARKERS = {
  imports: MARKERS.imports,
  classes: '// +kubegen:scaffold:webhook-classes',
  builders: '// +kubegen:scaffold:webhook-builders',
  builder: (version: string) => `// +kubegen:scaffold:builder:${version}`,
} as const;

/** The webhook file of a kind. */
export function webhookFile(k: Pick<KindRef, 'kind'>): string {
  return `src/webhooks/${k.kind.toLowerCase()}.ts`;
}

/** What a kind's webhook file has already, for one version of the kind (see {@link webhookFileHas}). */
export interface WebhookFileState {
  /** The version's defaulting webhook: its `+kubebuilder:webhook` marker (by path) or `.withDefaulter(` in its chain. */
  defaulting: boolean;
  /** The version's validating webhook, likewise. */
  validation: boolean;
  /** The group's conversion: `.withConversion(` anywhere in the file. */
  conversion: boolean;
  /** The version has a builder chain (`.for(<version>.<kind>Admission)`). */
  builder: boolean;
  /** The versions whose builder chains the file has, in the order of the file. */
  versions: string[];
  /** The names the file imports from the group's generated code (`v1`, `converters` …). */
  imported: Set<string>;
}

/** Whether the arguments of a `+kubebuilder:webhook` marker in `text` give `path=<p>`. */
function hasWebhookMarker(text: string, p: string): boolean {
  for (const line of text.split('\n')) {
    const at = line.indexOf('+kubebuilder:webhook:');
    if (at < 0) continue;
    if (line.slice(at + '+kubebuilder:webhook:'.length).split(',').some((arg) => arg.trim() === `path=${p}`)) return true;
  }
  return false;
}

/** The local names of the `import { … } from '<specifier>'` declarations of `text`. */
export function importedNames(text: string, specifier: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/\bimport\s*(?:type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"\n]*)\2/g)) {
    if (m[3] !== specifier) continue;
    for (const part of group(m, 1).split(',')) {
      // `A`, `type A`, `A as B`: the local name is the last word
      const local = part.trim().replace(/^type\s+/, '').replace(/^[^]*\s+as\s+/, '').trim();
      if (local !== '') names.add(local);
    }
  }
  return names;
}

/** What the webhook file `text` of kind `k` has already, for `k.version` (and for the whole kind). */
export function webhookFileHas(text: string, k: KindRef, versions: readonly string[], p: Pick<OperatorProject, 'format' | 'generated'>): WebhookFileState {
  const names = kindNames(k);
  const paths = admissionPaths(k);
  const chainOf = (version: string): string | undefined => {
    const at = text.indexOf(`.for(${version}.${names.admissionConst})`);
    if (at < 0) return undefined;
    const end = text.indexOf('.complete()', at);
    return text.slice(at, end < 0 ? undefined : end);
  };
  const chain = chainOf(k.version);
  const positions = versions.map((v) => [v, text.indexOf(`.for(${v}.${names.admissionConst})`)] as const).filter(([, at]) => at >= 0);
  return {
    defaulting: hasWebhookMarker(text, paths.mutate) || (chain?.includes('.withDefaulter(') ?? false),
    validation: hasWebhookMarker(text, paths.validate) || (chain?.includes('.withValidator(') ?? false),
    conversion: text.includes('.withConversion('),
    builder: chain !== undefined,
    versions: positions.sort((a, b) => a[1] - b[1]).map(([v]) => v),
    imported: importedNames(text, generatedImport(webhookFile(k), k.group, p)),
  };
}

/** The webhook file (whole, or insertions into it) and the names of the classes it declares for the version. */
export interface WebhookScaffold {
  files: ScaffoldFile[];
  insertions: Insertion[];
  classNames: { defaulter?: string; validator?: string };
}

/** A class of a webhook file that exists already (refused: the file is the user's). */
export class WebhookConflictError extends Error {
  override readonly name = 'WebhookConflictError';
}

/**
 * The webhooks of a kind (`kubegen create webhook`): `src/webhooks/<kind>.ts` and its registration in src/main.ts.
 *
 * Without `existing` (the file's text on disk; or with `--force`, which writes it anew) the file is written whole:
 * the skeleton of webhook.ts.hbs with the classes and the version's builder chain inserted at its markers — the same
 * insertions that add to an existing file, so a file grown by several commands reads as one written at once.
 *
 * With `existing`, what `o` asks is inserted at the file's scaffold markers ({@link WEBHOOK_MARKERS}): the imports
 * the file lacks, the classes, and the registrations in the version's builder chain (or a new chain for a version
 * that has none); the caller has checked ({@link webhookFileHas}) that none of it is there. Classes of the version
 * the file was created for are `<Kind>CustomDefaulter` / `<Kind>CustomValidator`; another version's carry it
 * (`<Kind>V2CustomDefaulter`), as every version's live side by side in the one file.
 */
export function scaffoldWebhook(
  k: KindRef,
  o: WebhookOptions,
  p: OperatorProject,
  existing?: { text: string; versions: readonly string[] },
): WebhookScaffold {
  const names = kindNames(k);
  const file = webhookFile(k);
  const paths = admissionPaths(k);
  const spec = generatedImport(file, k.group, p);
  const state = existing !== undefined ? webhookFileHas(existing.text, k, existing.versions, p) : undefined;
  const first = state === undefined || state.versions.length === 0 || state.versions[0] === k.version;
  const classPrefix = first ? k.kind : `${k.kind}${publicName(k.version)}`;
  const view = { ...names, mutatePath: paths.mutate, validatePath: paths.validate };
  const newLogger = `mgr.logger.withName(${jsString(`${names.kindLower}-webhook`)})`;
  const classes: string[] = [];
  const classNames: WebhookScaffold['classNames'] = {};
  const registrations: string[] = [];
  for (const [asked, template, suffix, method] of [
    [o.defaulting, 'webhook-defaulter.ts', 'CustomDefaulter', 'withDefaulter'],
    [o.validation, 'webhook-validator.ts', 'CustomValidator', 'withValidator'],
  ] as const) {
    if (!asked) continue;
    const className = `${classPrefix}${suffix}`;
    if (existing !== undefined && new RegExp(`\\b(class|interface|type|function|const|let|var)\\s+${className}\\b`).test(existing.text)) {
      throw new WebhookConflictError(`${file} declares ${className} already: rename it, or add the ${suffix === 'CustomDefaulter' ? 'defaulter' : 'validator'} of ${k.kind} ${k.version} yourself`);
    }
    classes.push(render('scaffold', template, { ...view, className }).replace(/\n$/, ''));
    registrations.push(`.${method}(new ${className}(${newLogger}))`);
    classNames[method === 'withDefaulter' ? 'defaulter' : 'validator'] = className;
  }
  if (o.conversion) registrations.push('.withConversion(converters)');
  const builderMarker = WEBHOOK_MARKERS.builder(k.version);
  const local: Insertion[] = classes.map((line) => ({ path: file, marker: WEBHOOK_MARKERS.classes, line }));
  if (state?.builder) local.push(...registrations.map((line) => ({ path: file, marker: builderMarker, line })));
  else local.push({ path: file, marker: WEBHOOK_MARKERS.builders, line: render('scaffold', 'webhook-builder.ts', { ...names, registrations, builderMarker }).replace(/\n$/, '') });
  const main: Insertion[] = [
    { path: MAIN_FILE, marker: MARKERS.imports, line: `import { setup${k.kind}Webhook } from '${relativeImport(MAIN_FILE, file.replace(/\.ts$/, ''), p.format, false)}';` },
    { path: MAIN_FILE, marker: MARKERS.webhooks, line: `setup${k.kind}Webhook(mgr);` },
  ];
  const needed = [...(o.conversion ? ['converters'] : []), k.version];
  if (state === undefined) {
    let text = render('scaffold', 'webhook.ts', { ...names, imports: needed.join(', '), generatedImport: spec });
    for (const ins of local) text = insertAtMarker(text, ins.marker, ins.line, file);
    return { files: [{ path: file, contents: text, policy: 'new' }], insertions: main, classNames };
  }
  const missing = needed.filter((n) => !state.imported.has(n));
  const imports: Insertion[] = missing.length > 0 ? [{ path: file, marker: WEBHOOK_MARKERS.imports, line: `import { ${missing.join(', ')} } from '${spec}';` }] : [];
  return { files: [], insertions: [...imports, ...local, ...main], classNames };
}

/** Why an insertion cannot be made (its file lacks the marker). */
export class MarkerError extends Error {
  override readonly name = 'MarkerError';
}

/**
 * `text` with `line` inserted above the line holding only `marker`, indented as the marker is; unchanged when a line
 * of the file is `line` already (trimmed), so insertions are idempotent. `line` may be a block of lines (a class, a
 * builder chain): each is indented by the marker's indentation, keeping its own, and the block counts as there when
 * its first non-empty line is. Throws a MarkerError without the marker.
 */
export function insertAtMarker(text: string, marker: string, line: string, file: string): string {
  const block = line.split('\n');
  const head = (block.find((l) => l.trim() !== '') ?? '').trim();
  const lines = text.split('\n');
  if (lines.some((l) => l.trim() === head)) return text;
  const at = lines.findIndex((l) => l.trim() === marker);
  const markerLine = lines[at];
  if (markerLine === undefined) {
    throw new MarkerError(`${file}: the scaffold marker "${marker}" is missing: put it back where \`${head}\` belongs, or add ${block.length > 1 ? 'that code' : 'that line'} yourself`);
  }
  const indent = markerLine.slice(0, markerLine.length - markerLine.trimStart().length);
  lines.splice(at, 0, ...block.map((l) => (l.trim() === '' ? '' : indent + (block.length === 1 ? l.trim() : l.trimEnd()))));
  return lines.join('\n');
}

/** The version accessor of a group's clientset (`shopV1` for shop.example.dev/v1). */
export function versionAccessor(group: string, version: string): string {
  const [first = group] = group.split('.');
  return privateName(`${publicName(first)}${publicName(version)}`);
}
