/**
 * The CRD emitter: one `apiextensions.k8s.io/v1` CustomResourceDefinition per group kind, as controller-gen v0.21
 * writes it — file `<group>_<plural>.yaml` starting with `---`, serialised like yaml.v2 (keys sorted at every level),
 * versions in the group's order, no `$ref`. Before returning, the schemas are checked against the apiserver's
 * structural rules and every violation is reported at the TypeScript source responsible for it.
 */
import { DiagnosticBag } from '../diagnostics';
import type { ApiModel, Field, Kind, SourceSpan, TypeDecl, TypeRef } from '../model/types';
import { crdKinds, typeIndex, type CrdKind, type TypeIndex } from '../model/util';
import { flattenFields } from '../model/build';
import { SchemaBuilder } from '../schema/build';
import { omitEmpty } from '../schema/flatten';
import { formatSchemaPath, structuralViolations, type SchemaStep } from '../schema/structural';
import type { JSONSchemaProps } from '../core/schema';
import { schemaDifferences } from '../schema/diff';
import { marshalYamlV2, yamlV2Memo } from '../yaml/yamlv2';
import type { GeneratedFile, GenerationContext, Generator, GeneratorRun } from './shared/types';
import { cmp } from '../render/model';
import { KUBEGEN_VERSION } from '../version';
import { conversionSpec, type ConversionWebhookClientConfig } from '@kubegen/runtime/webhook/spec';
import { CelChecker, reportCelProblems, ruleSpans } from '../cel';
import { resolveFieldPath } from '../cel/rulefields';
import { checkCrdGroupNames } from '../model/names';

/** The annotation kubegen stamps on every CRD, like controller-gen's `controller-gen.kubebuilder.io/version`. */
export const VERSION_ANNOTATION = 'kubegen.io/version';

/** Where the API server reaches a group's conversion webhook (a URL or a Service, and the CA bundle). */
export type CrdConversionWebhook = ConversionWebhookClientConfig;

export interface CrdOptions {
  /** Text written before the first document (e.g. a license header), as controller-gen's headerFile. */
  header?: string;
  /** Per group: a conversion webhook for multi-version CRDs (strategy Webhook). */
  conversion?: Record<string, CrdConversionWebhook>;
  /**
   * A multi-version CRD whose versions' schemas differ must have a conversion webhook in `conversion` (an error,
   * `conversion-required`, otherwise). Set by `kubegen generate`, whose configuration says where the webhook is;
   * `kubegen crd` writes no `spec.conversion`, as controller-gen, and leaves it to be patched in (kustomize).
   */
  requireConversion?: boolean;
}

export interface CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; annotations: Record<string, string>; labels?: Record<string, string> };
  spec: Record<string, unknown>;
}

export const crdGenerator: Generator<CrdOptions> = {
  name: 'crd',
  start(ctx: GenerationContext, options: CrdOptions): GeneratorRun {
    const schemas = new SchemaBuilder(ctx.model, ctx.diagnostics, { replay: true });
    const index = typeIndex(ctx.model.packages);
    const kinds = crdKinds(ctx.model);
    checkCrdGroupNames(ctx.model.packages, ctx.diagnostics);
    // Marker spans are only needed to report a problem: collected on first use.
    let spans: ReturnType<typeof ruleSpans> | undefined;
    const cel = { checker: new CelChecker(), spans: () => (spans ??= ruleSpans(ctx.model)) };
    // The schemas share named types' nodes (SchemaBuilder.typeSchema): each shared node is made omitempty once.
    const omitted = new WeakMap<object, JSONSchemaProps>();
    const encoded = yamlV2Memo();
    return {
      group: (group) =>
        kinds
          .filter((ck) => ck.group === group.name)
          .map((ck) => buildCrd(ck, schemas, index, options, ctx.diagnostics, cel, omitted))
          .map((crd): GeneratedFile => ({ path: `${group.name}_${(crd.spec.names as { plural: string }).plural}.yaml`, contents: `${options.header ?? ''}---\n${marshalYamlV2(crd, encoded)}`, role: 'crd' }))
          .sort((a, b) => cmp(a.path, b.path)),
    };
  },
};

