/**
 * The deploy model as a Helm chart (kubebuilder's helm/v2-alpha plugin layout): `Chart.yaml`, `values.yaml`,
 * `values.schema.json` (Helm checks values against it in lint, template and install), `.helmignore`, and
 * `templates/` with one template per file of the kustomize tree (`crd/`, `rbac/`, `manager/`, `webhook/`,
 * `certmanager/`, `metrics/`) plus `_helpers.tpl`.
 *
 * With the default values, `helm template --namespace <deploy.namespace>` gives the objects config/default builds to,
 * except two things a chart does differently by design: no Namespace object (Helm installs into
 * `--namespace`, `--create-namespace` makes it) and `helm.sh/resource-policy: keep` on the CRDs (`crd.keep`), so
 * `helm uninstall` never deletes the custom resources.
 */
import type { DeployModel } from './objects';
import { chartYaml } from './template';
import { YAML_HEADER, type TreeFile } from './kustomize';
import { marshalYamlV2 } from '../yaml/yamlv2';

export const CHART_VERSION = '0.1.0';

/** The chart's files, relative to `chartDir`, sorted by path. */
export function helmChart(model: DeployModel): TreeFile[] {
  const { name } = model.config;
  const out: TreeFile[] = [];
  out.push({
    path: 'Chart.yaml',
    contents:
      YAML_HEADER +
      marshalYamlV2({
        apiVersion: 'v2',
        appVersion: CHART_VERSION,
        description: `A Helm chart to deploy the ${name} operator`,
        name,
        type: 'application',
        version: CHART_VERSION,
      }),
  });
  out.push({ path: 'values.yaml', contents: YAML_HEADER + valuesYaml(model) });
  out.push({ path: 'values.schema.json', contents: JSON.stringify(valuesSchema(model), null, 2) + '\n' });
  out.push({ path: '.helmignore', contents: YAML_HEADER + HELMIGNORE });
  out.push({ path: 'templates/_helpers.tpl', contents: helpers(model) });
  const byPath = new Map<string, string[]>();
  for (const f of model.files) {
    const objects = f.objects.filter((o) => !o.kustomizeOnly);
    if (objects.length === 0) continue;
    const body = objects.map((o) => `---\n${chartYaml(o.object)}`).join('');
    const guarded = f.chart.condition === undefined ? body : `{{- if ${f.chart.condition} }}\n${body}{{- end }}\n`;
    byPath.set(f.chart.path, [...(byPath.get(f.chart.path) ?? []), guarded]);
  }
  for (const [p, parts] of byPath) out.push({ path: `templates/${p}`, contents: YAML_HEADER + parts.join('') });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const HELMIGNORE = ['.DS_Store', '.git/', '.gitignore', '*.swp', '*.bak', '*.tmp', '*.orig', '*~', '.idea/', '.vscode/', ''].join('\n');

/** values.yaml with a comment above each section. */
function valuesYaml(model: DeployModel): string {
  const comments: Record<string, string> = {
    manager: 'The manager Deployment: image, replicas, leader election among the replicas (a Lease), resources.',
    metrics: 'The /metrics endpoint (--metrics-bind-address=:8080), its Service and the metrics RBAC roles.',
    rbac: 'The Roles, ClusterRoles and bindings (the ServiceAccount is always made).',
    crd: 'The CRDs; keep: helm.sh/resource-policy keep, so that helm uninstall leaves the CRDs and their objects.',
    webhook: 'Who makes the webhook serving certificate: selfManaged (the operator makes and rotates it, and injects its CA)\n# or certManager (an Issuer and a Certificate of cert-manager, which must be installed, and its CA injector).',
  };
  return Object.keys(model.values)
    .sort()
    .map((k) => `# ${comments[k] ?? k}\n${marshalYamlV2({ [k]: model.values[k] })}`)
    .join('\n');
}

/** A JSON Schema of values.yaml: Helm refuses values of the wrong type or an unknown certificates mode, naming the key. */
function valuesSchema(model: DeployModel): Record<string, unknown> {
  const bool = { type: 'boolean' };
  const quantity = { type: ['string', 'number'] };
  const resourceList = { type: 'object', additionalProperties: quantity };
  const properties: Record<string, unknown> = {
    manager: {
      type: 'object',
      additionalProperties: false,
      properties: {
        image: {
          type: 'object',
          additionalProperties: false,
          properties: { repository: { type: 'string', minLength: 1 }, tag: { type: 'string' }, pullPolicy: { enum: ['Always', 'IfNotPresent', 'Never'] } },
        },
        replicas: { type: 'integer', minimum: 0 },
        leaderElection: bool,
        resources: { type: 'object', properties: { limits: resourceList, requests: resourceList } },
      },
    },
    metrics: { type: 'object', additionalProperties: false, properties: { enable: bool } },
    rbac: { type: 'object', additionalProperties: false, properties: { enable: bool } },
    // An umbrella chart's global values.
    global: { type: 'object' },
  };
  if (model.values.crd !== undefined) properties.crd = { type: 'object', additionalProperties: false, properties: { enable: bool, keep: bool } };
  if (model.values.webhook !== undefined) properties.webhook = { type: 'object', additionalProperties: false, properties: { certificates: { enum: ['selfManaged', 'certManager'] } } };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment: 'Code generated by kubegen generate (the "deploy" configuration). DO NOT EDIT: kubegen rewrites this file.',
    type: 'object',
    additionalProperties: false,
    properties,
  };
}

function helpers(model: DeployModel): string {
  const { name } = model.config;
  return [
    '{{/* Code generated by kubegen generate (the "deploy" configuration). DO NOT EDIT: kubegen rewrites this file. */}}',
    '',
    '{{/* The chart\'s name (every object is named <name>-…). */}}',
    `{{- define "${name}.name" -}}`,
    name,
    '{{- end }}',
    '',
  ].join('\n');
}
