/**
 * The CRD emitter: one `apiextensions.k8s.io/v1` CustomResourceDefinition per group kind, as controller-gen v0.21
 * writes it — file `<group>_<plural>.yaml` starting with `---`, serialised like yaml.v2 (keys sorted at every level),
 * versions in the group's order, no `$ref`. Before returning, the schemas are checked against the apiserver's
 * structural rules and every violation is reported at the TypeScript source responsible for it.
 */
import { DiagnosticBag } from '../diagnostics';
import type { ApiModel, Field, SourceSpan, TypeDecl, TypeRef } from '../model/types';
import { crdKinds, typeIndex, type CrdKind } from '../model/util';
import { flattenFields } from '../model/build';
import { SchemaBuilder } from '../schema/build';
import { omitEmpty } from '../schema/flatten';
import { formatSchemaPath, structuralViolations, type SchemaStep } from '../schema/structural';
import type { JSONSchemaProps } from '../schema/types';
import { marshalYamlV2 } from '../yaml/yamlv2';
import type { Generator, GeneratorResult, VirtualFile } from './types';
import { KUBEGEN_VERSION } from '../version';
import { conversionSpec, type ConversionWebhookClientConfig } from '@kubegen/runtime/webhook/spec';

/** The annotation kubegen stamps on every CRD, like controller-gen's `controller-gen.kubebuilder.io/version`. */
export const VERSION_ANNOTATION = 'kubegen.io/version';

/** Where the API server reaches a group's conversion webhook (a URL or a Service, and the CA bundle). */
export type CrdConversionWebhook = ConversionWebhookClientConfig;

export interface CrdOptions {
  /** Text written before the first document (e.g. a license header), as controller-gen's headerFile. */
  header?: string;
  /** Per group: a conversion webhook for multi-version CRDs (strategy Webhook). */
  conversion?: Record<string, CrdConversionWebhook>;
}

export interface CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; annotations: Record<string, string>; labels?: Record<string, string> };
  spec: Record<string, unknown>;
}

export const crdGenerator: Generator<CrdOptions> = {
  name: 'crd',
  generate(model: ApiModel, options: CrdOptions = {}): GeneratorResult {
    const bag = new DiagnosticBag();
    const crds = buildCrds(model, options, bag);
    const files: VirtualFile[] = crds.map(({ group, crd }) => ({
      path: `${group}_${(crd.spec.names as { plural: string }).plural}.yaml`,
      contents: `${options.header ?? ''}---\n${marshalYamlV2(crd)}`,
      group,
      role: 'crd',
    }));
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files, diagnostics: bag.items };
  },
};

/** The CRD objects of a model, with diagnostics for anything the apiserver would reject. */
export function buildCrds(model: ApiModel, options: CrdOptions, bag: DiagnosticBag): Array<{ group: string; crd: CustomResourceDefinition }> {
  const schemas = new SchemaBuilder(model, bag);
  const index = typeIndex(model.packages);
  return crdKinds(model).map((ck) => ({ group: ck.group, crd: buildCrd(ck, schemas, index, options, bag) }));
}

function buildCrd(ck: CrdKind, schemas: SchemaBuilder, index: Map<string, TypeDecl>, options: CrdOptions, bag: DiagnosticBag): CustomResourceDefinition {
  const live = ck.versions.filter((v) => !v.kind.skip);
  const first = live[0] ?? ck.versions[0];
  const k = first.kind;
  const names: Record<string, unknown> = { kind: ck.kind, listKind: `${ck.kind}List`, plural: k.plural, singular: k.singular };
  const withShort = live.find((v) => v.kind.shortNames.length > 0);
  if (withShort) names.shortNames = withShort.kind.shortNames;
  const withCategories = live.find((v) => v.kind.categories.length > 0);
  if (withCategories) names.categories = withCategories.kind.categories;

  const versions = live.map(({ version, kind, decl }) => {
    const schema = omitEmpty(schemas.kindSchema(decl));
    for (const v of structuralViolations(schema)) {
      bag.error(`the CRD schema would not be structural at ${formatSchemaPath(v.path)}: ${v.message}`, spanForPath(decl, v.path, index));
    }
    const entry: Record<string, unknown> = { name: version, schema: { openAPIV3Schema: schema }, served: kind.served, storage: kind.storage };
    if (kind.printerColumns.length > 0) {
      // Go's omitempty drops a zero priority and empty description/format.
      entry.additionalPrinterColumns = kind.printerColumns.map((c) => {
        const col: Record<string, unknown> = { name: c.name, type: c.type, jsonPath: c.jsonPath };
        if (c.description) col.description = c.description;
        if (c.format) col.format = c.format;
        if (c.priority) col.priority = c.priority;
        return col;
      });
    }
    if (kind.deprecated) entry.deprecated = true;
    if (kind.deprecationWarning !== undefined) entry.deprecationWarning = kind.deprecationWarning;
    if (kind.selectableFields.length > 0) entry.selectableFields = kind.selectableFields.map((jsonPath) => ({ jsonPath }));
    const sub: Record<string, unknown> = {};
    if (kind.subresources.status) sub.status = {};
    if (kind.subresources.scale) sub.scale = kind.subresources.scale;
    // controller-gen allocates the (empty) subresources struct whenever it adds a printer column.
    if (Object.keys(sub).length > 0 || kind.printerColumns.length > 0) entry.subresources = sub;
    return entry;
  });

  const annotations: Record<string, string> = { [VERSION_ANNOTATION]: KUBEGEN_VERSION };
  const labels: Record<string, string> = {};
  for (const v of live) {
    Object.assign(annotations, v.kind.crdAnnotations);
    Object.assign(labels, v.kind.crdLabels);
  }
  const spec: Record<string, unknown> = { group: ck.group, names, scope: k.scope, versions };
  const webhook = options.conversion?.[ck.group];
  if (webhook && live.length > 1) spec.conversion = conversionSpec(webhook);
  const metadata: CustomResourceDefinition['metadata'] = { annotations, name: `${k.plural}.${ck.group}` };
  if (Object.keys(labels).length > 0) metadata.labels = labels;
  return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata, spec };
}

/** The source span of the field (or type) behind a schema path, for reporting structural violations. */
export function spanForPath(decl: TypeDecl, path: SchemaStep[], index: Map<string, TypeDecl>): SourceSpan {
  let span = decl.span;
  let type: TypeRef = decl.type;
  for (const step of path) {
    while (type.kind === 'named') {
      const d = index.get(`${type.package}.${type.name}`);
      if (!d) return span;
      type = d.type;
    }
    if (step === '[]') {
      if (type.kind !== 'array') return span;
      type = type.items;
    } else if (step === '{}') {
      if (type.kind !== 'map') return span;
      type = type.values;
    } else {
      const f: Field | undefined = flattenFields(type, index).find((x) => x.name === step.property);
      if (!f) return span;
      span = f.span;
      type = f.type;
    }
  }
  return span;
}

export type { JSONSchemaProps };