/** The CRD objects of a model, with diagnostics for anything the apiserver would reject. */
export function buildCrds(model: ApiModel, options: CrdOptions, bag: DiagnosticBag): Array<{ group: string; crd: CustomResourceDefinition }> {
  checkCrdGroupNames(model.packages, bag);
  const schemas = new SchemaBuilder(model, bag);
  const index = typeIndex(model.packages);
  // Marker spans are only needed to report a problem: collected on first use.
  let spans: ReturnType<typeof ruleSpans> | undefined;
  const cel = { checker: new CelChecker(), spans: () => (spans ??= ruleSpans(model)) };
  const omitted = new WeakMap<object, JSONSchemaProps>();
  return crdKinds(model).map((ck) => ({ group: ck.group, crd: buildCrd(ck, schemas, index, options, bag, cel, omitted) }));
}

function buildCrd(
  ck: CrdKind,
  schemas: SchemaBuilder,
  index: TypeIndex,
  options: CrdOptions,
  bag: DiagnosticBag,
  cel: { checker: CelChecker; spans: () => ReturnType<typeof ruleSpans> },
  omitted: WeakMap<object, JSONSchemaProps>,
): CustomResourceDefinition {
  const live = ck.versions.filter((v) => !v.kind.skip);
  const first = live[0] ?? ck.versions[0];
  if (!first) throw new Error(`kubegen bug: CRD ${ck.kind}.${ck.group} has no versions`);
  const k = first.kind;
  const names: Record<string, unknown> = { kind: ck.kind, listKind: `${ck.kind}List`, plural: k.plural, singular: k.singular };
  const withShort = live.find((v) => v.kind.shortNames.length > 0);
  if (withShort) names.shortNames = withShort.kind.shortNames;
  const withCategories = live.find((v) => v.kind.categories.length > 0);
  if (withCategories) names.categories = withCategories.kind.categories;

  const built = live.map((side) => {
    const { version, kind, decl } = side;
    const schema = omitEmpty(schemas.kindSchema(decl), omitted);
    const violations = structuralViolations(schema);
    for (const v of violations) {
      bag.report('not-structural', `the CRD schema would not be structural at ${formatSchemaPath(v.path)}: ${v.message}`, spanForPath(decl, v.path, index));
    }
    // Like the apiserver, CEL rules are checked only on a structural schema.
    if (violations.length === 0) reportCelProblems(cel.checker, schema, cel.spans, (path) => spanForPath(decl, path, index), bag);
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
    if (kind.selectableFields.length > 0) {
      if (violations.length === 0) checkSelectableFields(kind, schema, decl, bag);
      entry.selectableFields = kind.selectableFields.map((jsonPath) => ({ jsonPath }));
    }
    const sub: Record<string, unknown> = {};
    if (kind.subresources.status) sub.status = {};
    if (kind.subresources.scale) sub.scale = kind.subresources.scale;
    // controller-gen allocates the (empty) subresources struct whenever it adds a printer column.
    if (Object.keys(sub).length > 0 || kind.printerColumns.length > 0) entry.subresources = sub;
    return { side, schema, entry };
  });
  const versions = built.map((b) => b.entry);

  const annotations: Record<string, string> = { [VERSION_ANNOTATION]: KUBEGEN_VERSION };
  const labels: Record<string, string> = {};
  for (const v of live) {
    Object.assign(annotations, v.kind.crdAnnotations);
    Object.assign(labels, v.kind.crdLabels);
  }
  const spec: Record<string, unknown> = { group: ck.group, names, scope: k.scope, versions };
  const webhook = options.conversion?.[ck.group];
  if (options.requireConversion && !webhook && live.length > 1) checkConversionNeeded(ck, built, index, bag);
  if (webhook && live.length > 1) spec.conversion = conversionSpec(webhook);
  const metadata: CustomResourceDefinition['metadata'] = { annotations, name: `${k.plural}.${ck.group}` };
  if (Object.keys(labels).length > 0) metadata.labels = labels;
  return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata, spec };
}

/**
 * Without a conversion webhook the API server converts with strategy None, changing only `apiVersion`: versions whose
 * schemas differ lose data (a renamed field is pruned) or fail validation. One error per version that differs from the
 * storage version, at its first differing field, naming the fields on both sides; the storage version's field is the
 * related location.
 */
