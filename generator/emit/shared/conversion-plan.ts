/**
 * The conversion planner: what the conversion emitter generates for a group, decided from the model alone, and every
 * diagnostic about it.
 *
 * For every kind served in several versions of a group, the version whose `Kind.storage` is set is the hub and every
 * other version a spoke. For each spoke the planner walks the pairs of struct types its conversions reach — the
 * kind in both directions, then, recursively, the types of the fields matched by JSON name (a field's types in both
 * versions are paired whatever their names) — and decides, per field of the source type of each pair:
 *
 * - a hand-written function exists → `manual` (the function sets whatever it wants; the field is not otherwise converted);
 * - declared in both with convertible types → `convert` (a {@link Plan});
 * - declared in both with types that cannot be converted (retyped) → error KG5004 naming the function to write;
 * - declared only in the source → `keep`: left out of the target, kept in the annotation
 *   `conversion.kubegen.io/<source version>-fields` and restored when converting back; and, unless the field is
 *   marked `+k8s:conversion-gen=false` (meant to be missing from other versions), warning KG5103 naming the field
 *   (where it is declared) and the type of the other version that lacks it (conversion-gen's “requires manual
 *   conversion”): an optional field that was renamed or moved would otherwise silently travel in the annotation
 *   instead of reaching its new name.
 *
 * and, for the target type, that every *required* target field is fed (error KG5004 otherwise, unless a hand-written
 * function exists for some source-only field of the pair). Exported `convert_…_To_…` functions that match no field of
 * a planned pair are reported (KG5101). Emitters render the plan and report nothing of their own about it.
 */
import type { DiagnosticBag } from '../../diagnostics';
import type { Field, Kind, Package, SourceSpan } from '../../model/types';
import { type ModelIndex, type Shape, type StructShape, cmp } from '../../render';
import { manualConversionName } from '../../naming';
import { listAt, present } from '../../core/invariant';

/** How a value of one version becomes a value of another. */
export type Plan =
  | { kind: 'copy'; shape: Shape }
  | { kind: 'pair'; from: StructShape; to: StructShape }
  | { kind: 'array'; items: Plan }
  | { kind: 'map'; values: Plan };

/** How a value of shape `from` becomes one of shape `to`; undefined when it cannot be converted automatically. */
export function plan(from: Shape, to: Shape): Plan | undefined {
  if (from.kind === 'scalar' && to.kind === 'scalar') return from.json === to.json ? { kind: 'copy', shape: from } : undefined;
  if (from.kind === 'any' && to.kind === 'any') return { kind: 'copy', shape: from };
  if (from.kind === 'runtime' && to.kind === 'runtime') return from.name === to.name ? { kind: 'copy', shape: from } : undefined;
  if (from.kind === 'struct' && to.kind === 'struct') return from.id === to.id ? { kind: 'copy', shape: from } : { kind: 'pair', from, to };
  if (from.kind === 'array' && to.kind === 'array') {
    const items = plan(from.items, to.items);
    if (!items) return undefined;
    return items.kind === 'copy' ? { kind: 'copy', shape: from } : { kind: 'array', items };
  }
  if (from.kind === 'map' && to.kind === 'map') {
    const values = plan(from.values, to.values);
    if (!values) return undefined;
    return values.kind === 'copy' ? { kind: 'copy', shape: from } : { kind: 'map', values };
  }
  return undefined;
}

/** A shape as a diagnostic names it: `integer`, `Template[]`, `map of string`. */
export function describe(shape: Shape): string {
  switch (shape.kind) {
    case 'scalar':
      return shape.json;
    case 'any':
      return 'any JSON';
    case 'runtime':
      return shape.name;
    case 'struct':
      return shape.named ? shape.name : 'object';
    case 'array':
      return `${describe(shape.items)}[]`;
    case 'map':
      return `map of ${describe(shape.values)}`;
  }
}

/** One version of a kind's conversion: its version name and package. */
export interface Side {
  version: string;
  pkg: Package;
}

/** What the generated conversion does with one field of a pair's source type. */
export type FieldStep =
  /** The hand-written function `fn` (of the spoke's `conversion.ts`) handles it. */
  | { field: Field; action: 'manual'; fn: string }
  /** Left out of the target and kept in the conversion annotation. */
  | { field: Field; action: 'keep' }
  | { field: Field; action: 'convert'; plan: Plan };

/** The conversion of one struct type of one version to one of another, as planned. */
export interface PairPlan {
  from: StructShape;
  to: StructShape;
  fromSide: Side;
  toSide: Side;
  /** Per field of `from` (embedded fields merged), in field order; a retyped field without a function has none. */
  steps: FieldStep[];
  /** JSON names only `to` declares: a value under such a key in the source is not the target's to take. */
  targetOnly: string[];
}

/** The conversions of one spoke: its kinds to and from the hub, and every pair of types they reach. */
export interface SpokePlan {
  spoke: Side;
  /** The kinds converted between this spoke and their hub, by name. */
  kinds: Array<{ kind: string; hub: Side; spoke: Side }>;
  /** Every pair the conversions reach, by {@link pairKey}, in the order reached. */
  pairs: Map<string, PairPlan>;
  /** Hand-written functions the conversions call, sorted. */
  manual: string[];
}

