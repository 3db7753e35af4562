/**
 * Issue 23, low item: kind names that collide with what kubegen imports or generates. `create api --kind Object`
 * generated code that failed tsc (`deepCopyObject` declared twice); `TypeMeta`, `ObjectMeta`, `Condition` … as
 * kinds are refused up front — by `create api` / `init` before anything is written, and by the loader as a located
 * error — from the runtime's real type names and the templates' real fixed names, not a hand list: the table
 * below is checked against those sources, so a new runtime type or template export is covered without a test change.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runtimeTypeNames } from '../../generator/load/runtime';
import { KIND_RUNTIME_TYPES, fixedGeneratedNames, reservedTypeName, scaffoldRuntimeImports } from '../../generator/model/reserved';
import { removeSandbox, run, sandbox, snapshotTree, treeDiff, writeTinyApi } from './cli-support';

jest.setTimeout(120_000);

let dir: string;
beforeEach(() => {
  dir = sandbox('names');
});
afterEach(() => removeSandbox(dir));

describe('reserved kind names (issue 23)', () => {
  it('are derived from the runtime and the templates', () => {
    for (const n of ['TypeMeta', 'ObjectMeta', 'ListMeta', 'Condition', 'LabelSelector', 'Quantity', 'int32']) expect(runtimeTypeNames().has(n)).toBe(true);
    for (const n of ['deepCopyObject', 'setObjectDefaults', 'GroupVersion']) expect(fixedGeneratedNames().has(n)).toBe(true);
    // group-level modules re-export a version as a namespace: their names do not meet a kind's
    expect(fixedGeneratedNames().has('Clientset')).toBe(false);
    for (const n of KIND_RUNTIME_TYPES) expect(runtimeTypeNames().has(n)).toBe(true);
    for (const n of scaffoldRuntimeImports()) {
      expect(runtimeTypeNames().has(n)).toBe(true);
      expect(reservedTypeName(n, true, scaffoldRuntimeImports())).toContain('is a type of @kubegen/runtime');
    }
    for (const n of ['Condition', 'int32', 'ListMeta']) expect(scaffoldRuntimeImports().has(n)).toBe(true);
    // a runtime type no kind's file must import stays usable as a kind: autoscaling/v1 has a kind Scale
    expect(reservedTypeName('Scale', true)).toBeUndefined();
    expect(reservedTypeName('Condition', true)).toBeUndefined();
    expect(reservedTypeName('Object', true)).toBe('its deepcopy function would be named deepCopyObject, a name kubegen already generates for every version: choose another name');
    expect(reservedTypeName('Object', false)).toContain('deepCopyObject');
    for (const ok of ['Order', 'CronTab', 'Objects', 'Clientset', 'Widget']) expect(reservedTypeName(ok, true)).toBeUndefined();
  });

  it.each(['Object', 'TypeMeta', 'ObjectMeta', 'Condition', 'GroupVersion', 'ListMeta'])('create api --kind %s is refused before anything is written', async (kind) => {
    const before = snapshotTree(dir);
    const r = await run(['create', 'api', '--group', 'ex.example.com', '--version', 'v1', '--kind', kind], dir);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(new RegExp(`^kubegen: --kind: "${kind}" cannot be used: .*choose another name`, 'm'));
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });

  it('init --kind Object is refused too', async () => {
    const r = await run(['init', '--group', 'ex.example.com', '--version', 'v1', '--kind', 'Object'], dir);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('--kind: "Object" cannot be used');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['Object', 'kind Object is refused: its deepcopy function would be named deepCopyObject'],
    // (a kind named TypeMeta or ObjectMeta shadows the import it extends: KG3004, a recursive type, at the same place)
    ['ListMeta', 'kind ListMeta is refused: ListMeta is a type of @kubegen/runtime'],
    ['GroupVersion', 'kind GroupVersion is refused: the type itself would be named GroupVersion'],
  ])('the loader refuses kind %s at its declaration (crd and generate alike)', async (kind, want) => {
    writeTinyApi(dir, { kind });
    fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'generated' }));
    for (const argv of [['generate'], ['crd', '--apis', 'apis', '--out', 'out']]) {
      const before = snapshotTree(dir);
      const r = await run(argv, dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(new RegExp(`^apis/group/v1/types\\.ts:\\d+:\\d+ - error KG3001: ${want.replace(/[()]/g, '\\$&')}`, 'm'));
      expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
    }
  });
});
