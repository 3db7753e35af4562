/**
 * The audit behind test/unit/test-timeouts.test.ts: a test file whose tests spawn processes, start servers or load
 * TypeScript programs must not rest on jest's default 5 s timeout — on a loaded machine such work takes longer.
 *
 * A file is of that kind when its code uses a trigger:
 * - a call of something imported from a module in {@link TRIGGER_MODULES} (`node:child_process`, `ts-morph` …) or
 *   from one of the {@link TRIGGER_SOURCES} (kubegen's commands, its TypeScript loader);
 * - a call named in {@link TRIGGER_CALLS} (`.listen(`, `createServer(`, `loadApiModel(` …);
 * - a manager option in {@link TRIGGER_BIND_OPTIONS} set to port 0 (`healthProbeBindAddress: '127.0.0.1:0'`);
 * - a use of a function, class or constant a test helper (a module under `test/`) exports whose code uses a trigger,
 *   or a helper whose top-level code does; followed through helpers that use helpers.
 * Such a file must either call `jest.setTimeout(…)` as a top-level statement, or give every test (`test`, `it`, their
 * `.only` / `.concurrent` / `.failing` forms and `.each(…)(…)`) an explicit timeout (the third argument) and every
 * hook (`beforeAll`, `beforeEach`, `afterAll`, `afterEach`) one (the second argument). Skipped and todo tests are not
 * looked at.
 *
 * Syntax only (the TypeScript parser, no type checker): what it sees is what a reviewer sees. Type-only imports and
 * `typeof import(…)` load nothing and are no trigger.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/** Modules whose imports, when used, spawn processes or load TypeScript programs. */
export const TRIGGER_MODULES: ReadonlyMap<string, string> = new Map([
  ['child_process', 'spawns processes'],
  ['node:child_process', 'spawns processes'],
  ['execa', 'spawns processes'],
  ['worker_threads', 'starts worker threads'],
  ['node:worker_threads', 'starts worker threads'],
  ['ts-morph', 'loads TypeScript programs (ts-morph)'],
]);

/** kubegen's own modules (paths from the repository root) whose imports, when used, do heavy work. */
export const TRIGGER_SOURCES: ReadonlyArray<{ prefix: string; why: string }> = [
  // the only module that uses ts-morph: a project load of API sources
  { prefix: 'generator/load', why: 'loads TypeScript programs (generator/load)' },
  // the commands: whole generate / verify / import runs over real files
  { prefix: 'generator/cli', why: 'runs kubegen commands (generator/cli)' },
];

/** Calls that start servers or load programs, by the called name (a function, or a method on anything). */
export const TRIGGER_CALLS: ReadonlyMap<string, string> = new Map([
  ['listen', 'starts servers (.listen)'],
  ['createServer', 'starts servers (createServer)'],
  ['createSecureServer', 'starts servers (createSecureServer)'],
  ['startControlPlane', 'starts a control plane'],
  ['buildControlPlaneBinaries', 'builds control-plane binaries (spawns go)'],
  ['resolveControlPlaneBinaries', 'may build control-plane binaries (spawns go)'],
  ['loadApiModel', 'loads TypeScript programs (loadApiModel)'],
  ['generateCrdFiles', 'loads TypeScript programs (generateCrdFiles)'],
  ['createProgram', 'loads TypeScript programs (ts.createProgram)'],
]);

/**
 * Option names that make a manager serve HTTP (controller-runtime's flags); with a value of port 0 — how a test gets a
 * real listening server — they start servers.
 */
export const TRIGGER_BIND_OPTIONS: ReadonlySet<string> = new Set(['bindAddress', 'healthProbeBindAddress', 'metricsBindAddress']);

const TEST_FUNCTIONS = new Set(['test', 'it']);
const TEST_MODIFIERS = new Set(['only', 'concurrent', 'failing']);
const HOOKS = new Set(['beforeAll', 'beforeEach', 'afterAll', 'afterEach']);
const MODULE = '<module>';

/** A test or hook without an explicit timeout, in a file that needs one. */
export interface MissingTimeout {
  line: number;
  /** `test 'name'`, `beforeAll` … */
  what: string;
}