/** A kind served in several versions of the group. */
export interface KindPlan {
  kind: string;
  hub: Side;
  /** Every version declaring the kind, hub included, in the group's version order. */
  versions: Side[];
}

export interface GroupConversionPlan {
  kinds: KindPlan[];
  /** By spoke version. */
  spokes: SpokePlan[];
}

/** The identity of a pair: the versions and the struct types converted from and to. */
export function pairKey(from: StructShape, fromSide: Side, to: StructShape, toSide: Side): string {
  return `pair\0${fromSide.version}\0${from.id}\0${toSide.version}\0${to.id}`;
}

/**
 * The conversions of a group (its kinds served in several versions with a storage version; a kind without one is
 * the model builder's error), reporting into `diagnostics`. Pure: reads the model through `index`, returns the plan.
 */
export function planGroupConversion(index: ModelIndex, group: string, diagnostics: DiagnosticBag): GroupConversionPlan {
  const g = index.model.groups.find((x) => x.name === group);
  const packages = (g?.versions ?? []).map((gv) => index.package(gv.package)).filter((p): p is Package => p !== undefined && !p.skip);
  const byKind = new Map<string, Array<{ pkg: Package; kind: Kind }>>();
  for (const pkg of packages) {
    for (const kind of pkg.kinds) {
      listAt(byKind, kind.name).push({ pkg, kind });
    }
  }
  const kinds: KindPlan[] = [];
  const spokeKinds = new Map<string, { spoke: Side; kinds: Array<{ kind: string; hub: Side; spoke: Side }> }>();
  for (const [name, versions] of [...byKind].sort((a, b) => cmp(a[0], b[0]))) {
    if (versions.length < 2) continue;
    const hub = versions.find((v) => v.kind.storage);
    if (!hub) continue;
    const hubSide: Side = { version: hub.pkg.version, pkg: hub.pkg };
    kinds.push({ kind: name, hub: hubSide, versions: versions.map((v) => ({ version: v.pkg.version, pkg: v.pkg })) });
    for (const s of versions) {
      if (s === hub) continue;
      const spoke: Side = { version: s.pkg.version, pkg: s.pkg };
      const entry = spokeKinds.get(spoke.version);
      if (entry) entry.kinds.push({ kind: name, hub: hubSide, spoke });
      else spokeKinds.set(spoke.version, { spoke, kinds: [{ kind: name, hub: hubSide, spoke }] });
    }
  }
  const spokes = [...spokeKinds].sort((a, b) => cmp(a[0], b[0])).map(([, { spoke, kinds: ks }]) => new SpokePlanner(index, spoke, ks, diagnostics).plan());
  return { kinds, spokes };
}

/** A struct type to convert, with where it is declared (an inline object type: the field whose type it is). */
interface Located {
  shape: StructShape;
  span: SourceSpan | undefined;
}

class SpokePlanner {
  private readonly available: ReadonlySet<string>;
  private readonly file: string;
  private readonly pairs = new Map<string, PairPlan>();
  private readonly used = new Set<string>();

  constructor(
    private readonly index: ModelIndex,
    private readonly spoke: Side,
    private readonly kinds: Array<{ kind: string; hub: Side; spoke: Side }>,
    private readonly diagnostics: DiagnosticBag,
  ) {
    this.available = new Set(this.spoke.pkg.conversionFunctions ?? []);
    this.file = `${this.spoke.pkg.dir}/conversion.ts`;
  }

  plan(): SpokePlan {
    const queue: Array<{ from: Located; fromSide: Side; to: Located; toSide: Side }> = [];
    for (const { kind, hub, spoke } of [...this.kinds].sort((a, b) => cmp(a.kind, b.kind))) {
      const spokeDecl = present(this.index.decl(spoke.pkg.id, kind), `the declaration of kind ${kind} in ${spoke.pkg.id}`);
      const hubDecl = present(this.index.decl(hub.pkg.id, kind), `the declaration of kind ${kind} in ${hub.pkg.id}`);
      const s = { shape: this.index.declShape(spokeDecl) as StructShape, span: spokeDecl.span };
      const h = { shape: this.index.declShape(hubDecl) as StructShape, span: hubDecl.span };
      queue.push({ from: s, fromSide: spoke, to: h, toSide: hub }, { from: h, fromSide: hub, to: s, toSide: spoke });
    }
    // the loop reaches the pairs `pair` appends
    for (const { from, fromSide, to, toSide } of queue) {
      const key = pairKey(from.shape, fromSide, to.shape, toSide);
      if (this.pairs.has(key)) continue;
      this.pairs.set(key, this.pair(from, fromSide, to, toSide, (next) => queue.push({ ...next, fromSide, toSide })));
    }
    this.reportUnused();
    return { spoke: this.spoke, kinds: this.kinds, pairs: this.pairs, manual: [...this.used].sort(cmp) };
  }

