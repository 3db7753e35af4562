/**
 * `kubegen create api --group g --version v --kind K [--controller] [--namespaced=false] [--resource=false] [--force]`,
 * kubebuilder's `create api`:
 *
 * - the types (`apis/<group>/<version>/<kind>.ts`, the version's doc.ts, a test of the group's generated code) and
 *   a sample object (`config/samples/<group>_<version>_<kind>.yaml`, listed in config/samples/kustomization.yaml);
 * - with `--controller`, a reconciler on the controller builder with its RBAC markers (`src/controllers/<kind>.ts`),
 *   a unit test on the fake clientset, and its registration at src/main.ts' scaffold markers;
 * - for a kind that exists in another version, the new version without `+kubebuilder:storageversion` (the storage
 *   version stays where it is), and what conversion is needed next;
 * - `--resource=false`: no types, only the controller of a kind that exists;
 * - a version new to a group served by a scaffolded aggregated apiserver (`kubegen create apiserver`) is registered
 *   with it: its `+kubegen:apiservice` marker, its APIService in the server's RBAC `resourceNames` and in the
 *   cert-manager patches (a note names what could not be found to edit).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ScaffoldError, apiFromArgs, planScaffold, readProject, scaffold, writeScaffold, type ApiArgs, type FoundKind, type InitIo } from './scaffold-project';
import type { Insertion, ScaffoldFile } from '../scaffold';
import type { VirtualFile } from '../emit/shared/types';

export interface CreateApiArgs extends ApiArgs {
  controller?: boolean;
  resource?: boolean;
  namespaced?: boolean;
  force?: boolean;
}

export function runCreateApi(cwd: string, args: CreateApiArgs, io: InitIo): void {
  const api = apiFromArgs(args, true);
  const project = readProject(cwd);
  const s = scaffold();
  const same = project.kinds.filter((k) => k.group === api.group && k.kind === api.kind);
  const here = same.find((k) => k.version === api.version);
  const others = same.filter((k) => k.version !== api.version);
  const resource = args.resource !== false;
  if (!resource && !args.controller) throw new ScaffoldError('--resource=false: nothing to create (add --controller for a controller of an existing kind)');
  if (!resource && here === undefined) throw new ScaffoldError(`--resource=false: ${missingKind(project.kinds, api.group, api.version, api.kind, project.apisDir)}`);
  if (resource && here !== undefined && here.file !== `${project.apisDir}/${api.group}/${api.version}/${api.kind.toLowerCase()}.ts`) {
    throw new ScaffoldError(`--kind: ${api.kind} is declared in ${here.file} already (use --resource=false for a controller of it)`);
  }
  // every version of a kind has one scope
  const existing = here ?? others[0];
  const existingScope = existing?.clusterScoped;
  if (existing !== undefined && existingScope !== undefined && args.namespaced !== undefined && args.namespaced === existingScope) {
    throw new ScaffoldError(`--namespaced=${String(args.namespaced)}: ${api.kind} is ${existingScope ? 'cluster-scoped' : 'namespaced'} in ${existing.file}, and every version of a kind has the same scope`);
  }
  const namespaced = existingScope !== undefined ? !existingScope : args.namespaced !== false;
  const operator = { name: project.name ?? 'operator', format: project.format, generated: project.generated };
  const files: ScaffoldFile[] = [];
  const insertions: Insertion[] = [];
  const ref = { group: api.group, version: api.version, kind: api.kind, namespaced };
  if (resource) {
    // the storage version stays where it is: on the kind's first version
    const storageVersion = here !== undefined ? here.storageVersion : others.length === 0;
    files.push(...s.scaffoldApi({ ...ref, storageVersion }, project.format, project.apisDir, project.generated));
    // the samples of all versions are applied together: a later version's sample has a name of its own
    const sample = s.scaffoldSample(ref, operator, storageVersion);
    files.push(...sample.files);
    insertions.push(...sample.insertions);
  }
  if (args.controller) {
    const c = s.scaffoldController(ref, operator);
    files.push(...c.files);
    insertions.push(...c.insertions);
  }
  const newVersion = resource && !project.kinds.some((k) => k.group === api.group && k.version === api.version);
  const server = newVersion && project.name !== undefined ? apiServerEdit(cwd, api.group, api.version, project.name) : { files: [], notes: [] };
  const plan = planScaffold(cwd, files, insertions, args.force === true, server.files);
  writeScaffold(cwd, plan, io);
  for (const note of server.notes) io.out(`note: ${note}\n`);
  const kindFile = `${project.apisDir}/${api.group}/${api.version}/${api.kind.toLowerCase()}.ts`;
  const [firstOther, ...moreOthers] = others;
  if (resource && firstOther !== undefined) io.out(`\n${versionReport(api, [firstOther, ...moreOthers], kindFile)}\n`);
  io.out(`\nNext: ${resource ? `edit ${kindFile}, then ` : ''}npm run generate && npm test${args.controller ? ` (the reconciler: src/controllers/${api.kind.toLowerCase()}.ts)` : ''}\n`);
}

/** The edits registering a new version with the group's scaffolded apiserver, when it has one. */
function apiServerEdit(cwd: string, group: string, version: string, projectName: string): { files: VirtualFile[]; notes: string[] } {
  const s = scaffold();
  const names = s.apiServerNames(group, { name: projectName });
  const read = (p: string): string | undefined => {
    const abs = path.join(cwd, p);
    return fs.existsSync(abs) && fs.statSync(abs).isFile() ? fs.readFileSync(abs, 'utf8') : undefined;
  };
  const program = read(names.program);
  if (program === undefined) return { files: [], notes: [] };
  const patchPath = `${s.APISERVER_CERTMANAGER_DIR}/${names.short}-patch.yaml`;
  const edit = s.addApiServerVersion(group, version, { program, manifests: read(names.manifests), certManagerPatch: read(patchPath) }, names);
  const files: VirtualFile[] = [];
  if (edit.program !== undefined) files.push({ path: names.program, contents: edit.program });
  if (edit.manifests !== undefined) files.push({ path: names.manifests, contents: edit.manifests });
  if (edit.certManagerPatch !== undefined) files.push({ path: patchPath, contents: edit.certManagerPatch });
  return { files, notes: edit.notes };
}

