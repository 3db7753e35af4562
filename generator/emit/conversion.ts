/**
 * The conversion emitter.
 *
 * For every kind served in several versions of a group, the version whose `Kind.storage` is set is the hub.
 * For each other version (a spoke) `<spoke>/conversion.ts` holds `convert<Kind>ToHub` and `convert<Kind>FromHub`,
 * which convert field by field, matching fields by JSON name and recursing into nested types (a field's types in
 * both versions are paired, whatever their names). The group's `conversion.ts` exports `converters`,
 * `convert(obj, desiredAPIVersion)` (any version to any other, through the hub) and `registerConversions(webhook)`.
 *
 * Per field, from a source version S to a target version T:
 * - declared in both, with convertible types (same JSON scalar kind; both any JSON; the same well-known type;
 *   structs, which are converted recursively; arrays / maps of convertible types) → converted;
 * - a hand-written function exists (see below) → it is called and the field is not otherwise converted;
 * - declared in both with types that cannot be converted (retyped) → a hand-written function is required;
 * - declared only in S (or present in the object but declared only in T) → kept in the annotation
 *   `conversion.kubegen.io/<S>-fields` of the target, restored when converting back to S;
 * - declared in neither (unknown fields, preserve-unknown-fields subtrees) → carried over unchanged;
 * - a required field of T that S does not declare (a renamed or moved field) needs a hand-written function for the
 *   S field that feeds it, unless one exists for some S-only field of the same type.
 *
 * Hand-written functions live in the spoke's package, `apis/<group>/<spoke>/conversion.ts`, exported as
 *
 *     convert_<fromVersion>_<FromType>_<field>_To_<toVersion>(in_: From.FromType, out: To.ToType): void
 *
 * where `<field>` is the JSON name of the source field it handles, `<FromType>` the name of the source type (for
 * an inline object type, `<Owner>_<field>`), and both directions (`<spoke> → <hub>` and `<hub> → <spoke>`) live in the
 * spoke's file. It is called once per converted object that has the field as an own key (any value, even null),
 * after the generated fields, and sets whatever it wants on `out`. Without a required function generation fails
 * with a diagnostic naming the field and the function to write.
 *
 * Objects are untrusted JSON: the generated functions walk own keys only (`Object.keys`), and an own `__proto__`
 * key (of an object or of a map) is carried as data through the runtime's `setOwn`, never assigned.
 */
import type { Field, Kind, ManualConversions, Package } from '../model/types';
import type { DiagnosticBag } from '../diagnostics';
import type { GenerationContext, Generator, GeneratorRun, VirtualFile } from './types';
import {
  ImportTracker,
  ModelIndex,
  type Shape,
  type StructShape,
  cmp,
  commentText,
  jsString,
  jsPropertyKey,
  arrayLoop,
  mapLoop,
  helperName,
  privateName,
  render,
  renderSourceFile,
  safeIdentifier,
} from '../render';
import { CopyContext, needsCopyFunction, type DeepcopyOptions } from './deepcopy';

