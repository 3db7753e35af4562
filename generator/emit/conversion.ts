/**
 * The conversion emitter.
 *
 * For every kind served in several versions of a group, the version whose `Kind.storage` is set is the hub.
 * For each other version (a spoke) `<spoke>/conversion.ts` holds `convert<Kind>ToHub` and `convert<Kind>FromHub`,
 * which convert field by field, matching fields by JSON name and recursing into nested types (a field's types in
 * both versions are paired, whatever their names). The group's `conversion.ts` exports `converters`,
 * `convert(obj, desiredAPIVersion)` (any version to any other, through the hub) and `registerConversions(webhook)`.
 *
 * What is done per field (converted, left to a hand-written function, kept in the annotation
 * `conversion.kubegen.io/<S>-fields`, or an error) is decided by the planner (`./shared/conversion-plan.ts`), which also
 * reports every diagnostic about it; this emitter renders the plan. Fields declared in neither version (unknown
 * fields, preserve-unknown-fields subtrees) are carried over unchanged.
 *
 * Hand-written functions live in the spoke's package, `apis/<group>/<spoke>/conversion.ts`, exported as
 *
 *     convert_<fromVersion>_<FromType>_<field>_To_<toVersion>(in_: From.FromType, out: To.ToType): void
 *
 * (see `manualConversionName` in `generator/naming`); the generated code calls each once per converted object that has the field as an
 * own key (any value, even null), after the generated fields.
 *
 * Objects are untrusted JSON: the generated functions walk own keys only (`Object.keys`), and an own `__proto__`
 * key (of an object or of a map) is carried as data through the runtime's `setOwn`, never assigned.
 */
import type { ManualConversions, Package } from '../model/types';
import type { DiagnosticBag } from '../diagnostics';
import { RUNTIME_PACKAGE } from '../model/util';
import type { GenerationContext, Generator, GeneratorRun, VirtualFile } from './shared/types';
import {
  ImportTracker,
  ModelIndex,
  type StructShape,
  cmp,
  blockCommentText,
  lineCommentText,
  jsString,
  jsPropertyKey,
  arrayLoop,
  mapLoop,
  render,
  renderSourceFile,
} from '../render';
import { helperName, privateName, safeIdentifier } from '../naming';
import { CopyContext, fieldCaseLabel, needsCopyFunction, type CopyModules } from './shared/copy';
import { type PairPlan, type Plan, type Side, type SpokePlan, pairKey, planGroupConversion } from './shared/conversion-plan';
import { lookup, present } from '../core/invariant';

export interface ConversionOptions {
  /**
   * The module specifier, as imported from the generated `<spoke>/conversion.ts`, of a package's hand-written
   * `conversion.ts`. Default: the package's `dir` relative to the repository root, seen from
   * `generated/<group>/src/<version>/` — `../../../../<dir>/conversion`.
   */
  manualModule?: (pkg: Package) => string;
}

export const conversionGenerator: Generator<ConversionOptions> = {
  name: 'conversion',
  start(ctx: GenerationContext, options: ConversionOptions): GeneratorRun {
    return {
      group(group) {
        // An error means the group's conversion cannot be generated: no partial output.
        const errors = ctx.diagnostics.errorCount;
        const files = new GroupConversion(ctx.index, group.name, options, ctx.diagnostics).files();
        return ctx.diagnostics.errorCount > errors ? [] : files;
      },
    };
  },
};

/** What a group's conversion code imports: a version's emitted API types (relative to `<version>/`), the runtime, the hand-written conversions. */
type ConversionModules = CopyModules & Pick<ConversionOptions, 'manualModule'>;

class GroupConversion {
  private readonly opts: ConversionModules;

  constructor(
    private readonly index: ModelIndex,
    private readonly group: string,
    options: ConversionOptions,
    private readonly diagnostics: DiagnosticBag,
  ) {
    this.opts = { typesModule: './types', runtimeModule: RUNTIME_PACKAGE, manualModule: options.manualModule };
  }