  /** Plans one pair; `reach` is handed the pairs its converted fields lead to. */
  private pair(from: Located, fromSide: Side, to: Located, toSide: Side, reach: (p: { from: Located; to: Located }) => void): PairPlan {
    const fromFields = this.index.fields(from.shape);
    const toFields = new Map(this.index.fields(to.shape).map((f) => [f.field.name, f]));
    const fromNames = new Set(fromFields.map((f) => f.field.name));
    const fnFor = (field: string) => manualConversionName(fromSide.version, from.shape.name, field, toSide.version);
    const where = (side: Side, s: StructShape, field: string) => `${side.version} ${typeName(s)}.${field}`;
    const steps: FieldStep[] = [];
    /** Source fields nothing in the target matches by name. */
    const unmatched: Field[] = [];
    /** Target fields fed by a source field of the same name. */
    const fed = new Set<string>();
    let manualForUnmatched = false;

    for (const { field, shape } of fromFields) {
      const fn = fnFor(field.name);
      const target = toFields.get(field.name);
      if (this.available.has(fn)) {
        this.used.add(fn);
        steps.push({ field, action: 'manual', fn });
        if (target) fed.add(field.name);
        else manualForUnmatched = true;
        continue;
      }
      if (!target) {
        unmatched.push(field);
        steps.push({ field, action: 'keep' });
        // `+k8s:conversion-gen=false`: meant to be missing from other versions, kept in the annotation on purpose
        if (field.skipConversion === true) continue;
        this.diagnostics.report(
          'conversion-field-unmatched',
          `field ${where(fromSide, from.shape, field.name)} has no counterpart in ${toSide.version} ${typeName(to.shape)}, so converting to ${toSide.version} keeps it only in ` +
            `the annotation conversion.kubegen.io/${fromSide.version}-fields: if it was renamed or moved, export function ${fn}(in_, out) from ${this.file}; ` +
            `if it is meant to be missing from ${toSide.version}, mark it +k8s:conversion-gen=false`,
          field.span,
          to.span ? { related: [{ span: to.span, message: `${toSide.version} ${typeName(to.shape)}, which has no field ${field.name}` }] } : undefined,
        );
        continue;
      }
      fed.add(field.name);
      const p = plan(shape, target.shape);
      if (!p) {
        this.diagnostics.report(
          'conversion-field',
          `field ${where(fromSide, from.shape, field.name)} (${describe(shape)}) cannot be converted to ${where(toSide, to.shape, field.name)} (${describe(target.shape)}): ` +
            `export function ${fn}(in_, out) from ${this.file}`,
          field.span,
        );
        continue;
      }
      steps.push({ field, action: 'convert', plan: p });
      forEachPair(p, (a, b) => {
        reach({ from: { shape: a, span: spanOf(this.index, a, field.span) }, to: { shape: b, span: spanOf(this.index, b, target.field.span) } });
      });
    }
    // Required target fields nothing feeds: a renamed or moved field.
    if (!manualForUnmatched) {
      for (const [n, { field }] of toFields) {
        if (fed.has(n) || !field.required) continue;
        const only = unmatched.length === 1 ? unmatched[0] : undefined;
        const suggestion =
          only ? `export function ${fnFor(only.name)}(in_, out)` : `export function ${fnFor('<field>')}(in_, out) for the ${fromSide.version} field that maps to it`;
        this.diagnostics.report(
          'conversion-field',
          `required field ${where(toSide, to.shape, n)} has no counterpart in ${fromSide.version} ${typeName(from.shape)}: ${suggestion} from ${this.file}`,
          field.span,
        );
      }
    }
    const targetOnly = [...toFields.keys()].filter((n) => !fromNames.has(n));
    return { from: from.shape, to: to.shape, fromSide, toSide, steps, targetOnly };
  }

  /** Exported `convert_…_To_…` functions of the spoke's conversion.ts that match no field: a typo or a stale function. */
  private reportUnused(): void {
    for (const fn of this.spoke.pkg.conversionFunctions ?? []) {
      if (!/^convert_.+_To_/.test(fn) || this.used.has(fn)) continue;
      this.diagnostics.report(
        'unused-conversion-function',
        `${this.file} exports ${fn}, which matches no field of a type converted between ${this.spoke.version} and the hub; ` +
          'hand-written functions are named convert_<fromVersion>_<FromType>_<field>_To_<toVersion>',
      );
    }
  }
}

/** `CronTabSpec`, or `CronTabSpec.template` for an inline object type. */
function typeName(s: StructShape): string {
  return s.name.replace(/_/g, '.');
}

/** Where a struct type is declared: its declaration, or for an inline object type the field whose type it is. */
function spanOf(index: ModelIndex, s: StructShape, fieldSpan: SourceSpan): SourceSpan | undefined {
  if (!s.named) return fieldSpan;
  return index.decl(s.package, s.name)?.span;
}

/** Every pair of struct types a plan converts (in arrays and maps too). */
function forEachPair(p: Plan, f: (from: StructShape, to: StructShape) => void): void {
  switch (p.kind) {
    case 'copy':
      break;
    case 'pair':
      f(p.from, p.to);
      break;
    case 'array':
      forEachPair(p.items, f);
      break;
    case 'map':
      forEachPair(p.values, f);
      break;
  }
}