export interface ConversionOptions {
  /** Module specifier, relative to `<version>/`, of a version's emitted API types. Default `./types`. */
  typesModule?: string;
  /** Module specifier of the runtime. Default `@kubegen/runtime`. */
  runtimeModule?: string;
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

/** The name of the hand-written function for field `field` of `fromType` converted from `fromVersion` to `toVersion`. */
export function manualConversionName(fromVersion: string, fromType: string, field: string, toVersion: string): string {
  return `convert_${fromVersion}_${fromType}_${field}_To_${toVersion}`;
}

/** How a value of one version becomes a value of another. */
type Plan =
  | { kind: 'copy'; shape: Shape }
  | { kind: 'pair'; from: StructShape; to: StructShape }
  | { kind: 'array'; items: Plan }
  | { kind: 'map'; values: Plan };

function describe(shape: Shape): string {
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

function plan(from: Shape, to: Shape): Plan | undefined {
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

interface Side {
  version: string;
  pkg: Package;
}

class GroupConversion {
  private readonly opts: Required<Omit<ConversionOptions, 'manualModule'>> & Pick<ConversionOptions, 'manualModule'>;
  private readonly packages: Package[];

  constructor(
    private readonly index: ModelIndex,
    private readonly group: string,
    options: ConversionOptions,
    private readonly diagnostics: DiagnosticBag,
  ) {
    this.opts = { typesModule: options.typesModule ?? './types', runtimeModule: options.runtimeModule ?? '@kubegen/runtime', manualModule: options.manualModule };
    const g = index.model.groups.find((x) => x.name === group)!;
    this.packages = g.versions.map((gv) => index.package(gv.package)!).filter((p) => p && !p.skip);
  }

  /** Kind name → the versions (packages) declaring it, in group version order. */
  private kinds(): Map<string, Array<{ pkg: Package; kind: Kind }>> {
    const out = new Map<string, Array<{ pkg: Package; kind: Kind }>>();
    for (const pkg of this.packages) {
      for (const kind of pkg.kinds) {
        if (!out.has(kind.name)) out.set(kind.name, []);
        out.get(kind.name)!.push({ pkg, kind });
      }
    }
    return new Map([...out].sort((a, b) => cmp(a[0], b[0])));
  }

  files(): VirtualFile[] {
    const kinds = this.kinds();
    const multi = [...kinds].filter(([, vs]) => vs.length > 1);
    if (multi.length === 0) return [];
    // Spoke → kinds converted in it, with their hub.
    const spokeKinds = new Map<string, Array<{ kind: string; hub: Side; spoke: Side }>>();
    const kindViews: Array<{ key: string; hub: string; versions: string; spokes: Array<{ key: string; converter: string }> }> = [];
    const imports = new ImportTracker();
    for (const [name, versions] of kinds) {
      // The hub is the storage version; the model builder checks that each kind has exactly one (and reports it).
      const hub = versions.find((v) => v.kind.storage);
      if (!hub) continue;
      const spokes = versions.filter((v) => v !== hub);
      for (const s of spokes) {
        if (!spokeKinds.has(s.pkg.version)) spokeKinds.set(s.pkg.version, []);
        spokeKinds.get(s.pkg.version)!.push({ kind: name, hub: { version: hub.pkg.version, pkg: hub.pkg }, spoke: { version: s.pkg.version, pkg: s.pkg } });
      }
      kindViews.push({
        key: jsPropertyKey(name),
        hub: jsString(hub.pkg.version),
        versions: versions.map((v) => jsString(v.pkg.version)).join(', '),
        spokes: spokes
          .map((s) => s.pkg.version)
          .sort(cmp)
          .map((v) => {
            const ns = imports.namespace(`./${v}/conversion`, safeIdentifier(v));
            return { key: jsPropertyKey(v), converter: `${ns}.${converterName(name)}` };
          }),
      });
    }
    const files: VirtualFile[] = [];
    for (const [version, ks] of [...spokeKinds].sort((a, b) => cmp(a[0], b[0]))) {
      const spoke = new SpokeFile(this.index, this.group, ks, this.opts, this.diagnostics);
      files.push({ path: `${version}/conversion.ts`, contents: spoke.render(), group: this.group, role: 'source' });
      const pkg = ks[0].spoke.pkg;
      if (spoke.callsManual && !this.opts.manualModule && pkg.manualConversions !== undefined) {
        files.push({ path: `${version}/conversion.manual.ts`, contents: copyManualConversions(pkg.manualConversions, this.diagnostics), group: this.group, role: 'source' });
      }
    }
    const body = render('conversion', 'group', {
      group: commentText(this.group),
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
  /** What the conversion switches on: `key as keyof (From & To)` (the keys of either) when both types are declared ones, else `key`. */
  switchKey: string;
  cases: Array<{ labels: string[]; lines: string[] }>;
  manual: Array<{ key: string; fn: string }>;
}

/** One `<spoke>/conversion.ts`: both directions between the spoke and the hub for each kind. */
class SpokeFile {
  private readonly imports = new ImportTracker();
  private readonly copy: CopyContext;
  private readonly pairs = new Map<string, { from: StructShape; to: StructShape; fromSide: Side; toSide: Side }>();
  /** Hand-written functions the generated code calls. */
  private readonly usedManual = new Set<string>();
  private depth = 0;

  constructor(
    private readonly index: ModelIndex,
    private readonly group: string,
    private readonly kinds: Array<{ kind: string; hub: Side; spoke: Side }>,
    private readonly opts: Required<Omit<ConversionOptions, 'manualModule'>> & Pick<ConversionOptions, 'manualModule'>,
    private readonly diagnostics: DiagnosticBag,
  ) {
    const spokePkg = kinds[0].spoke.pkg;
    const versionOf = new Map<string, string>();
    for (const p of index.model.packages) if (p.group === group && !p.skip) versionOf.set(p.id, p.version);
    const copyOptions: Required<DeepcopyOptions> = { typesModule: opts.typesModule, runtimeModule: opts.runtimeModule };
    this.copy = new CopyContext(index, this.imports, spokePkg.id, group, copyOptions, (other) => {
      const v = versionOf.get(other);
      return v === undefined ? undefined : v === spokePkg.version ? './deepcopy' : `../${v}/deepcopy`;
    });
    this.copy.helperNames.reserve(...kinds.flatMap(({ kind }) => [toHubName(kind), fromHubName(kind), converterName(kind)]));
  }

  private rt(name: string): string {
    return this.imports.runtimeValue(this.opts.runtimeModule, name);
  }

  /** `convertV1alpha1FischerToV1beta1Fischer`: camelCase, unique in the file. */
  private pairName(from: StructShape, fromSide: Side, to: StructShape, toSide: Side): string {
    const identity = `pair\0${fromSide.version}\0${from.id}\0${toSide.version}\0${to.id}`;
    return this.copy.helperNames.name(identity, helperName('convert', fromSide.version, from.name, 'To', toSide.version, to.name));
  }

  /** The type of a declared struct of the spoke or the hub, as this file spells it; undefined for other shapes. */
  private declaredType(shape: StructShape): string | undefined {
    if (!shape.named) return undefined;
    const { spoke, hub } = this.kinds[0];
    if (shape.package === spoke.pkg.id) return this.imports.type(this.opts.typesModule, shape.name);
    if (shape.package === hub.pkg.id) return `${this.hubNamespace(hub)}.${shape.name}`;
    return undefined;
  }

  private hubNamespace(hub: Side): string {
    return this.imports.typeNamespace(`../${hub.version}/${this.opts.typesModule.replace(/^\.\//, '')}`, 'hub');
  }

  /** Records a pair to generate and returns its function name. */
  private pair(from: StructShape, fromSide: Side, to: StructShape, toSide: Side): string {
    const name = this.pairName(from, fromSide, to, toSide);
    if (!this.pairs.has(name)) this.pairs.set(name, { from, to, fromSide, toSide });
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

  /** Whether the generated code calls hand-written functions. */
  get callsManual(): boolean {
    return this.usedManual.size > 0;
  }

  private pairView(name: string, from: StructShape, to: StructShape, fromSide: Side, toSide: Side): PairView {
    const spoke = this.kinds[0].spoke;
    const available = new Set(spoke.pkg.conversionFunctions ?? []);
    const fromFields = this.index.fields(from);
    const toFields = new Map(this.index.fields(to).map((f) => [f.field.name, f]));
    const fromNames = new Set(fromFields.map((f) => f.field.name));
    const cases: PairView['cases'] = [];
    const manual: PairView['manual'] = [];
    const clone = this.rt('cloneJSON'); // the default case's
    const file = `${spoke.pkg.dir}/conversion.ts`;
    const fnFor = (field: string) => manualConversionName(fromSide.version, from.name, field, toSide.version);
    const where = (side: Side, s: StructShape, field: string) => `${side.version} ${s.name.replace(/_/g, '.')}.${field}`;
    const unmatched: Field[] = [];
    let manualForUnmatched = false;

    for (const { field, shape } of fromFields) {
      const key = jsString(field.name);
      const fn = fnFor(field.name);
      const target = toFields.get(field.name);
      if (available.has(fn)) {
        this.usedManual.add(fn);
        manual.push({ key, fn: this.imports.value(this.manualModule(spoke.pkg), fn) });
        cases.push({ labels: [key], lines: ['// converted by the hand-written function below'] });
        if (!target) manualForUnmatched = true;
        continue;
      }
      if (!target) {
        unmatched.push(field);
        cases.push({ labels: [key], lines: ['lost.keep(key, v);'] });
        continue;
      }
      const p = plan(shape, target.shape);
      if (!p) {
        this.diagnostics.report(
          'conversion-field',
          `field ${where(fromSide, from, field.name)} (${describe(shape)}) cannot be converted to ${where(toSide, to, field.name)} (${describe(target.shape)}): ` +
            `export function ${fn}(in_, out) from ${file}`,
          field.span,
        );
        continue;
      }
      cases.push({ labels: [key], lines: this.fieldStatements(p, fromSide, toSide) });
    }
    // Fields only the target declares: a value under that key in the source is not the target's to take.
    for (const [n] of toFields) if (!fromNames.has(n)) cases.push({ labels: [jsString(n)], lines: ['lost.keep(key, v);'] });
    // Required target fields nothing feeds: a renamed or moved field.
    if (!manualForUnmatched) {
      for (const [n, { field }] of toFields) {
        if (fromNames.has(n) || !field.required) continue;
        const suggestion = unmatched.length === 1 ? `export function ${fnFor(unmatched[0].name)}(in_, out)` : `export function ${fnFor('<field>')}(in_, out) for the ${fromSide.version} field that maps to it`;
        this.diagnostics.report(
          'conversion-field',
          `required field ${where(toSide, to, n)} has no counterpart in ${fromSide.version} ${from.name.replace(/_/g, '.')}: ${suggestion} from ${file}`,
          field.span,
        );
      }
    }
    const merged = mergeCases(cases);
    const usesLost = merged.some((c) => c.lines.some((l) => /\blost\b/.test(l)));
    const fromType = this.declaredType(from);
    const toType = this.declaredType(to);
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
      switchKey: fromType !== undefined && toType !== undefined ? `key as keyof (${fromType} & ${toType})` : 'key',
      cases: merged,
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
      const spokeShape = this.index.declShape(this.index.decl(spoke.pkg.id, kind)!) as StructShape;
      const hubShape = this.index.declShape(this.index.decl(hub.pkg.id, kind)!) as StructShape;
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
          spokeAnnotation: `conversion.kubegen.io/${commentText(spoke.version)}-fields`,
          hubAnnotation: `conversion.kubegen.io/${commentText(hub.version)}-fields`,
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
      const { from, to, fromSide, toSide } = this.pairs.get(next)!;
      chunks.push({ name: next, text: render('conversion', 'pair', this.pairView(next, from, to, fromSide, toSide)) });
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
    this.reportUnusedManual();
    return renderSourceFile(this.imports, [...kindViews, ...chunks.map((c) => c.text)].join('\n'));
  }

  /** Exported `convert_…_To_…` functions of the spoke's conversion.ts that match no field: a typo or a stale function. */
  private reportUnusedManual(): void {
    const spoke = this.kinds[0].spoke;
    for (const fn of spoke.pkg.conversionFunctions ?? []) {
      if (!/^convert_.+_To_/.test(fn) || this.usedManual.has(fn)) continue;
      this.diagnostics.report(
        'unused-conversion-function',
        `${spoke.pkg.dir}/conversion.ts exports ${fn}, which matches no field of a type converted between ${spoke.version} and the hub; ` +
          'hand-written functions are named convert_<fromVersion>_<FromType>_<field>_To_<toVersion>',
      );
    }
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
  return `// Code generated by kubegen from ${commentText(file)}: the hand-written conversions, imports pointed at the generated types. DO NOT EDIT.\n\n${text.trimStart()}`;
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