  files(): VirtualFile[] {
    // The hub of each kind is its storage version; the model builder checks that each kind has exactly one (and reports it).
    const plan = planGroupConversion(this.index, this.group, this.diagnostics);
    if (plan.kinds.length === 0) return [];
    const imports = new ImportTracker();
    const kindViews = plan.kinds.map(({ kind, hub, versions }) => ({
      key: jsPropertyKey(kind),
      hub: jsString(hub.version),
      versions: versions.map((v) => jsString(v.version)).join(', '),
      spokes: versions
        .filter((v) => v.version !== hub.version)
        .map((s) => s.version)
        .sort(cmp)
        .map((v) => {
          const ns = imports.namespace(`./${v}/conversion`, safeIdentifier(v));
          return { key: jsPropertyKey(v), converter: `${ns}.${converterName(kind)}` };
        }),
    }));
    const files: VirtualFile[] = [];
    for (const spokePlan of plan.spokes) {
      const { version, pkg } = spokePlan.spoke;
      files.push({ path: `${version}/conversion.ts`, contents: new SpokeFile(this.index, this.group, spokePlan, this.opts).render(), group: this.group, role: 'source' });
      if (spokePlan.manual.length > 0 && !this.opts.manualModule && pkg.manualConversions !== undefined) {
        files.push({ path: `${version}/conversion.manual.ts`, contents: copyManualConversions(pkg.manualConversions, this.diagnostics), group: this.group, role: 'source' });
      }
    }
    const body = render('conversion', 'group', {
      group: blockCommentText(this.group),
      groupString: jsString(this.group),
      groupConverters: imports.runtimeType(this.opts.runtimeModule, 'GroupConverters'),
      convertObject: imports.runtimeValue(this.opts.runtimeModule, 'convertObject'),
      kinds: kindViews,
    });
    files.push({ path: 'conversion.ts', contents: renderSourceFile(imports, body), group: this.group, role: 'source' });
    return files;
  }
}

function toHubName(kind: string): string {
  return safeIdentifier(`convert${kind}ToHub`);
}

function fromHubName(kind: string): string {
  return safeIdentifier(`convert${kind}FromHub`);
}

/** The exported `KindConverter` of a kind in a spoke's `conversion.ts`: `fischerConverter`. */
function converterName(kind: string): string {
  return safeIdentifier(`${privateName(kind)}Converter`);
}

interface PairView {
  name: string;
  /** `lost`, or `_lost` when nothing is lost at this level or below. */
  lostParam: string;
  fromDoc: string;
  toDoc: string;
  jsonObject: string;
  lostFields: string;
  cloneJSON: string;
  /** Sets an own `__proto__` key of the input as data on the output. */
  setOwn: string;
  /** Guards the hand-written functions (own keys only); '' when there are none. */
  hasOwn: string;
  /** Hands `in_` and `out` to the hand-written functions as values of their declared types; '' when there are none. */
  asDeclared: string;
  /**
   * Each case's labels: `'name' satisfies keyof (From & To)` (a field of either version, checked by tsc) when both types
   * are declared ones, else the quoted name.
   */
  cases: Array<{ labels: string[]; lines: string[] }>;
  manual: Array<{ key: string; fn: string }>;
}

/** One `<spoke>/conversion.ts`: both directions between the spoke and the hub for each kind. */
class SpokeFile {
  private readonly imports = new ImportTracker();
  private readonly copy: CopyContext;
  private readonly kinds: SpokePlan['kinds'];
  /** The hub of the file's first kind, whose declarations the file names by the hub's namespace. */
  private readonly hub: Side;
  /** The pairs the rendered code calls, by function name. */
  private readonly pairs = new Map<string, PairPlan>();