function checkConversionNeeded(ck: CrdKind, live: ReadonlyArray<{ side: CrdKind['versions'][number]; schema: JSONSchemaProps }>, index: TypeIndex, bag: DiagnosticBag): void {
  const hub = live.find((l) => l.side.kind.storage);
  if (!hub) return; // reported by the model (no storage version)
  const h = hub.side;
  const name = (v: CrdKind['versions'][number], path: SchemaStep[] | undefined) => (path === undefined ? undefined : `${v.version} ${ck.kind}${formatSchemaPath(path).replace(/^<root>$/, '')}`);
  for (const { side: v, schema } of live) {
    if (v === h) continue;
    const diffs = schemaDifferences(schema, hub.schema, 4);
    const [first] = diffs;
    if (first === undefined) continue;
    const shown = diffs.map((d) => {
      const a = name(v, d.a);
      const b = name(h, d.b);
      if (d.changed) return `${a} differs from ${b} in ${d.changed.join(', ')}`;
      if (a !== undefined && b !== undefined) return `${a} vs ${b}`;
      return a !== undefined ? `${a} has no counterpart in ${h.version}` : `${b ?? ''} has no counterpart in ${v.version}`;
    });
    const span = first.a !== undefined ? spanForPath(v.decl, first.a, index) : v.decl.span;
    const related = first.b !== undefined ? [{ span: spanForPath(h.decl, first.b, index), message: `the ${h.version} (storage version) side` }] : [];
    bag.report(
      'conversion-required',
      `versions ${v.version} and ${h.version} of ${ck.kind}.${ck.group} have different schemas (${shown.join('; ')}${diffs.length >= 4 ? '; …' : ''}) but no conversion webhook is configured for ${ck.group}: the API server would convert with strategy None, changing only apiVersion, and lose data; configure "conversion": { "${ck.group}": … } in the kubegen configuration, or make the schemas equal`,
      span,
      { related },
    );
  }
}

/** The apiserver's `MaxSelectableFields`. */
const MAX_SELECTABLE_FIELDS = 8;

/**
 * The apiserver's `ValidateCustomResourceSelectableFields` (its wording), pure: each JSONPath leads through the
 * schema without array notation (`ValidFieldPath`), not into metadata, to a string, boolean or integer; none twice;
 * at most 8 (`index` is then the first one too many).
 */
export function selectableFieldProblems(paths: readonly string[], schema: JSONSchemaProps): Array<{ index: number; detail: string }> {
  const out: Array<{ index: number; detail: string }> = [];
  const seen = new Set<string>();
  paths.forEach((jsonPath, index) => {
    const r = resolveFieldPath(jsonPath, schema, { allowArrayNotation: false });
    if ('problem' in r) {
      out.push({ index, detail: `is an invalid path: ${r.problem}` });
      return;
    }
    if (r.steps[0] === 'metadata') out.push({ index, detail: 'must not point to fields in metadata' });
    if (r.schema.type !== 'string' && r.schema.type !== 'boolean' && r.schema.type !== 'integer') {
      out.push({ index, detail: 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.' });
    }
    const key = r.steps.join('\u0000');
    if (seen.has(key)) out.push({ index, detail: 'Duplicate value' });
    seen.add(key);
  });
  if (seen.size > MAX_SELECTABLE_FIELDS) out.push({ index: MAX_SELECTABLE_FIELDS, detail: `must have at most ${MAX_SELECTABLE_FIELDS} items` });
  return out;
}

/** Each selectable field problem of a kind's version, at its `+kubebuilder:selectablefield` marker. */
function checkSelectableFields(kind: Kind, schema: JSONSchemaProps, decl: TypeDecl, bag: DiagnosticBag): void {
  const spans = kind.selectableFieldSpans ?? [];
  for (const { index, detail } of selectableFieldProblems(kind.selectableFields, schema)) {
    const jsonPath = kind.selectableFields[index] ?? '';
    bag.report('invalid-selectable-field', `selectable field ${JSON.stringify(jsonPath)} of ${decl.name} would be refused by the API server: ${detail}`, spans[index] ?? decl.span);
  }
}

/** The source span of the field (or type) behind a schema path, for reporting structural violations. */
export function spanForPath(decl: TypeDecl, path: SchemaStep[], index: TypeIndex): SourceSpan {
  let span = decl.span;
  let type: TypeRef = decl.type;
  for (const step of path) {
    while (type.kind === 'named') {
      const d = index.decl(type.package, type.name);
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