/** The audit of one test file. */
export interface FileAudit {
  file: string;
  /** Why the file needs explicit timeouts, sorted (empty: it does not). */
  triggers: string[];
  /** A top-level `jest.setTimeout(…)` is present. */
  fileTimeout: boolean;
  /** Tests and hooks without a timeout, when the file needs them and has no `jest.setTimeout`. */
  missing: MissingTimeout[];
  /** Timeouts written as a number below {@link GENEROUS_MS}, in a file that needs them (`jest.setTimeout` included). */
  tooShort: Array<MissingTimeout & { ms: number }>;
}

/** The least timeout a file of this kind may give (a literal number): 30 s, six times jest's default. */
export const GENEROUS_MS = 30_000;

/**
 * Audits the test file `file`. `root` is the repository root: helpers under `<root>/test` are followed, and
 * {@link TRIGGER_SOURCES} are resolved from it. `source` stands in for the file's text (for tests of the audit).
 */
export function auditTestFile(file: string, root: string, source?: string): FileAudit {
  const sf = parse(file, source ?? fs.readFileSync(file, 'utf8'));
  const analysis = analyse(sf, root, new Map());
  const triggers = new Set<string>();
  for (const whys of analysis.owners.values()) for (const why of whys) triggers.add(why);
  const fileTimeout = sf.statements.some((s) => ts.isExpressionStatement(s) && isJestSetTimeout(s.expression));
  const missing: MissingTimeout[] = [];
  const tooShort: FileAudit['tooShort'] = [];
  if (triggers.size > 0) {
    const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    const checkValue = (arg: ts.Expression, what: string) => {
      if (ts.isNumericLiteral(arg) && Number(arg.text.replace(/_/g, '')) < GENEROUS_MS) {
        tooShort.push({ line: lineOf(arg), what, ms: Number(arg.text.replace(/_/g, '')) });
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const slot = timeoutSlot(node);
        if (slot) {
          const timeout = node.arguments[slot.index];
          if (timeout) checkValue(timeout, slot.what);
          else if (!fileTimeout) missing.push({ line: lineOf(node), what: slot.what });
        } else if (isJestSetTimeout(node)) {
          const [timeout] = node.arguments;
          if (timeout) checkValue(timeout, 'jest.setTimeout');
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { file, triggers: [...triggers].sort(), fileTimeout, missing, tooShort };
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Where a call takes its timeout (argument index), if it is a test or a hook that runs. */
function timeoutSlot(call: ts.CallExpression): { index: number; what: string } | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee) && HOOKS.has(callee.text)) return { index: 1, what: callee.text };
  const first = call.arguments[0];
  const title = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? ` '${first.text}'` : '';
  const isTest = (chain: string[] | undefined, last?: string): chain is string[] => {
    if (chain === undefined) return false;
    const [head] = chain;
    return (
      head !== undefined &&
      TEST_FUNCTIONS.has(head) &&
      (last === undefined || chain.at(-1) === last) &&
      chain.slice(1, last === undefined ? undefined : -1).every((m) => TEST_MODIFIERS.has(m))
    );
  };
  // test(…) / it(…) / test.only(…) / test.concurrent.only(…)
  const chain = calleeChain(callee);
  if (isTest(chain)) return { index: 2, what: `${chain.join('.')}${title}` };
  // test.each(table)(…) / it.concurrent.each`…`(…)
  if (ts.isCallExpression(callee) || ts.isTaggedTemplateExpression(callee)) {
    const each = calleeChain(ts.isCallExpression(callee) ? callee.expression : callee.tag);
    if (isTest(each, 'each')) return { index: 2, what: `${each.join('.')}${title}` };
  }
  return undefined;
}

/** `a.b.c` as `['a', 'b', 'c']`, when the expression is only identifiers and property names. */
function calleeChain(expr: ts.Expression): string[] | undefined {
  if (ts.isIdentifier(expr)) return [expr.text];
  if (ts.isPropertyAccessExpression(expr)) {
    const left = calleeChain(expr.expression);
    return left && [...left, expr.name.text];
  }
  return undefined;
}

function isJestSetTimeout(expr: ts.Expression): expr is ts.CallExpression {
  const chain = ts.isCallExpression(expr) && expr.arguments.length === 1 ? calleeChain(expr.expression) : undefined;
  return chain?.join('.') === 'jest.setTimeout';
}

/** What a module's code triggers, per top-level declaration (its name) and for its top-level code ({@link MODULE}). */
interface ModuleAnalysis {
  owners: Map<string, Set<string>>;
}

/**
 * How a local name is bound by an import: `whys` when using it triggers whatever it is (a trigger module or source);
 * `helper` (with the exported name, or `*` for a namespace) when it comes from a test helper.
 */
interface Binding {
  whys?: string[];
  helper?: { analysis: ModuleAnalysis; name: string; file: string };
}

function analyse(sf: ts.SourceFile, root: string, cache: Map<string, ModuleAnalysis | 'busy'>): ModuleAnalysis {
  const bindings = new Map<string, Binding>();
  const moduleWhys: string[] = [];
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause || clause.phaseModifier === ts.SyntaxKind.TypeKeyword) {
      // `import 'x'` runs the module: a helper's top-level code counts
      if (!clause) moduleWhys.push(...helperModuleWhys(sf, statement.moduleSpecifier.text, root, cache));
      continue;
    }
    const target = importTarget(sf, statement.moduleSpecifier.text, root, cache);
    const names: Array<{ local: string; imported: string }> = [];
    if (clause.name) names.push({ local: clause.name.text, imported: 'default' });
    const named = clause.namedBindings;
    if (named && ts.isNamespaceImport(named)) names.push({ local: named.name.text, imported: '*' });
    if (named && ts.isNamedImports(named)) {
      for (const element of named.elements) {
        if (!element.isTypeOnly) names.push({ local: element.name.text, imported: (element.propertyName ?? element.name).text });
      }
    }
    if (target.helper) moduleWhys.push(...(target.helper.analysis.owners.get(MODULE) ?? []));
    for (const { local, imported } of names) {
      bindings.set(local, target.whys ? { whys: target.whys } : target.helper ? { helper: { ...target.helper, name: imported } } : {});
    }
  }

  // Each top-level declaration is an owner; everything else is the module's own code.
  const owners = new Map<string, Set<string>>();
  const uses = new Map<string, Set<string>>();
  const own = (name: string) => {
    if (!owners.has(name)) {
      owners.set(name, new Set());
      uses.set(name, new Set());
    }
    return { whys: owners.get(name)!, uses: uses.get(name)! };
  };
  for (const why of moduleWhys) own(MODULE).whys.add(why);
  own(MODULE);
  const topLevelNames = new Set<string>();
  for (const statement of sf.statements) for (const name of declaredNames(statement)) topLevelNames.add(name);

  const scan = (node: ts.Node, owner: { whys: Set<string>; uses: Set<string> }) => {
    const visit = (n: ts.Node): void => {
      if (ts.isImportTypeNode(n) || ts.isTypeNode(n)) return; // types load nothing
      if (ts.isCallExpression(n)) {
        const callee = n.expression;
        const called = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
        const why = called === undefined ? undefined : TRIGGER_CALLS.get(called);
        if (why) owner.whys.add(why);
        if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
          const first = n.arguments[0];
          if (first && ts.isStringLiteral(first)) {
            const target = importTarget(sf, first.text, root, cache);
            for (const w of target.whys ?? []) owner.whys.add(w);
            if (target.helper) for (const whys of target.helper.analysis.owners.values()) for (const w of whys) owner.whys.add(w);
          }
        }
      }
      if (
        ts.isPropertyAssignment(n) &&
        (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name)) &&
        TRIGGER_BIND_OPTIONS.has(n.name.text) &&
        ts.isStringLiteralLike(n.initializer) &&
        /:0$/.test(n.initializer.text)
      ) {
        owner.whys.add(`starts servers (${n.name.text} on port 0)`);
      }
      if (ts.isIdentifier(n) && !isDeclarationName(n) && !isPropertyName(n)) {
        const binding = bindings.get(n.text);
        if (binding?.whys) for (const w of binding.whys) owner.whys.add(w);
        if (binding?.helper) {
          const { analysis, file } = binding.helper;
          let name = binding.helper.name;
          // `ns.member` of a namespace import
          if (name === '*' && ts.isPropertyAccessExpression(n.parent) && n.parent.expression === n) name = n.parent.name.text;
          const whys = name === '*' ? [...analysis.owners.values()].flatMap((s) => [...s]) : [...(analysis.owners.get(name) ?? [])];
          for (const w of whys) owner.whys.add(w.includes(' in test/') ? w : `${w} in ${file}`);
        }
        if (topLevelNames.has(n.text)) owner.uses.add(n.text);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
  };

  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    const names = declaredNames(statement);
    if (ts.isExportDeclaration(statement)) continue;
    if (names.length === 0) {
      scan(statement, own(MODULE));
      continue;
    }
    for (const name of names) scan(statement, own(name));
  }

  // A declaration triggers what the declarations it uses trigger (to a fixed point).
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, used] of uses) {
      const whys = owners.get(name)!;
      for (const other of used) {
        for (const w of owners.get(other) ?? []) {
          if (!whys.has(w)) {
            whys.add(w);
            changed = true;
          }
        }
      }
    }
  }
  return { owners };
}

