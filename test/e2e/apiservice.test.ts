/**
 * `kubegen apiservice` against the real apiserver: the APIServices generated from `+kubegen:apiservice` markers
 * (one with a caBundle read from a file, one with insecureSkipTLSVerify on a non-default port) are accepted and
 * stored with exactly the generated spec; with no Service behind them, the aggregator marks them Available=False.
 * The apiserver's own validation agrees with kubegen's range checks: what kubegen accepts at the bounds is accepted,
 * what it refuses just past them (and a caBundle together with insecureSkipTLSVerify) is refused (dry-run).
 *
 * The group is unique per run (`<random>.apiservice-e2e.kubegen.dev`), and the APIServices are deleted afterwards:
 * an unavailable APIService makes discovery of its group fail for every other test while it exists.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadAll } from 'js-yaml';
import { main } from '../../generator/cli';
import type { ApiServiceObject } from '../../generator/emit/apiservice';
import { useE2e } from './support/namespace';
import { present } from '../unit/helpers/present';

const e2e = useE2e(__filename);
const CA = path.join(__dirname, '..', 'golden', 'apiservice-wardle', 'apis', 'src', 'apiserver', 'ca.crt');
const GROUP = `g${randomBytes(3).toString('hex')}.apiservice-e2e.kubegen.dev`;
const BASE = '/apis/apiregistration.k8s.io/v1/apiservices';

interface StoredApiService extends ApiServiceObject {
  status?: {
    conditions?: Array<{
      type: string;
      status: string;
      reason?: string;
      message?: string;
    }>;
  };
}

let generated: ApiServiceObject[] = [];
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-apiservice-e2e-'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.copyFileSync(CA, path.join(dir, 'src', 'ca.crt'));
  const marker = (version: string) => `// +kubegen:apiservice:group=${GROUP},version=${version},serviceName=e2e-missing-server,serviceNamespace=${e2e.namespace},groupPriorityMinimum=1000`;
  fs.writeFileSync(
    path.join(dir, 'src', 'server.ts'),
    [
      `${marker('v1beta1')},versionPriority=15,caBundleFile=ca.crt`,
      `${marker('v1alpha1')},versionPriority=10,servicePort=8443,insecureSkipTLSVerify=true`,
      '',
      'export const server = true;',
      '',
    ].join('\n'),
  );
  let err = '';
  const code = await main(['apiservice', '--paths', 'src', '--out', 'out'], { out: () => undefined, err: (s) => (err += s) }, dir);
  if (code !== 0) throw new Error(`kubegen apiservice failed (${code}): ${err}`);
  generated = loadAll(fs.readFileSync(path.join(dir, 'out', 'apiservice.yaml'), 'utf8')) as ApiServiceObject[];
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the generated APIServices are named <version>.<group> and choose their TLS explicitly', () => {
  expect(generated.map((o) => o.metadata.name)).toEqual([`v1alpha1.${GROUP}`, `v1beta1.${GROUP}`]);
  const [alpha, beta] = generated;
  expect(present(alpha, 'the v1alpha1 APIService').spec.insecureSkipTLSVerify).toBe(true);
  expect(Buffer.from(present(beta, 'the v1beta1 APIService').spec.caBundle ?? '', 'base64').toString('utf8')).toBe(fs.readFileSync(CA, 'utf8'));
});

describe('applied', () => {
  // Inside a describe, so that it runs before useE2e's afterAll closes the connection.
  afterAll(async () => {
    for (const o of generated) await e2e.kube.delete(`${BASE}/${o.metadata.name}`);
  });

  test('the apiserver accepts them and stores exactly the generated spec; with no Service they are not Available', async () => {
    for (const o of generated) {
      const created = await e2e.kube.post<StoredApiService>(BASE, o);
      expect([o.metadata.name, created.status]).toEqual([o.metadata.name, 201]);
    }
    for (const o of generated) {
      const stored = await e2e.kube.get<StoredApiService>(`${BASE}/${o.metadata.name}`);
      expect(stored.status).toBe(200);
      expect(stored.body.spec).toEqual(o.spec);
      const available = await e2e.kube.eventually(`the Available condition of ${o.metadata.name}`, async () => {
        const r = await e2e.kube.get<StoredApiService>(`${BASE}/${o.metadata.name}`);
        return r.body.status?.conditions?.find((c) => c.type === 'Available');
      });
      expect(available.status).toBe('False');
    }
  });
});

describe("the apiserver's validation agrees with kubegen's checks (dry run)", () => {
  const base = (): ApiServiceObject => {
    const o = structuredClone(present(generated[0], 'the v1alpha1 APIService'));
    o.metadata.name = `v1.${GROUP}`;
    o.spec.version = 'v1';
    return o;
  };
  /** `refused`: the field the apiserver names in its 422, or undefined when it accepts the object. */
  const table: Array<{ name: string; edit: (s: ApiServiceObject['spec']) => void; refused?: string }> = [
    { name: 'the highest priorities kubegen accepts', edit: (s) => ((s.groupPriorityMinimum = 20000), (s.versionPriority = 1000)) },
    { name: 'the lowest priorities and port kubegen accepts', edit: (s) => ((s.groupPriorityMinimum = 1), (s.versionPriority = 1), (s.service.port = 1)) },
    { name: 'groupPriorityMinimum 20001', edit: (s) => (s.groupPriorityMinimum = 20001), refused: 'spec.groupPriorityMinimum' },
    { name: 'groupPriorityMinimum 0', edit: (s) => (s.groupPriorityMinimum = 0), refused: 'spec.groupPriorityMinimum' },
    { name: 'versionPriority 1001', edit: (s) => (s.versionPriority = 1001), refused: 'spec.versionPriority' },
    { name: 'versionPriority 0', edit: (s) => (s.versionPriority = 0), refused: 'spec.versionPriority' },
    { name: 'port 65536', edit: (s) => (s.service.port = 65536), refused: 'spec.service.port' },
    { name: 'a caBundle with insecureSkipTLSVerify', edit: (s) => (s.caBundle = present(generated[1], 'the v1beta1 APIService').spec.caBundle), refused: 'spec.insecureSkipTLSVerify' },
  ];
  it.each(table)('$name', async ({ edit, refused }) => {
    const o = base();
    edit(o.spec);
    const r = await e2e.kube.post<{ message?: string }>(`${BASE}?dryRun=All`, o);
    if (refused === undefined) expect(r.status).toBe(201);
    else expect([r.status, r.body.message?.includes(`${refused}: Invalid value`)]).toEqual([422, true]);
  });
});
