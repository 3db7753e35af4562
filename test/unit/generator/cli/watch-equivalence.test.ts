/**
 * `kubegen generate --watch` is a full `kubegen generate` done incrementally: after every edit of a sequence, the
 * incremental generator's diagnostics and output tree equal those of a fresh `kubegen generate` over the same APIs
 * (into an empty output directory), and on a run with errors it writes nothing. The edits come from a small
 * vocabulary — a type added, a field renamed, a marker changed, a kind's file deleted (and restored), an error
 * introduced (and fixed), a shared package a kind references changed — applied to a project with a two-version
 * group, a second group and a shared package. One fixed sequence uses every edit; fast-check then tries random
 * sequences (KUBEGEN_WATCH_EQUIVALENCE_RUNS of them, default 2). Also checked: what each run resolved and generated
 * again is only what the edit touched.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { loadConfig } from '../../../../generator/config';
import { IncrementalGenerator } from '../../../../generator/cli/watch';
import { main } from '../../../../generator/cli';
import { testKind } from '../../helpers/apis';

// This file runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

/** The project's editable state; files are made from it. */
interface State {
  extras: number;
  renamed: boolean;
  maxLength: boolean;
  broken: boolean;
  pear: boolean;
  commonField: 'x' | 'y';
  /** Apple uses the shared Common too (whose rule draws a warning, so both groups' CRDs report it). */
  appleCommon: boolean;
}

const EDITS = {
  'type added': (s: State): State => ({ ...s, extras: s.extras + 1 }),
  'field renamed': (s: State): State => ({ ...s, renamed: !s.renamed }),
  'marker changed': (s: State): State => ({ ...s, maxLength: !s.maxLength }),
  'file deleted or restored': (s: State): State => ({ ...s, pear: !s.pear }),
  'error introduced or fixed': (s: State): State => ({ ...s, broken: !s.broken }),
  'cross-package reference changed': (s: State): State => ({ ...s, commonField: s.commonField === 'x' ? 'y' : 'x' }),
  'shared type used or dropped': (s: State): State => ({ ...s, appleCommon: !s.appleCommon }),
} as const;
type Edit = keyof typeof EDITS;

const INITIAL: State = { extras: 0, renamed: false, maxLength: false, broken: false, pear: true, commonField: 'x', appleCommon: true };

const kind = testKind;

/** Every file of the project in a state (undefined: the file does not exist). */
function files(s: State): Record<string, string | undefined> {
  const extras = Array.from({ length: s.extras }, (_, i) => i);
  const appleSpec = [
    s.maxLength ? '  /** +kubebuilder:validation:MaxLength=10 */\n' : '',
    `  ${s.renamed ? 'flavour' : 'size'}?: string;\n`,
    ...extras.map((i) => `  extra${i}?: Extra${i};\n`),
    s.broken ? '  broken?: strin;\n' : '',
    s.appleCommon ? '  common?: Common;\n' : '',
  ].join('');
  const appleTypes = extras.map((i) => `\n/** Extra${i} was added by an edit. */\nexport interface Extra${i} {\n  value?: string;\n}\n`).join('');
  return {
    'a.example.com/v1/doc.ts': '// +groupName=a.example.com\n',
    'a.example.com/v1/apple.ts': kind('Apple', appleSpec, s.appleCommon ? "import type { Common } from '../../shared/common';\n" : '') + appleTypes,
    'a.example.com/v2/doc.ts': '// +groupName=a.example.com\n',
    'a.example.com/v2/pear.ts': s.pear ? kind('Pear', '  ripe?: boolean;\n') : undefined,
    'b.example.com/v1/doc.ts': '// +groupName=b.example.com\n',
    'b.example.com/v1/banana.ts': kind('Banana', '  common?: Common;\n', "import type { Common } from '../../shared/common';\n"),
    // the rule is beyond the generation-time checker: a warning at the rule, reported by every CRD using Common
    'shared/common.ts': `/** Common is shared by groups.\n * +kubebuilder:validation:XValidation:rule="self.labels.all(k, v, v != '')"\n */\nexport interface Common {\n  ${s.commonField}?: string;\n  labels?: Record<string, string>;\n}\n`,
  };
}

function apply(apis: string, s: State): void {
  for (const [rel, text] of Object.entries(files(s))) {
    const file = path.join(apis, rel);
    if (text === undefined) fs.rmSync(file, { force: true });
    else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
    }
  }
}

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = fs.readFileSync(path.join(e.parentPath, e.name), 'utf8');
  }
  return out;
}

