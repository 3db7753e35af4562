/**
 * `kubegen create webhook --group g --version v --kind K [--defaulting] [--programmatic-validation] [--conversion]
 * [--force]`, kubebuilder's `create webhook`:
 *
 * - `src/webhooks/<kind>.ts`: a typed CustomDefaulter and / or CustomValidator of the kind, with the
 *   `+kubebuilder:webhook` markers (controller-runtime's paths, `/mutate-<group with - for .>-<version>-<kind>`), on
 *   the webhook builder (`webhookManagedBy(mgr)`), registered at src/main.ts' scaffold markers;
 * - `--conversion`: the group's generated converters served at /convert by the same builder, and kubegen.config.json's
 *   `conversion` entry for the group (the operator's webhook Service, `<deploy.name>-webhook-service` in
 *   `deploy.namespace`), which makes `kubegen generate` write the CRD's `spec.conversion`.
 *
 * Run again for a kind whose webhook file exists (another version's webhooks, conversion added later), it inserts
 * what it adds at the file's `+kubegen:scaffold:…` markers (kubebuilder's scaffold markers) and never rewrites the
 * user's code; a missing conversion entry in kubegen.config.json is merged in.
 *
 * Refused (one line, nothing written): no project, a group, version or kind that is not under `apis`, what the file
 * has already (the version's defaulting or validation, the conversion) unless the file is exactly what the command
 * writes (a re-run changes nothing), a missing marker, a class name taken, `--conversion` for a kind served in one
 * version. `--force` writes the file anew with what the command asks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG_FILE, ScaffoldError, apiFromArgs, asConfigRecord, planScaffold, readProject, scaffold, writeScaffold, type ApiArgs, type InitIo } from './scaffold-project';
import { missingKind } from './create-api';
import type { VirtualFile } from '../emit/shared/types';
import { present } from '../core/invariant';

export interface CreateWebhookArgs extends ApiArgs {
  defaulting?: boolean;
  'programmatic-validation'?: boolean;
  programmaticValidation?: boolean;
  conversion?: boolean;
  force?: boolean;
}

export function runCreateWebhook(cwd: string, args: CreateWebhookArgs, io: InitIo): void {
  const api = apiFromArgs(args, true);
  const asked = { defaulting: args.defaulting === true, validation: (args['programmatic-validation'] ?? args.programmaticValidation) === true, conversion: args.conversion === true };
  if (!asked.defaulting && !asked.validation && !asked.conversion) {
    throw new ScaffoldError('say which webhooks to create: at least one of --defaulting, --programmatic-validation and --conversion');
  }
  const project = readProject(cwd);
  const s = scaffold();
  const found = project.kinds.find((k) => k.group === api.group && k.version === api.version && k.kind === api.kind);
  if (found === undefined) throw new ScaffoldError(missingKind(project.kinds, api.group, api.version, api.kind, project.apisDir));
  const versions = project.kinds.filter((k) => k.group === api.group && k.kind === api.kind);
  const extra: VirtualFile[] = [];
  let conversionEntry: string | undefined;
  let conversionConfigured = false;
  if (asked.conversion) {
    if (versions.length < 2) {
      throw new ScaffoldError(
        `--conversion: ${api.kind} is served in ${api.version} only, so there is nothing to convert: add a version first (kubegen create api --group ${api.group} --version <v2> --kind ${api.kind})`,
      );
    }
    if (project.name === undefined) {
      throw new ScaffoldError(`--conversion: ${CONFIG_FILE} has no deploy.name, which names the operator's webhook Service (add "deploy": { "name": "<project>" })`);
    }
    // merged into the configuration: every other key (and every other group's entry) stays as it is
    const conversion = asConfigRecord(project.config.conversion, 'conversion');
    conversionConfigured = Object.hasOwn(conversion, api.group);
    if (!conversionConfigured) {
      conversionEntry = `${project.name}-webhook-service`;
      conversion[api.group] = { service: { name: conversionEntry, namespace: present(project.namespace, 'the namespace of a project with a deploy.name'), path: '/convert' } };
      extra.push({ path: CONFIG_FILE, contents: JSON.stringify({ ...project.config, conversion }, null, 2) + '\n' });
    }
  }
  const operator = { name: project.name ?? 'operator', format: project.format, generated: project.generated };
  const ref = { group: api.group, version: api.version, kind: api.kind, namespaced: !found.clusterScoped };
  const file = s.webhookFile(ref);
  const force = args.force === true;
  const existing = readText(cwd, file);
  let options = asked;
  let w = s.scaffoldWebhook(ref, asked, operator);
  if (existing !== undefined && existing !== w.files.find((f) => f.path === file)?.contents && !force) {
    // the kind has webhooks already: add what is asked at the file's scaffold markers, refuse what is there
    const has = s.webhookFileHas(existing, ref, versions.map((k) => k.version), operator);
    const paths = s.admissionPaths(ref);
    const there = [
      asked.defaulting && has.defaulting ? `the defaulting webhook of ${api.kind} ${api.version} (${paths.mutate}) exists already: leave out --defaulting` : '',
      asked.validation && has.validation ? `the validating webhook of ${api.kind} ${api.version} (${paths.validate}) exists already: leave out --programmatic-validation` : '',
      asked.conversion && has.conversion && conversionConfigured ? `the conversion of ${api.group} exists already (.withConversion, and ${CONFIG_FILE}'s conversion entry): leave out --conversion` : '',
    ].filter((m) => m !== '');
    if (there.length > 0) throw new ScaffoldError(`${file}: ${there.join('; ')} (--force writes the file anew)`);
    if (![s.WEBHOOK_MARKERS.imports, s.WEBHOOK_MARKERS.classes, s.WEBHOOK_MARKERS.builders].some((m) => existing.split('\n').some((l) => l.trim() === m))) {
      throw new ScaffoldError(`${file} exists without the +kubegen:scaffold markers create webhook adds at (a file of your own, or one scaffolded before them): add the webhooks yourself, or --force writes the file anew`);
    }
    // a conversion served already, whose configuration entry was missing, gains only the entry
    options = { ...asked, conversion: asked.conversion && !has.conversion };
    try {
      w = options.defaulting || options.validation || options.conversion ? s.scaffoldWebhook(ref, options, operator, { text: existing, versions: versions.map((k) => k.version) }) : { files: [], insertions: [], classNames: {} };
    } catch (e) {
      if (e instanceof s.WebhookConflictError) throw new ScaffoldError(e.message);
      throw e;
    }
  }
  const plan = planScaffold(cwd, w.files, w.insertions, force, extra);
  writeScaffold(cwd, plan, io);
  const paths = s.admissionPaths(ref);
  const lines: string[] = [''];
  const { defaulter, validator } = w.classNames;
  if (options.defaulting) lines.push(`defaulting: ${paths.mutate} — write ${present(defaulter, 'the defaulter class scaffolded')}.default in ${file}`);
  if (options.validation) lines.push(`validation: ${paths.validate} — write ${present(validator, 'the validator class scaffolded')}'s methods in ${file}`);
  if (asked.conversion) {
    const hub = versions.find((k) => k.storageVersion);
    lines.push(
      `conversion: /convert serves the generated converters of ${api.group}${conversionEntry !== undefined ? `; ${CONFIG_FILE} now points the CRD's conversion webhook at the Service ${conversionEntry}` : ''}.`,
      `  ${hub ? `${hub.version} is the hub (the storage version); ` : ''}fields that keep their name and type convert by themselves. For a renamed, moved or retyped field write, in`,
      `  ${project.apisDir}/${api.group}/<spoke>/conversion.ts, convert_<spoke>_<Type>_<field>_To_<hub>(in_, out) and the way back;`,
      '  `kubegen generate` names every function it needs (errors for retyped and required fields, warnings KG5103 for others; docs/conversion.md).',
    );
  }
  lines.push('', 'Next: npm run generate && npm test && npm run build');
  io.out(lines.join('\n') + '\n');
}

/** The text of a project file, undefined when there is none. */
function readText(cwd: string, file: string): string | undefined {
  const abs = path.join(cwd, file);
  return fs.existsSync(abs) && fs.statSync(abs).isFile() ? fs.readFileSync(abs, 'utf8') : undefined;
}
