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
 * Refused (one line, nothing written): no project, a group, version or kind that is not under `apis`, a webhook file
 * that exists with other contents (`--force` overwrites it), `--conversion` for a kind served in one version.
 */
import { CONFIG_FILE, ScaffoldError, apiFromArgs, asConfigRecord, planScaffold, readProject, scaffold, writeScaffold, type ApiArgs, type InitIo } from './scaffold-project';
import { missingKind } from './create-api';
import type { VirtualFile } from '../emit/types';

export interface CreateWebhookArgs extends ApiArgs {
  defaulting?: boolean;
  'programmatic-validation'?: boolean;
  programmaticValidation?: boolean;
  conversion?: boolean;
  force?: boolean;
}

export function runCreateWebhook(cwd: string, args: CreateWebhookArgs, io: InitIo): void {
  const api = apiFromArgs(args, true)!;
  const options = { defaulting: args.defaulting === true, validation: (args['programmatic-validation'] ?? args.programmaticValidation) === true, conversion: args.conversion === true };
  if (!options.defaulting && !options.validation && !options.conversion) {
    throw new ScaffoldError('say which webhooks to create: at least one of --defaulting, --programmatic-validation and --conversion');
  }
  const project = readProject(cwd);
  const found = project.kinds.find((k) => k.group === api.group && k.version === api.version && k.kind === api.kind);
  if (found === undefined) throw new ScaffoldError(missingKind(project.kinds, api.group, api.version, api.kind, project.apisDir));
  const versions = project.kinds.filter((k) => k.group === api.group && k.kind === api.kind);
  const extra: VirtualFile[] = [];
  let conversionEntry: string | undefined;
  if (options.conversion) {
    if (versions.length < 2) {
      throw new ScaffoldError(
        `--conversion: ${api.kind} is served in ${api.version} only, so there is nothing to convert: add a version first (kubegen create api --group ${api.group} --version <v2> --kind ${api.kind})`,
      );
    }
    if (project.name === undefined) {
      throw new ScaffoldError(`--conversion: ${CONFIG_FILE} has no deploy.name, which names the operator's webhook Service (add "deploy": { "name": "<project>" })`);
    }
    const conversion = asConfigRecord(project.config.conversion, 'conversion');
    if (!Object.hasOwn(conversion, api.group)) {
      conversionEntry = `${project.name}-webhook-service`;
      conversion[api.group] = { service: { name: conversionEntry, namespace: project.namespace!, path: '/convert' } };
      extra.push({ path: CONFIG_FILE, contents: JSON.stringify({ ...project.config, conversion }, null, 2) + '\n' });
    }
  }
  const operator = { name: project.name ?? 'operator', format: project.format, generated: project.generated };
  const ref = { group: api.group, version: api.version, kind: api.kind, namespaced: !found.clusterScoped };
  const w = scaffold().scaffoldWebhook(ref, options, operator);
  const plan = planScaffold(cwd, w.files, w.insertions, args.force === true, extra);
  writeScaffold(cwd, plan, io);
  const paths = scaffold().admissionPaths(ref);
  const lines: string[] = [''];
  if (options.defaulting) lines.push(`defaulting: ${paths.mutate} — write ${api.kind}CustomDefaulter.default in ${w.files[0].path}`);
  if (options.validation) lines.push(`validation: ${paths.validate} — write ${api.kind}CustomValidator's methods in ${w.files[0].path}`);
  if (options.conversion) {
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