/** A fresh `kubegen generate` of the project's APIs (linked as `apis`, so paths in diagnostics read the same): exit code, stderr, output tree. */
async function fullGenerate(apis: string): Promise<{ code: number; err: string; out: Record<string, string> }> {
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-watch-full-'));
  try {
    fs.symlinkSync(apis, path.join(fresh, 'apis'), 'dir');
    fs.writeFileSync(path.join(fresh, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'out' }));
    let err = '';
    const code = await main(['generate'], { out: () => undefined, err: (s: string) => (err += s) }, fresh);
    return { code, err, out: tree(path.join(fresh, 'out')) };
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
  }
}

/** Runs `edits` from the initial state, comparing the incremental generator with a full generate after each. */
async function checkSequence(edits: readonly Edit[]): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-watch-eq-'));
  try {
    const apis = path.join(dir, 'apis');
    fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'out' }));
    let state = INITIAL;
    apply(apis, state);
    let err = '';
    const gen = new IncrementalGenerator(loadConfig(dir), dir, { out: () => undefined, err: (s) => (err += s) });
    let written = tree(path.join(dir, 'out'));
    for (const edit of [undefined, ...edits]) {
      if (edit !== undefined) state = EDITS[edit](state);
      apply(apis, state);
      err = '';
      const run = gen.run();
      const full = await fullGenerate(apis);
      const step = `after ${edit ?? 'the first run'} (sequence: ${edits.join(', ')})`;
      expect({ step, ok: run.ok, diagnostics: err }).toEqual({ step, ok: full.code === 0, diagnostics: full.err });
      if (run.ok) written = tree(path.join(dir, 'out'));
      // a run with errors writes nothing; a successful one writes what a full generate writes
      expect({ step, out: tree(path.join(dir, 'out')) }).toEqual({ step, out: run.ok ? full.out : written });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('kubegen generate --watch equals kubegen generate after every edit', () => {
  it('in a sequence using every edit, each twice', async () => {
    const every = Object.keys(EDITS) as Edit[];
    await checkSequence([...every, ...every]);
  }, 120_000);

  it('in random sequences of edits', async () => {
    const runs = Number(process.env.KUBEGEN_WATCH_EQUIVALENCE_RUNS ?? 2);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...(Object.keys(EDITS) as Edit[])), { minLength: 1, maxLength: 6 }), (edits) => checkSequence(edits)),
      { numRuns: runs },
    );
  }, 300_000);
});

describe('what an incremental run does again', () => {
  let dir: string;
  let gen: IncrementalGenerator;
  let state: State;
  const edit = (e: Edit) => {
    state = EDITS[e](state);
    apply(path.join(dir, 'apis'), state);
    return gen.run();
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-watch-inc-'));
    fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'out' }));
    state = INITIAL;
    apply(path.join(dir, 'apis'), state);
    gen = new IncrementalGenerator(loadConfig(dir), dir, { out: () => undefined, err: () => undefined });
    expect(gen.run().ok).toBe(true);
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a field edit in one version: that package resolved again, that version and the group-wide CRD/conversion/docs regenerated, names-only group files kept', () => {
    expect(edit('marker changed')).toMatchObject({ ok: true, groups: ['a.example.com'] });
    expect(gen.resolved).toEqual(['a.example.com/v1']);
    const made = gen.calls.made;
    expect(made.filter((c) => c.includes('b.example.com') || c.endsWith(' v2'))).toEqual([]);
    expect(made.filter((c) => /^(clientset|fake|listers|informers|package) a\.example\.com$/.test(c))).toEqual([]);
    expect(made).toEqual(expect.arrayContaining(['crd a.example.com', 'types a.example.com v1']));
    expect(gen.calls.kept).toBeGreaterThan(made.length);
  });

  it('a shared package edit: it and the package referencing it resolved again, only that group regenerated', () => {
    expect(edit('shared type used or dropped')).toMatchObject({ ok: true, groups: ['a.example.com'] });
    expect(edit('cross-package reference changed')).toMatchObject({ ok: true, groups: ['b.example.com'] });
    expect([...gen.resolved].sort()).toEqual(['b.example.com/v1', 'shared']);
  });

  it('a kind removed: the group-level files made from names are generated again', () => {
    // a file removed makes the front end convert every file again (a specifier may now resolve elsewhere)
    expect(edit('file deleted or restored')).toMatchObject({ ok: true });
    expect(gen.calls.made).toEqual(expect.arrayContaining(['clientset a.example.com', 'package a.example.com']));
    expect(fs.existsSync(path.join(dir, 'out/a.example.com/crds/a.example.com_pears.yaml'))).toBe(false);
  });

  it('nothing changed: nothing resolved or generated again', () => {
    expect(gen.run()).toMatchObject({ ok: true, groups: [], written: 0 });
    expect({ resolved: gen.resolved, made: gen.calls.made }).toEqual({ resolved: [], made: [] });
  });
});