function declaredNames(statement: ts.Statement): string[] {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) return [statement.name.text];
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  }
  return [];
}

function isDeclarationName(n: ts.Identifier): boolean {
  const parent = n.parent;
  return (
    ((ts.isFunctionDeclaration(parent) || ts.isClassDeclaration(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent)) &&
      parent.name === n) ||
    ts.isImportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent)
  );
}

/** `x.name` and `{ name: … }`: a property name, not a use of a binding called `name`. */
function isPropertyName(n: ts.Identifier): boolean {
  const parent = n.parent;
  return (ts.isPropertyAccessExpression(parent) && parent.name === n) || (ts.isPropertyAssignment(parent) && parent.name === n);
}

/** What an import specifier leads to: trigger reasons, a test helper's analysis, or nothing of interest. */
function importTarget(
  sf: ts.SourceFile,
  specifier: string,
  root: string,
  cache: Map<string, ModuleAnalysis | 'busy'>,
): { whys?: string[]; helper?: { analysis: ModuleAnalysis; file: string } } {
  const direct = TRIGGER_MODULES.get(specifier);
  if (direct) return { whys: [direct] };
  if (!specifier.startsWith('.')) return {};
  const target = path.resolve(path.dirname(sf.fileName), specifier);
  const fromRoot = path.relative(root, target).split(path.sep).join('/');
  const whys = TRIGGER_SOURCES.filter((t) => fromRoot === t.prefix || fromRoot.startsWith(`${t.prefix}/`)).map((t) => t.why);
  if (whys.length > 0) return { whys };
  if (!fromRoot.startsWith('test/')) return {};
  const file = [`${target}.ts`, path.join(target, 'index.ts'), target].find((f) => f.endsWith('.ts') && fs.existsSync(f) && fs.statSync(f).isFile());
  if (!file) return {};
  const cached = cache.get(file);
  if (cached === 'busy') return {}; // an import cycle: its triggers are counted where it started
  if (cached) return { helper: { analysis: cached, file: path.relative(root, file).split(path.sep).join('/') } };
  cache.set(file, 'busy');
  const analysis = analyse(parse(file, fs.readFileSync(file, 'utf8')), root, cache);
  cache.set(file, analysis);
  return { helper: { analysis, file: path.relative(root, file).split(path.sep).join('/') } };
}

function helperModuleWhys(sf: ts.SourceFile, specifier: string, root: string, cache: Map<string, ModuleAnalysis | 'busy'>): string[] {
  const target = importTarget(sf, specifier, root, cache);
  return [...(target.whys ?? []), ...(target.helper?.analysis.owners.get(MODULE) ?? [])];
}
