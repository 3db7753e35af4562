/**
 * The generator's import rules (issue 25 items 2 and 7), checked on the imports of every file under generator/ as
 * TypeScript reads them (`ts.preProcessFile`: `import` / `export … from`, `require(…)`, `import(…)`, import types),
 * never by regular expression.
 *
 * A node of the folder graph is a folder directly under generator/ (`emit`, `model` …; its subfolders belong to it)
 * or a file directly in generator/ (`cli.ts`, `config.ts` …). The rules:
 * - no import cycle between those nodes (the strongly connected components of the graph are single nodes);
 * - the layers below the model import only what is below them: core → nothing; naming, diagnostics → core;
 *   markers → core, diagnostics; the model → core, naming, diagnostics, markers and the asset locations — so the
 *   model imports nothing of the schema builder (generator/schema) nor of the loader (generator/load);
 * - emitters (the files directly in generator/emit/) import neither generator/markers nor another emitter: what
 *   several emitters share (the generator contract, the executor, view models, planners) is in generator/emit/shared/,
 *   which imports no emitter; names come from the namer module, generator/naming;
 * - only the loader (generator/load) imports a TypeScript front end (`ts-morph` or `typescript`);
 * - the importer (generator/import) imports nothing of the loader: it never runs it. Its self-check, which loads the
 *   TypeScript it printed back, is generator/import-check.ts, above both.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';

const GENERATOR = path.resolve(__dirname, '../../../generator');


/** One import of a generator file: the specifier as written and, for a relative one, the generator file it names. */
interface Import {
  from: string;
  specifier: string;
  /** Relative to generator/, POSIX; undefined for a package or a file outside generator/. */
  to?: string;
}

/** Every `.ts` file under `dir` (declarations files aside), relative to it, POSIX, sorted. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The generator file a relative specifier of `from` names (`x`, `x.ts`, `x.js`, `x/index.ts`), or undefined. */
function resolveRelative(root: string, from: string, specifier: string): string | undefined {
  const base = path.resolve(root, path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      const rel = path.relative(root, candidate);
      return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep).join('/');
    }
  }
  return undefined;
}

/** The imports of every file under `root`; a relative import that names no file is an error (the test would miss it). */
function readImports(root: string): Import[] {
  const out: Import[] = [];
  for (const file of sourceFiles(root)) {
    const info = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      const specifier = ref.fileName;
      if (!specifier.startsWith('.')) {
        out.push({ from: file, specifier });
        continue;
      }
      const to = resolveRelative(root, file, specifier);
      const outside = path.relative(root, path.resolve(root, path.dirname(file), specifier)).startsWith('..');
      if (to === undefined && !outside) throw new Error(`${file}: cannot resolve the import '${specifier}'`);
      out.push({ from: file, specifier, ...(to === undefined ? {} : { to }) });
    }
  }
  return out;
}

/** The folder-graph node of a generator file: its top folder, or the file itself when it is directly in generator/. */
function nodeOf(file: string): string {
  const slash = file.indexOf('/');
  return slash < 0 ? file : file.slice(0, slash);
}

/** The strongly connected components of a directed graph with more than one node (Tarjan), each sorted, in name order. */
function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out.sort(([a = ''], [b = '']) => (a < b ? -1 : 1));
}

const show = (i: Import) => `${i.from} imports '${i.specifier}'${i.to !== undefined && i.to !== i.specifier ? ` (${i.to})` : ''}`;