  constructor(
    private readonly index: ModelIndex,
    private readonly group: string,
    private readonly plan: SpokePlan,
    private readonly opts: ConversionModules,
  ) {
    this.kinds = plan.kinds;
    const [first] = plan.kinds;
    if (first === undefined) throw new Error(`kubegen bug: a conversion file for ${plan.spoke.version} without kinds`);
    this.hub = first.hub;
    const spokePkg = plan.spoke.pkg;
    const versionOf = new Map<string, string>();
    for (const p of index.model.packages) if (p.group === group && !p.skip) versionOf.set(p.id, p.version);
    const copyOptions: CopyModules = { typesModule: opts.typesModule, runtimeModule: opts.runtimeModule };
    this.copy = new CopyContext(index, this.imports, spokePkg.id, group, copyOptions, (other) => {
      const v = versionOf.get(other);
      return v === undefined ? undefined : v === spokePkg.version ? './deepcopy' : `../${v}/deepcopy`;
    });
    this.copy.helperNames.reserve(...this.kinds.flatMap(({ kind }) => [toHubName(kind), fromHubName(kind), converterName(kind)]));
  }

  private rt(name: string): string {
    return this.imports.runtimeValue(this.opts.runtimeModule, name);
  }

  /** `convertV1alpha1FischerToV1beta1Fischer`: camelCase, unique in the file. */
  private pairName(from: StructShape, fromSide: Side, to: StructShape, toSide: Side): string {
    return this.copy.helperNames.name(pairKey(from, fromSide, to, toSide), helperName('convert', fromSide.version, from.name, 'To', toSide.version, to.name));
  }

  /** The type of a declared struct of the spoke or the hub, as this file spells it; undefined for other shapes. */
  private declaredType(shape: StructShape): string | undefined {
    if (!shape.named) return undefined;
    const { plan: { spoke }, hub } = this;
    if (shape.package === spoke.pkg.id) return this.imports.type(this.opts.typesModule, shape.name);
    if (shape.package === hub.pkg.id) return `${this.hubNamespace(hub)}.${shape.name}`;
    return undefined;
  }

  private hubNamespace(hub: Side): string {
    return this.imports.typeNamespace(`../${hub.version}/${this.opts.typesModule.replace(/^\.\//, '')}`, 'hub');
  }

  /** Records a pair to generate (the planner planned every pair the code reaches) and returns its function name. */
  private pair(from: StructShape, fromSide: Side, to: StructShape, toSide: Side): string {
    const name = this.pairName(from, fromSide, to, toSide);
    if (!this.pairs.has(name)) {
      const planned = this.plan.pairs.get(pairKey(from, fromSide, to, toSide));
      if (!planned) throw new Error(`conversion of ${fromSide.version} ${from.id} to ${toSide.version} ${to.id} was not planned`);
      this.pairs.set(name, planned);
    }
    return name;
  }

  /**
   * Statements converting `v`, known to be a non-null object (possibly an array), by plan `p`, with lost fields
   * under the `LostFields` expression `lost`, handing the result to `assign`. Arrays and maps are converted by inline
   * loops (no callbacks); `d` numbers the loop variables of nested levels.
   */
  private planStatements(p: Plan, v: string, lost: string, assign: (expr: string) => string, fromSide: Side, toSide: Side, d: number): string[] {
    const clone = this.rt('cloneJSON');
    switch (p.kind) {
      case 'copy':
        return this.copy.copyStatements(p.shape, v, assign, d);
      case 'pair':
        return [assign(`${this.rt('isJsonObject')}(${v}) ? ${this.pair(p.from, fromSide, p.to, toSide)}(${v}, ${lost}) : ${clone}(${v})`)];
      case 'array': {
        const l = `l${d}`;
        const items = p.items;
        return arrayLoop(this.copy.loopNames(false), {
          v,
          d,
          assign,
          prelude: [`const ${l} = ${lost};`],
          element: (e, i, set) => this.planStatements(items, e, `${l}.child(String(${i}))`, set, fromSide, toSide, d + 1),
        });
      }
      case 'map': {
        const l = `l${d}`;
        const values = p.values;
        return mapLoop(this.copy.loopNames(true), {
          v,
          d,
          assign,
          prelude: [`const ${l} = ${lost};`],
          element: (e, k, set) => this.planStatements(values, e, `${l}.child(${k})`, set, fromSide, toSide, d + 1),
        });
      }
    }
  }

