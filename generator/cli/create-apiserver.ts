/**
 * `kubegen create apiserver --group g [--force]`, apiserver-builder's scaffold of an aggregated apiserver for an API
 * group of the project (generator/scaffold/apiserver.ts writes the files):
 *
 * - `src/apiserver/<group>.ts`, the server's program on `@kubegen/apiserver`, serving every version of the group
 *   under `apis/` (a server serves a group; one APIService per version names it), with a `+kubegen:apiservice`
 *   marker per version;
 * - `config/apiserver/`: its kustomize base (Namespace, ServiceAccount, delegation RBAC, Service, Deployment with an
 *   etcd sidecar), the group's file listed at the kustomization's scaffold marker;
 * - kubegen.config.json gains `"apiservice": { "paths": ["src/apiserver"], "output": "config/apiserver" }` (the
 *   existing APIService generator writes config/apiserver/apiservice.yaml); package.json gains `@kubegen/apiserver`
 *   and a `deploy-apiserver` script.
 *
 * Refused (one line, exit 1, nothing written): no project, no `deploy.name`, a group that is not under `apis`,
 * `--version` (a server serves every version of its group), a server name longer than a Service name may be, an
 * `apiservice` configuration of other paths or output, the program or manifests existing with other contents
 * (`--force` overwrites them). Running it again changes nothing.
 */
import { CONFIG_FILE, ScaffoldError, asConfigRecord, planScaffold, readJsonObject, readProject, scaffold, writeScaffold, type InitIo } from './scaffold-project';
import { missingKind } from './create-api';
import type { VirtualFile } from '../emit/shared/types';

export interface CreateApiServerArgs {
  group?: string;
  version?: string;
  force?: boolean;
}

/** The `apiservice` configuration the scaffold relies on. */
const APISERVICE_CONFIG = { paths: ['src/apiserver'], output: 'config/apiserver' };

export function runCreateApiServer(cwd: string, args: CreateApiServerArgs, io: InitIo): void {
  const s = scaffold();
  const group = args.group ?? '';
  const problems = s.checkApiScaffold({ group });
  if (problems.length > 0) throw new ScaffoldError(problems.join('; '));
  const project = readProject(cwd);
  const kinds = project.kinds.filter((k) => k.group === group);
  const versions = [...new Set(kinds.map((k) => k.version))].sort(s.compareVersionPriority);
  if (kinds.length === 0) throw new ScaffoldError(missingKind(project.kinds, group, '', '', project.apisDir));
  if (args.version !== undefined) {
    throw new ScaffoldError(`--version: an apiserver serves every version of its group, each registered by its own APIService: leave out --version (${group} has ${versions.join(', ')})`);
  }
  if (project.name === undefined || project.namespace === undefined) {
    throw new ScaffoldError(`${CONFIG_FILE} has no deploy.name, which names the apiserver's objects (add "deploy": { "name": "<project>" })`);
  }
  const names = s.apiServerNames(group, { name: project.name });
  if (names.server.length > 63) {
    throw new ScaffoldError(`the apiserver's Service would be named ${names.server} (${names.server.length} characters), longer than the 63 a Service name may have: shorten deploy.name in ${CONFIG_FILE}`);
  }
  const deploy = asConfigRecord(project.config.deploy, 'deploy');
  const image = typeof deploy.image === 'string' && deploy.image !== '' ? deploy.image : 'controller:latest';
  const extra: VirtualFile[] = [];
  if (!Object.hasOwn(project.config, 'apiservice')) {
    extra.push({ path: CONFIG_FILE, contents: JSON.stringify({ ...project.config, apiservice: APISERVICE_CONFIG }, null, 2) + '\n' });
  } else {
    const own = asConfigRecord(project.config.apiservice, 'apiservice');
    const paths = Array.isArray(own.paths) ? own.paths : [];
    if (own.output !== APISERVICE_CONFIG.output || !paths.includes(APISERVICE_CONFIG.paths[0])) {
      throw new ScaffoldError(`${CONFIG_FILE}: apiservice: the scaffold needs "paths" to include "src/apiserver" and "output" to be "config/apiserver" (where config/apiserver/kustomization.yaml finds apiservice.yaml): change it, or add the APIServices yourself`);
    }
  }
  const pj = readJsonObject(cwd, 'package.json') ?? {};
  const mergedPj = mergeApiServerPackageJson(pj, s.asRecord, runtimeRange(pj, s.asRecord));
  if (JSON.stringify(mergedPj) !== JSON.stringify(pj)) extra.push({ path: 'package.json', contents: JSON.stringify(mergedPj, null, 2) + '\n' });
  const operator = { name: project.name, format: project.format, generated: project.generated, namespace: project.namespace, image };
  const server = s.scaffoldApiServer({ group, versions }, operator);
  const plan = planScaffold(cwd, server.files, server.insertions, args.force === true, extra);
  writeScaffold(cwd, plan, io);
  const built = names.program.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
  io.out(
    [
      '',
      `${group} (${versions.join(', ')}) is served by ${names.program}: one APIService per version, from its +kubegen:apiservice markers.`,
      `Its CRDs are the model it serves, not objects to install: kubegen generate leaves them out of the deploy tree and the chart.`,
      `Next: npm install && npm run generate && npm run build; run it with node ${built} --etcd-servers <url> --kubeconfig <file>`,
      ...(project.generated.layout === 'source'
        ? [`The image needs the CRDs too: add COPY --from=build /workspace/${project.generated.output}/${group}/crds ./${project.generated.output}/${group}/crds to the Dockerfile.`]
        : []),
      'Deploy it (namespace, RBAC, Service, Deployment with etcd, APIServices) with npm run deploy-apiserver; see docs/scaffold.md.',
      '',
    ].join('\n'),
  );
}

/** The version range of `@kubegen/runtime` the project has: `@kubegen/apiserver` is released with it. */
function runtimeRange(pj: Record<string, unknown>, asRecord: (v: unknown) => Record<string, unknown>): string | undefined {
  for (const key of ['dependencies', 'devDependencies']) {
    const deps = asRecord(pj[key]);
    const v = deps['@kubegen/runtime'];
    if (typeof v === 'string') return v;
  }
  return undefined;
}

/** package.json with `@kubegen/apiserver` (at the runtime's range) and the `deploy-apiserver` script, when missing. */
export function mergeApiServerPackageJson(pj: Record<string, unknown>, asRecord: (v: unknown) => Record<string, unknown>, range: string | undefined): Record<string, unknown> {
  const out = asRecord(pj);
  const scripts = asRecord(out.scripts);
  if (!Object.hasOwn(scripts, 'deploy-apiserver')) {
    scripts['deploy-apiserver'] = 'kubegen apply -k config/apiserver';
    out.scripts = scripts;
  }
  const deps = asRecord(out.dependencies);
  const dev = asRecord(out.devDependencies);
  if (!Object.hasOwn(deps, '@kubegen/apiserver') && !Object.hasOwn(dev, '@kubegen/apiserver')) {
    deps['@kubegen/apiserver'] = range ?? '*';
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(deps).sort()) Object.defineProperty(sorted, k, { value: deps[k], enumerable: true, writable: true, configurable: true });
    out.dependencies = sorted;
  }
  return out;
}