/** What a new version of an existing kind means: which version stores objects, and the conversion to write next. */
function versionReport(api: { group: string; version: string; kind: string }, others: readonly [FoundKind, ...FoundKind[]], kindFile: string): string {
  const versions = [...others.map((k) => k.version), api.version].join(', ');
  const [hub, ...moreStorage] = others.filter((k) => k.storageVersion);
  const lines = [`${api.kind} is now served in ${versions}.`];
  if (hub !== undefined && moreStorage.length === 0) {
    lines.push(
      `The storage version stays ${hub.version} (+kubebuilder:storageversion in ${hub.file}): it is the hub every other version converts through; ${api.version} is a spoke.`,
      `While the versions' schemas are the same, the API server converts between them by itself. Once ${kindFile} differs, the CRD needs a conversion webhook:`,
      `  kubegen create webhook --group ${api.group} --version ${hub.version} --kind ${api.kind} --conversion`,
      `kubegen generates the conversions of fields that keep their name and type; a renamed, moved or retyped field needs a function in ${kindFile.replace(/[^/]+$/, 'conversion.ts')}`,
      `(convert_${api.version}_${api.kind}Spec_<field>_To_${hub.version} and back; \`kubegen generate\` names each one it needs — see docs/conversion.md).`,
    );
  } else if (hub === undefined) {
    const [first] = others;
    lines.push(`No version of ${api.kind} is marked as the storage version yet: add +kubebuilder:storageversion to the doc comment of ${api.kind} in ${first.file} (one version of a kind stores its objects).`);
  } else {
    lines.push(`More than one version of ${api.kind} is marked +kubebuilder:storageversion (${[hub, ...moreStorage].map((k) => k.file).join(', ')}): keep it on one.`);
  }
  return lines.join('\n');
}

/** Why a kind was not found: the group, the version or the kind, with what there is. */
export function missingKind(kinds: readonly FoundKind[], group: string, version: string, kind: string, apisDir: string): string {
  const groups = [...new Set(kinds.map((k) => k.group))];
  if (!groups.includes(group)) return `no API group ${group} under ${apisDir}/ (${groups.length ? `groups: ${groups.join(', ')}` : 'there is none yet: kubegen create api'})`;
  const versions = [...new Set(kinds.filter((k) => k.group === group).map((k) => k.version))];
  if (!versions.includes(version)) return `no version ${version} of ${group} under ${apisDir}/${group}/ (versions: ${versions.join(', ')})`;
  const names = kinds.filter((k) => k.group === group && k.version === version).map((k) => k.kind);
  return `no kind ${kind} in ${apisDir}/${group}/${version}/ (kinds: ${names.join(', ')})`;
}