  private manualModule(pkg: Package): string {
    if (this.opts.manualModule) return this.opts.manualModule(pkg);
    return pkg.manualConversions !== undefined ? './conversion.manual' : `../../../../${pkg.dir}/conversion`;
  }

  private pairView(name: string, p: PairPlan): PairView {
    const { from, to, fromSide, toSide } = p;
    const spoke = this.plan.spoke;
    const cases: PairView['cases'] = [];
    const manual: PairView['manual'] = [];
    const clone = this.rt('cloneJSON'); // the default case's
    // the cases' labels are field names here, quoted (and checked against the types) once merged
    for (const step of p.steps) {
      const field = step.field.name;
      switch (step.action) {
        case 'manual':
          manual.push({ key: jsString(field), fn: this.imports.value(this.manualModule(spoke.pkg), step.fn) });
          cases.push({ labels: [field], lines: ['// converted by the hand-written function below'] });
          break;
        case 'keep':
          cases.push({ labels: [field], lines: ['lost.keep(key, v);'] });
          break;
        case 'convert':
          cases.push({ labels: [field], lines: this.fieldStatements(step.plan, fromSide, toSide) });
          break;
      }
    }
    // Fields only the target declares: a value under that key in the source is not the target's to take.
    for (const n of p.targetOnly) cases.push({ labels: [n], lines: ['lost.keep(key, v);'] });
    const merged = mergeCases(cases);
    const usesLost = merged.some((c) => c.lines.some((l) => /\blost\b/.test(l)));
    const fromType = this.declaredType(from);
    const toType = this.declaredType(to);
    // the keys of either version when both are declared types
    const keyType = fromType !== undefined && toType !== undefined ? `(${fromType} & ${toType})` : undefined;
    return {
      name,
      lostParam: usesLost ? 'lost' : '_lost',
      fromDoc: `a ${fromSide.version} ${from.name.replace(/_/g, '.')}`,
      toDoc: `${toSide.version} ${to.name.replace(/_/g, '.')}`,
      jsonObject: this.imports.runtimeType(this.opts.runtimeModule, 'JsonObject'),
      lostFields: this.imports.runtimeType(this.opts.runtimeModule, 'LostFields'),
      cloneJSON: clone,
      setOwn: this.rt('setOwn'),
      hasOwn: manual.length > 0 ? this.rt('hasOwn') : '',
      asDeclared: manual.length > 0 ? this.rt('asDeclared') : '',
      cases: merged.map((c) => ({ labels: c.labels.map((f) => fieldCaseLabel(f, keyType)), lines: c.lines })),
      manual,
    };
  }

  /** Statements converting the field value `v` (any JSON value) by plan `p` into `out[key]`. */
  private fieldStatements(p: Plan, fromSide: Side, toSide: Side): string[] {
    const assign = (x: string) => `out[key] = ${x};`;
    const clone = this.rt('cloneJSON');
    if (p.kind === 'copy' && !needsCopyFunction(p.shape)) return [assign(`${clone}(v)`)];
    if (p.kind === 'pair') return [assign(`${this.rt('isJsonObject')}(v) ? ${this.pair(p.from, fromSide, p.to, toSide)}(v, lost.child(key)) : ${clone}(v)`)];
    const inner = this.planStatements(p, 'v', 'lost.child(key)', assign, fromSide, toSide, 0);
    return ["if (typeof v === 'object' && v !== null) {", ...inner.map((x) => '  ' + x), `} else ${assign('v')}`];
  }

