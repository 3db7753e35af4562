/** envtest's CRD installer over a fake API server: reading files, install (create or update), waiting, uninstall. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { Fake } from '../../../../runtime/src/testing/fake';
import {
  customResourceDefinitionResource as crdResource,
  installCRDs,
  parseCrdFile,
  readCrdFiles,
  type CustomResourceDefinition,
  type CustomResourceDefinitionList,
} from '../../../../runtime/src/testing/crds';
import { settle } from '../../helpers/operator';

const DIR = path.join(__dirname, 'crds');

describe('reading CRD files', () => {
  it('reads a directory (not recursively), skips non-CRD documents; the last of two same-named CRDs wins at install', () => {
    const crds = readCrdFiles([DIR]);
    expect(crds.map((c) => `${c.metadata?.name}${c.metadata?.labels?.from ? ` (${c.metadata.labels.from})` : ''}`)).toEqual([
      'gadgets.example.com (json)',
      'widgets.example.com',
      'gadgets.example.com',
    ]);
  });

  it.each([
    { name: 'a missing path is skipped by default', given: { paths: ['/nonexistent/crds'], strict: false }, want: { count: 0 } },
    { name: 'a missing path with errorIfPathMissing', given: { paths: ['/nonexistent/crds'], strict: true }, want: { error: '/nonexistent/crds does not exist' } },
    { name: 'a single file', given: { paths: [path.join(DIR, 'override.json')], strict: true }, want: { count: 1 } },
  ])('$name', ({ given, want }) => {
    if ('error' in want) expect(() => readCrdFiles(given.paths, given.strict)).toThrow(want.error);
    else expect(readCrdFiles(given.paths, given.strict)).toHaveLength(want.count);
  });

  it('malformed YAML is one line at file:line:column', () => {
    expect(() => parseCrdFile('bad.yaml', 'apiVersion: v1\nkind: [unclosed\n')).toThrow(/^bad\.yaml:\d+:\d+: /);
  });
});

function server() {
  const clock = new FakeClock(0);
  const fake = new Fake();
  const crds = fake.client<CustomResourceDefinition, CustomResourceDefinitionList>(crdResource);
  // the apiserver establishes a CRD on its second read; discovery lists it on the third call per group version
  const reads = new Map<string, number>();
  fake.prependReactor('get', 'customresourcedefinitions', (a) => {
    if (a.verb !== 'get') return undefined;
    const n = (reads.get(a.name) ?? 0) + 1;
    reads.set(a.name, n);
    let obj: CustomResourceDefinition;
    try {
      obj = fake.tracker.get(crdResource, '', a.name);
    } catch (err) {
      return { error: err };
    }
    return { object: n >= 2 ? { ...obj, status: { conditions: [{ type: 'Established', status: 'True' }] } } : obj };
  });
  const discoveries = new Map<string, number>();
  const discover = async (group: string, version: string): Promise<string[]> => {
    const k = `${group}/${version}`;
    discoveries.set(k, (discoveries.get(k) ?? 0) + 1);
    if (discoveries.get(k)! < 3) return [];
    return (await crds.list()).items.filter((c) => c.spec?.group === group && c.spec.versions?.some((v) => v.name === version && v.served)).map((c) => c.spec!.names!.plural!);
  };
  return { clock, fake, crds, discover, discoveries };
}

async function drive<T>(clock: FakeClock, p: Promise<T>): Promise<T> {
  let done = false;
  const out = p.finally(() => (done = true));
  out.catch(() => undefined); // observed by the caller after the loop
  // read afresh: `p` settles while the loop awaits
  const isDone = (): boolean => done;
  for (let i = 0; i < 500 && !isDone(); i++) {
    await settle();
    if (!isDone()) clock.step(100);
  }
  return out;
}

describe('installCRDs', () => {
  it('creates the CRDs, waits for Established and discovery of served versions, and uninstalls them', async () => {
    const { clock, fake, crds, discover, discoveries } = server();
    const installed = await drive(clock, installCRDs({ crds, discover }, { crdDirectoryPaths: [DIR], clock }));
    expect(installed.crds.map((c) => c.metadata?.name)).toEqual(['widgets.example.com', 'gadgets.example.com']);
    expect((await crds.get('gadgets.example.com')).metadata?.labels).toBeUndefined(); // the YAML one came last
    expect([...discoveries.keys()].sort()).toEqual(['example.com/v1']); // v0 is not served
    expect(clock.now()).toBeGreaterThan(0);
    await drive(clock, installed.uninstall());
    expect((await crds.list()).items).toEqual([]);
    expect(fake.actions().filter((a) => a.verb === 'delete')).toHaveLength(2);
  });

  it('updates an existing CRD with its current resourceVersion', async () => {
    const { clock, crds } = server();
    const [widgetsCrd] = readCrdFiles([path.join(DIR, 'widgets.yaml')]);
    await crds.create({ ...widgetsCrd!, spec: { ...widgetsCrd!.spec, scope: 'Cluster' } });
    await drive(clock, installCRDs({ crds }, { crds: [widgetsCrd!], clock }));
    expect((await crds.get('widgets.example.com')).spec?.scope).toBe('Namespaced');
  });

  it('times out with the names still pending', async () => {
    const clock = new FakeClock(0);
    const fake = new Fake();
    const crds = fake.client<CustomResourceDefinition, CustomResourceDefinitionList>(crdResource);
    const [widgetsCrd] = readCrdFiles([path.join(DIR, 'widgets.yaml')]);
    await expect(drive(clock, installCRDs({ crds }, { crds: [widgetsCrd!], clock, maxTimeMs: 1_000 }))).rejects.toThrow(
      'timed out waiting for CRDs to be established: widgets.example.com',
    );
  });

  it('reads files written at test time (a temp directory)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-crds-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.yml'), fs.readFileSync(path.join(DIR, 'widgets.yaml')));
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x}\n');
      expect(readCrdFiles([dir]).map((c) => c.metadata?.name)).toEqual(['widgets.example.com', 'gadgets.example.com']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
