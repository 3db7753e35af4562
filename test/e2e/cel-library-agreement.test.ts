/**
 * The Kubernetes CEL libraries against a real kube-apiserver: every row of test/cel/library-cases.ts — a rule
 * calling quantity, url, ip, cidr, semver, format, sets, lists or strings functions, and a value — is sent as a
 * `dryRun=All` create of a CRD holding all the rules; kubegen's `validate` must give exactly the apiserver's causes
 * (field and message) on every one. Prints the agreement figure and every disagreement.
 */
import { useE2e } from './support/namespace';
import { LIBRARY_CASES, libraryCaseObject, libraryCaseSchema } from '../cel/library-cases';
import { validate } from '../../runtime/src/validation';

const e2e = useE2e(__filename);

interface Cause {
  field?: string;
  message?: string;
}

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'cellibraries.agreement.kubegen.io' },
  spec: {
    group: 'agreement.kubegen.io',
    names: { kind: 'CelLibrary', listKind: 'CelLibraryList', plural: 'cellibraries', singular: 'cellibrary' },
    scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: libraryCaseSchema() } }],
  },
};

const results: Array<{ c: (typeof LIBRARY_CASES)[number]; server: string[]; ours: string[]; unchecked: number }> = [];

afterAll(() => {
  const agree = results.filter((r) => r.server.join('\n') === r.ours.join('\n') && r.unchecked === 0).length;
  const lines = results.map(({ c, ...r }) => {
    const same = r.server.join('\n') === r.ours.join('\n') && r.unchecked === 0;
    const head = `${same ? 'agree   ' : 'DISAGREE'} ${c.rule} on ${JSON.stringify(c.value)}`;
    return same ? `${head}: ${r.server.length === 0 ? 'accepted' : r.server.join(' | ')}` : `${head}\n  apiserver: ${JSON.stringify(r.server)}\n  kubegen:   ${JSON.stringify(r.ours)}${r.unchecked ? ' (unchecked)' : ''}`;
  });
  process.stdout.write(`CEL library agreement (apiserver dryRun=All vs validate): ${agree}/${results.length} rows give the same causes\n${lines.join('\n')}\n`);
});

test(`kubegen's errors equal the apiserver's on all ${LIBRARY_CASES.length} library rows`, async () => {
  const created = await e2e.kube.post<{ message?: string }>('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', CRD);
  if (created.status !== 201) throw new Error(`CRD refused: ${created.status} ${JSON.stringify(created.body)}`);
  try {
    const url = `/apis/agreement.kubegen.io/v1/namespaces/${e2e.namespace}/cellibraries?dryRun=All`;
    for (const [i, c] of LIBRARY_CASES.entries()) {
      const obj = libraryCaseObject(i, e2e.namespace);
      let res = await e2e.kube.post<{ details?: { causes?: Cause[] }; message?: string }>(url, obj);
      // The handler of a just-established CRD can answer 404 for a moment.
      for (let n = 0; res.status === 404 && n < 50; n++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await e2e.kube.post(url, obj);
      }
      if (res.status !== 201 && res.status !== 422) throw new Error(`row ${String(i)}: unexpected ${String(res.status)} ${JSON.stringify(res.body)}`);
      const server = res.status === 201 ? [] : (res.body.details?.causes ?? []).map((c) => `${c.field ?? '<nil>'}: ${c.message ?? ''}`).sort();
      const r = validate(libraryCaseSchema(), obj);
      results.push({ c, server, ours: r.errors.map((e) => `${e.field}: ${e.message}`).sort(), unchecked: r.unchecked.length });
    }
  } finally {
    await e2e.kube.delete('/apis/apiextensions.k8s.io/v1/customresourcedefinitions/cellibraries.agreement.kubegen.io');
  }
  const disagreements = results.filter((r) => r.server.join('\n') !== r.ours.join('\n') || r.unchecked > 0);
  expect(disagreements.map(({ c }) => `${c.rule} on ${JSON.stringify(c.value)}`)).toEqual([]);
}, 300_000);