  render(): string {
    const chunks: Array<{ name: string; text: string }> = [];
    const kindViews: string[] = [];
    for (const { kind, hub, spoke } of [...this.kinds].sort((a, b) => cmp(a.kind, b.kind))) {
      const spokeShape = this.index.declShape(present(this.index.decl(spoke.pkg.id, kind), `the declaration of kind ${kind} in ${spoke.pkg.id}`)) as StructShape;
      const hubShape = this.index.declShape(present(this.index.decl(hub.pkg.id, kind), `the declaration of kind ${kind} in ${hub.pkg.id}`)) as StructShape;
      const up = this.pair(spokeShape, spoke, hubShape, hub);
      const down = this.pair(hubShape, hub, spokeShape, spoke);
      const hubNs = this.hubNamespace(hub);
      kindViews.push(
        render('conversion', 'kind', {
          kind,
          toHub: toHubName(kind),
          fromHub: fromHubName(kind),
          spokeVersion: spoke.version,
          hubVersion: hub.version,
          spokeType: this.imports.type(this.opts.typesModule, kind),
          hubType: `${hubNs}.${kind}`,
          spokeAnnotation: `conversion.kubegen.io/${blockCommentText(spoke.version)}-fields`,
          hubAnnotation: `conversion.kubegen.io/${blockCommentText(hub.version)}-fields`,
          lostFields: this.rt('LostFields'),
          jsonView: this.rt('jsonView'),
          converter: converterName(kind),
          kindConverter: this.imports.runtimeType(this.opts.runtimeModule, 'KindConverter'),
          upFn: up,
          downFn: down,
          finish: this.rt('finishConversion'),
          hubAPIVersion: jsString(`${this.group}/${hub.version}`),
          spokeAPIVersion: jsString(`${this.group}/${spoke.version}`),
          spokeVersionString: jsString(spoke.version),
          hubVersionString: jsString(hub.version),
        }),
      );
    }
    const done = new Set<string>();
    for (;;) {
      const next = [...this.pairs.keys()].filter((n) => !done.has(n)).sort(cmp)[0];
      if (next === undefined) break;
      done.add(next);
      chunks.push({ name: next, text: render('conversion', 'pair', this.pairView(next, lookup(this.pairs, next, 'the conversion pairs'))) });
    }
    // Private deepcopy functions of inline object types copied unchanged.
    const inlineDone = new Set<string>();
    for (;;) {
      const next = [...this.copy.inline.values()].filter((s) => !inlineDone.has(s.id)).sort((a, b) => cmp(a.id, b.id))[0];
      if (!next) break;
      inlineDone.add(next.id);
      chunks.push({ name: `~${next.id}`, text: this.copy.renderInline(next) });
    }
    chunks.sort((a, b) => cmp(a.name, b.name));
    return renderSourceFile(this.imports, [...kindViews, ...chunks.map((c) => c.text)].join('\n'));
  }
}

/**
 * The hand-written `conversion.ts` of a package, as `<version>/conversion.manual.ts` of the generated package: the
 * text unchanged except for the module specifiers the model resolved (`Package.manualConversions`), each replaced
 * by its target (an API file's import pointed at the generated `types.ts`). An import the model could not resolve is
 * reported here, where the copy is made.
 */
export function copyManualConversions(manual: ManualConversions, diagnostics: DiagnosticBag): string {
  const { file, source } = manual;
  let text = '';
  let from = 0;
  for (const imp of manual.imports) {
    if (imp.target === undefined) {
      diagnostics.report('conversion-import', imp.problem ?? `${file}: cannot copy the import of ${imp.specifier}`, imp.span);
      continue;
    }
    text += source.slice(from, imp.start) + imp.target;
    from = imp.end;
  }
  text += source.slice(from);
  return `// Code generated by kubegen from ${lineCommentText(file)}: the hand-written conversions, imports pointed at the generated types. DO NOT EDIT.\n\n${text.trimStart()}`;
}

/** Merges cases with the same statements into one case with several labels, keeping first-occurrence order. */
function mergeCases(cases: Array<{ labels: string[]; lines: string[] }>): Array<{ labels: string[]; lines: string[] }> {
  const out: Array<{ labels: string[]; lines: string[] }> = [];
  const byText = new Map<string, { labels: string[]; lines: string[] }>();
  for (const c of cases) {
    const text = c.lines.join('\n');
    const existing = text.startsWith('//') ? undefined : byText.get(text);
    if (existing) existing.labels.push(...c.labels);
    else {
      const copy = { labels: [...c.labels], lines: c.lines };
      out.push(copy);
      byText.set(text, copy);
    }
  }
  return out;
}
