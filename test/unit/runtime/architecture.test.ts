/**
 * The runtime's layers (issue 25 item 9; docs/architecture.md). Every file of runtime/src is parsed for its
 * imports and re-exports (`ts.preProcessFile`, which also sees `import()` and `require`), each relative specifier
 * is resolved to the folder it lands in, and:
 *
 * - no folder imports a folder of a higher layer (the table below, lowest first);
 * - no two folders import each other, directly or through others (the folder graph has no cycle);
 * - every folder of runtime/src is in the table (a new folder takes a place in it on purpose).
 *
 * A failure names the importing file, its specifier and both layers, or the folders of the cycle with one file of
 * each edge.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const SRC = path.resolve(__dirname, '../../../runtime/src');

/**
 * The layers, lowest first: a folder imports folders of its own layer or below. `(root)` is the package's root
 * entry (runtime/src/index.ts); `internal` and `testing` are entry points over the layers.
 */
const LAYERS: ReadonlyArray<{ layer: string; folders: readonly string[] }> = [
  // what everything observes with and is made of: the meta types and JSON helpers, clocks, logger and metrics
  { layer: 'base', folders: ['meta', 'clock', 'observe', 'log'] },
  // client-go: REST, typed and dynamic clients, watches, configuration, API errors, discovery, conversion helpers
  { layer: 'client', folders: ['errors', 'rest', 'client', 'config', 'watch', 'discovery', 'conversion'] },
  // client-go tools/cache and util/workqueue, and the dynamic client's entry with its informer factory
  { layer: 'cache', folders: ['cache', 'workqueue', 'dynamic'] },
  // beside the chain: the webhook servers and the schema validator use the client and the cache, never the controllers
  { layer: 'webhook', folders: ['webhook', 'validation'] },
  // controller-runtime
  { layer: 'controller', folders: ['controller', 'controllerutil', 'leaderelection', 'events', 'sharding'] },
  // entry points over everything: the root, helpers for generated code, envtest and the fake clientset
  { layer: 'entry', folders: ['(root)', 'internal', 'testing'] },
];

const RANK = new Map<string, number>(LAYERS.flatMap(({ folders }, rank) => folders.map((f) => [f, rank] as const)));
const layerOf = (folder: string): string => LAYERS[RANK.get(folder) ?? -1]?.layer ?? '(none)';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The top folder of runtime/src a path lies in; `(root)` for a file directly in it. */
function folderOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  return rel.length > 1 ? (rel[0] ?? '(root)') : '(root)';
}

interface Edge {
  from: string;
  to: string;
  /** One `file: specifier` making the edge (the first found, files sorted). */
  via: string;
}

/** Every folder-to-folder edge of runtime/src, with one file making it. */
function folderEdges(): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of sourceFiles(SRC).sort()) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      if (!target.startsWith(SRC + path.sep) && target !== SRC) throw new Error(`${path.relative(SRC, file)} imports ${fileName}, outside runtime/src`);
      // a specifier naming a folder (`../log`) resolves to its index: the folder itself
      const targetFolder = fs.existsSync(target) && fs.statSync(target).isDirectory() ? folderOf(path.join(target, 'index.ts')) : folderOf(target);
      const from = folderOf(file);
      if (from === targetFolder) continue;
      const key = `${from} -> ${targetFolder}`;
      if (!edges.has(key)) edges.set(key, { from, to: targetFolder, via: `${path.relative(SRC, file)}: '${fileName}'` });
    }
  }
  return [...edges.values()];
}

/** The strongly connected components of more than one folder (Tarjan), each sorted, sorted. */
function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
        onStack.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

describe('runtime layers', () => {
  const edges = folderEdges();

  it('sees the imports (the table is checked against real edges)', () => {
    expect(edges.length).toBeGreaterThan(30);
    expect(edges.some((e) => e.from === 'controller' && e.to === 'cache')).toBe(true);
  });

  it('places every folder of runtime/src in one layer', () => {
    const folders = fs.readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !RANK.has(f))).toEqual([]);
    expect(LAYERS.flatMap((l) => l.folders).filter((f) => f !== '(root)' && !folders.includes(f))).toEqual([]);
  });

  it('no folder imports a folder of a higher layer', () => {
    const upward = edges
      .filter((e) => (RANK.get(e.to) ?? Infinity) > (RANK.get(e.from) ?? -1))
      .map((e) => `${e.from} (${layerOf(e.from)}) imports ${e.to} (${layerOf(e.to)}): ${e.via}`);
    expect(upward).toEqual([]);
  });

  it('the folders import each other in one direction only (no cycle)', () => {
    const found = cycles(edges).map((component) => {
      const inCycle = edges.filter((e) => component.includes(e.from) && component.includes(e.to));
      return `${component.join(' <-> ')}: ${inCycle.map((e) => `${e.from} -> ${e.to} (${e.via})`).join('; ')}`;
    });
    expect(found).toEqual([]);
  });

  it.each([
    { name: 'two folders importing each other', given: [{ from: 'a', to: 'b', via: '' }, { from: 'b', to: 'a', via: '' }], want: [['a', 'b']] },
    { name: 'a cycle through three folders', given: [{ from: 'a', to: 'b', via: '' }, { from: 'b', to: 'c', via: '' }, { from: 'c', to: 'a', via: '' }, { from: 'c', to: 'd', via: '' }], want: [['a', 'b', 'c']] },
    { name: 'a diamond (no cycle)', given: [{ from: 'a', to: 'b', via: '' }, { from: 'a', to: 'c', via: '' }, { from: 'b', to: 'c', via: '' }], want: [] },
  ])('the cycle finder: $name', ({ given, want }) => {
    expect(cycles(given)).toEqual(want);
  });
});