/** The imports between different nodes as a graph. */
function folderEdges(imports: readonly Import[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    if (i.to === undefined) continue;
    const a = nodeOf(i.from);
    const b = nodeOf(i.to);
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  return edges;
}

/** The imports that make up each cycle of the folder graph, one line per import. */
function cycleViolations(imports: readonly Import[]): string[] {
  return cycles(folderEdges(imports)).flatMap((component) => {
    const inside = new Set(component);
    const why = imports.filter((i) => i.to !== undefined && nodeOf(i.from) !== nodeOf(i.to) && inside.has(nodeOf(i.from)) && inside.has(nodeOf(i.to)));
    return why.map((i) => `cycle ${component.join(' ↔ ')}: ${show(i)}`);
  });
}

const inFolder = (file: string | undefined, folder: string) => file !== undefined && file.startsWith(`${folder}/`);
const isEmitter = (file: string) => /^emit\/[^/]+\.ts$/.test(file);

/** Generator files each layer below the model may import besides its own: folders, or files directly in generator/. */
const LAYERS: ReadonlyArray<{ folder: string; mayImport: readonly string[] }> = [
  { folder: 'core', mayImport: [] },
  { folder: 'naming', mayImport: ['core'] },
  { folder: 'diagnostics', mayImport: ['core'] },
  { folder: 'markers', mayImport: ['core', 'diagnostics'] },
  { folder: 'model', mayImport: ['core', 'naming', 'diagnostics', 'markers', 'assets.ts'] },
];

/** Who may import a TypeScript front end. */
const FRONT_ENDS = ['ts-morph', 'typescript'];
const mayUseFrontEnd = (file: string) => inFolder(file, 'load');

interface Rule {
  rule: string;
  violations: (imports: readonly Import[]) => string[];
}

const RULES: Rule[] = [
  { rule: 'no import cycle between generator folders', violations: cycleViolations },
  ...LAYERS.map(
    ({ folder, mayImport }): Rule => ({
      rule: `generator/${folder} imports ${mayImport.length === 0 ? 'nothing of the generator' : `only ${mayImport.join(', ')} of the generator`}`,
      violations: (imports) =>
        imports.filter((i) => inFolder(i.from, folder) && i.to !== undefined && nodeOf(i.to) !== folder && !mayImport.includes(nodeOf(i.to))).map(show),
    }),
  ),
  {
    rule: 'generator/model imports nothing of the schema builder (generator/schema) nor of the loader (generator/load)',
    violations: (imports) => imports.filter((i) => inFolder(i.from, 'model') && (inFolder(i.to, 'schema') || inFolder(i.to, 'load'))).map(show),
  },
  {
    rule: 'no emitter imports generator/markers',
    violations: (imports) => imports.filter((i) => isEmitter(i.from) && inFolder(i.to, 'markers')).map(show),
  },
  {
    rule: 'no emitter imports another emitter',
    violations: (imports) => imports.filter((i) => isEmitter(i.from) && i.to !== undefined && i.to !== i.from && isEmitter(i.to)).map(show),
  },
  {
    rule: 'generator/emit/shared imports no emitter',
    violations: (imports) => imports.filter((i) => inFolder(i.from, 'emit/shared') && i.to !== undefined && isEmitter(i.to)).map(show),
  },
  {
    rule: 'generator/import imports nothing of the loader (generator/load)',
    violations: (imports) => imports.filter((i) => inFolder(i.from, 'import') && inFolder(i.to, 'load')).map(show),
  },
  {
    rule: 'only generator/load imports ts-morph / typescript',
    violations: (imports) => imports.filter((i) => FRONT_ENDS.some((p) => i.specifier === p || i.specifier.startsWith(`${p}/`)) && !mayUseFrontEnd(i.from)).map(show),
  },
];

describe('the checker', () => {
  test.each<{ given: Record<string, string[]>; want: string[][] }>([
    { given: { a: ['b'], b: ['c'] }, want: [] },
    { given: { a: ['b'], b: ['a'] }, want: [['a', 'b']] },
    { given: { a: ['b'], b: ['c'], c: ['a'], d: ['a'] }, want: [['a', 'b', 'c']] },
    { given: { a: ['b'], b: ['a'], c: ['d'], d: ['c'], e: ['a', 'c'] }, want: [['a', 'b'], ['c', 'd']] },
    { given: { a: ['a'] }, want: [] },
  ])('cycles($given) = $want', ({ given, want }) => {
    const edges = new Map(Object.entries(given).map(([k, v]) => [k, new Set(v)]));
    expect(cycles(edges)).toEqual(want);
  });

  test('reads every kind of import and reports the file and the import', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-arch-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      };
      write('core/a.ts', "import type { X } from '../model/types';\nexport type A = X;\n");
      write('model/types.ts', "export type X = 1;\nexport const y = require('../emit/crd') as typeof import('../load');\n");
      write('model/other.ts', "export * from './types';\nconst z = import('../schema/build.js');\n");
      write('emit/crd.ts', "import { x } from './deepcopy';\nimport { m } from '../markers';\nimport ts from 'typescript';\n");
      write('emit/deepcopy.ts', "export { s } from './shared/copy';\n");
      write('emit/shared/copy.ts', "import '../crd';\n");
      write('markers/index.ts', "import { X } from '../model/types';\n");
      write('load/index.ts', 'export {};\n');
      write('load/comments.ts', 'export {};\n');
      write('import/verify.ts', "import ts from 'typescript';\nimport { describe } from '../load/comments';\n");
      write('schema/build.ts', 'export {};\n');
      const imports = readImports(root);
      const report = Object.fromEntries(RULES.map((r): [string, string[]] => [r.rule, r.violations(imports)]).filter(([, v]) => v.length > 0));
      expect(report).toEqual({
        'no import cycle between generator folders': [
          "cycle emit ↔ markers ↔ model: emit/crd.ts imports '../markers' (markers/index.ts)",
          "cycle emit ↔ markers ↔ model: markers/index.ts imports '../model/types' (model/types.ts)",
          "cycle emit ↔ markers ↔ model: model/types.ts imports '../emit/crd' (emit/crd.ts)",
        ],
        'generator/core imports nothing of the generator': ["core/a.ts imports '../model/types' (model/types.ts)"],
        'generator/markers imports only core, diagnostics of the generator': ["markers/index.ts imports '../model/types' (model/types.ts)"],
        'generator/model imports only core, naming, diagnostics, markers, assets.ts of the generator': [
          "model/other.ts imports '../schema/build.js' (schema/build.ts)",
          "model/types.ts imports '../emit/crd' (emit/crd.ts)",
          "model/types.ts imports '../load' (load/index.ts)",
        ],
        'generator/model imports nothing of the schema builder (generator/schema) nor of the loader (generator/load)': [
          "model/other.ts imports '../schema/build.js' (schema/build.ts)",
          "model/types.ts imports '../load' (load/index.ts)",
        ],
        'no emitter imports generator/markers': ["emit/crd.ts imports '../markers' (markers/index.ts)"],
        'no emitter imports another emitter': ["emit/crd.ts imports './deepcopy' (emit/deepcopy.ts)"],
        'generator/emit/shared imports no emitter': ["emit/shared/copy.ts imports '../crd' (emit/crd.ts)"],
        'generator/import imports nothing of the loader (generator/load)': ["import/verify.ts imports '../load/comments' (load/comments.ts)"],
        'only generator/load imports ts-morph / typescript': ["emit/crd.ts imports 'typescript'", "import/verify.ts imports 'typescript'"],
      });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('generator/ import rules', () => {
  const imports = readImports(GENERATOR);

  test('the imports were read (the rules below are not vacuous)', () => {
    const files = new Set(imports.map((i) => i.from));
    expect(files.size).toBeGreaterThan(100);
    // one import of each kind the rules look at
    expect(imports).toContainEqual({ from: 'emit/crd.ts', specifier: '../schema/build', to: 'schema/build.ts' });
    expect(imports).toContainEqual({ from: 'load/index.ts', specifier: 'typescript' });
    expect(imports.some((i) => isEmitter(i.from) && inFolder(i.to, 'emit/shared'))).toBe(true);
  });

  test.each(RULES)('$rule', ({ violations }) => {
    expect(violations(imports)).toEqual([]);
  });

});
