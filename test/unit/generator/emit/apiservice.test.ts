/**
 * The APIService emitter and its checks in isolation: the marker's registry entry, the apiserver's validation rules
 * (tables, boundaries included), the CA bundle encoding, ordering, and a property: every valid declaration becomes
 * exactly one APIService that says what was declared, whatever the order, without touching the model.
 */
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { load } from 'js-yaml';
import { apiServiceProblems, encodeCaBundle, generateApiServices, type ApiServiceObject, type ApiServiceProblem } from '../../../../generator/emit/apiservice';
import { markerDefinition, typeString } from '../../../../generator/markers';
import type { ApiServiceDecl, ManifestModel } from '../../../../generator/model/manifests';
import { present } from '../../helpers/present';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);
const PEM = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'golden', 'apiservice-config-entries', 'ca.crt'), 'utf8');
const span = { file: 'x.ts', line: 1, column: 1 };
const model = (apiServices: ApiServiceDecl[]): ManifestModel => ({ rbacRules: [], webhooks: [], webhookConfigurations: [], apiServices });

function decl(over: Partial<ApiServiceDecl> = {}): ApiServiceDecl {
  return { group: 'wardle.example.com', version: 'v1alpha1', service: { name: 'api', namespace: 'wardle' }, groupPriorityMinimum: 1000, versionPriority: 15, insecureSkipTLSVerify: true, origin: { kind: 'marker', span }, ...over };
}

test('+kubegen:apiservice is a repeatable package marker with the APIService arguments', () => {
  const def = markerDefinition('kubegen:apiservice')!;
  expect(def.targets).toEqual(['package']);
  expect(def.repeatable).toBe(true);
  if (def.args.kind !== 'struct') throw new Error('takes named arguments');
  expect(Object.entries(def.args.args).map(([n, a]) => [n, typeString(a.type), !!a.optional])).toEqual([
    ['group', 'string', false],
    ['version', 'string', false],
    ['serviceName', 'string', false],
    ['serviceNamespace', 'string', false],
    ['servicePort', 'int', true],
    ['groupPriorityMinimum', 'int', false],
    ['versionPriority', 'int', false],
    ['caBundle', 'string', true],
    ['caBundleFile', 'string', true],
    ['insecureSkipTLSVerify', 'bool', true],
    ['caBundleInjected', 'bool', true],
  ]);
});

describe('apiServiceProblems: kube-aggregator ValidateAPIService, plus an explicit TLS choice', () => {
  const table: Array<{ name: string; given: Partial<ApiServiceDecl>; want: ApiServiceProblem[] }> = [
    { name: 'a valid declaration', given: {}, want: [] },
    { name: 'priorities at their bounds', given: { groupPriorityMinimum: 20000, versionPriority: 1000 }, want: [] },
    { name: 'lowest priorities and ports', given: { groupPriorityMinimum: 1, versionPriority: 1, service: { name: 'a', namespace: 'b', port: 1 } }, want: [] },
    { name: 'port 65535', given: { service: { name: 'a', namespace: 'b', port: 65535 } }, want: [] },
    { name: 'groupPriorityMinimum 0', given: { groupPriorityMinimum: 0 }, want: [{ field: 'groupPriorityMinimum', message: 'must be from 1 to 20000, not 0' }] },
    { name: 'groupPriorityMinimum 20001', given: { groupPriorityMinimum: 20001 }, want: [{ field: 'groupPriorityMinimum', message: 'must be from 1 to 20000, not 20001' }] },
    { name: 'versionPriority 0', given: { versionPriority: 0 }, want: [{ field: 'versionPriority', message: 'must be from 1 to 1000, not 0' }] },
    { name: 'versionPriority 1001', given: { versionPriority: 1001 }, want: [{ field: 'versionPriority', message: 'must be from 1 to 1000, not 1001' }] },
    { name: 'a bigint priority', given: { versionPriority: 10n ** 20n }, want: [{ field: 'versionPriority', message: 'must be from 1 to 1000, not 100000000000000000000' }] },
    { name: 'port 0', given: { service: { name: 'a', namespace: 'b', port: 0 } }, want: [{ field: 'service.port', message: 'must be from 1 to 65535, not 0' }] },
    { name: 'an empty service', given: { service: { name: '', namespace: '' } }, want: [{ field: 'service.name', message: 'is required (the Service in front of the extension apiserver)' }, { field: 'service.namespace', message: "is required (the Service's namespace)" }] },
    { name: 'an empty version', given: { version: '' }, want: [{ field: 'version', message: 'is required (e.g. v1alpha1)' }] },
    { name: 'both TLS settings', given: { caBundle: PEM }, want: [{ field: 'insecureSkipTLSVerify', message: 'cannot be true together with a caBundle (the apiserver refuses both): choose one' }] },
    { name: 'a caBundle alone', given: { caBundle: PEM, insecureSkipTLSVerify: undefined }, want: [] },
    { name: 'a caBundle with insecureSkipTLSVerify=false', given: { caBundle: PEM, insecureSkipTLSVerify: false }, want: [] },
    { name: 'neither TLS setting', given: { insecureSkipTLSVerify: false }, want: [{ message: "choose how the apiserver verifies the extension apiserver's certificate: give a caBundle (or caBundleFile), caBundleInjected=true (an injector writes it), or insecureSkipTLSVerify=true" }] },
    { name: 'caBundleInjected alone', given: { caBundleInjected: true, insecureSkipTLSVerify: undefined }, want: [] },
    { name: 'caBundleInjected with a caBundle', given: { caBundleInjected: true, caBundle: PEM, insecureSkipTLSVerify: undefined }, want: [{ field: 'caBundleInjected', message: 'cannot be true together with a caBundle: choose one' }] },
    { name: 'caBundleInjected with insecureSkipTLSVerify', given: { caBundleInjected: true }, want: [{ field: 'caBundleInjected', message: 'cannot be true together with insecureSkipTLSVerify=true: choose one' }] },
    { name: 'caBundleInjected=false chooses nothing', given: { caBundleInjected: false, insecureSkipTLSVerify: undefined }, want: [{ message: "choose how the apiserver verifies the extension apiserver's certificate: give a caBundle (or caBundleFile), caBundleInjected=true (an injector writes it), or insecureSkipTLSVerify=true" }] },
    { name: 'an empty caBundle', given: { caBundle: ' ', insecureSkipTLSVerify: undefined }, want: [{ field: 'caBundle', message: 'is empty' }] },
    { name: 'a PEM private key', given: { caBundle: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n', insecureSkipTLSVerify: undefined }, want: [{ field: 'caBundle', message: 'is neither PEM certificates (-----BEGIN CERTIFICATE-----) nor base64 of them' }] },
  ];
  it.each(table)('$name', ({ given, want }) => {
    expect(apiServiceProblems(decl(given))).toEqual(want);
  });
});

describe('encodeCaBundle', () => {
  const b64 = Buffer.from(PEM).toString('base64');
  it.each([
    { name: 'PEM is base64-encoded', given: PEM, want: b64 },
    { name: 'base64 of PEM is kept', given: b64, want: b64 },
    { name: 'base64 split over lines is joined', given: b64.replace(/(.{64})/g, '$1\n'), want: b64 },
    { name: 'base64 of something else is refused', given: Buffer.from('hello').toString('base64'), want: undefined },
    { name: 'text that is not base64 is refused', given: 'not base64!', want: undefined },
    { name: 'base64 with bad padding is refused', given: `${b64}=`, want: undefined },
  ])('$name', ({ given, want }) => {
    expect(encodeCaBundle(given)).toBe(want);
  });
});

describe('generateApiServices', () => {
  it('writes nothing without APIServices', () => {
    expect(generateApiServices(model([]))).toEqual({ files: [], diagnostics: [] });
  });

  it('reports a configuration entry by its location, without a span', () => {
    const { files, diagnostics } = generateApiServices(model([decl({ versionPriority: 0, origin: { kind: 'config', at: 'kubegen.config.json: apiservice.apiServices[0]' } })]));
    expect(files).toEqual([]);
    expect(diagnostics).toEqual([{ severity: 'error', code: 'KG6010', message: 'kubegen.config.json: apiservice.apiServices[0]: versionPriority: must be from 1 to 1000, not 0', span: undefined, hint: undefined }]);
  });

  it('refuses a marker that repeats a configuration entry, naming both', () => {
    const { diagnostics } = generateApiServices(model([decl({ origin: { kind: 'config', at: 'c.json: apiservice.apiServices[0]' } }), decl()]));
    expect(diagnostics.map((d) => d.message)).toEqual(['the APIService v1alpha1.wardle.example.com is declared twice (first in c.json: apiservice.apiServices[0]); declare each group/version once']);
  });

  it('a header goes before the first document', () => {
    const { files } = generateApiServices(model([decl()]), { header: '# Copyright\n' });
    expect(present(files[0], 'the APIService manifest').contents.startsWith('# Copyright\n---\napiVersion: apiregistration.k8s.io/v1\n')).toBe(true);
  });

  const label = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
  const arbDecl = fc.record({
    group: fc.tuple(label, label).map(([a, b]) => `${a}.${b}.example`),
    version: label,
    service: fc.record({ name: label, namespace: label, port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }) }),
    groupPriorityMinimum: fc.integer({ min: 1, max: 20000 }),
    versionPriority: fc.integer({ min: 1, max: 1000 }),
    tls: fc.boolean(),
  });
  it('every valid declaration becomes one APIService saying what was declared, in name order, whatever the input order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(arbDecl, { selector: (d) => `${d.version}.${d.group}`, maxLength: 6 }), (raw) => {
        const decls: ApiServiceDecl[] = raw.map(({ tls, service, ...d }) => ({
          ...d,
          service: service.port === undefined ? { name: service.name, namespace: service.namespace } : service,
          ...(tls ? { caBundle: PEM } : { insecureSkipTLSVerify: true }),
          origin: { kind: 'marker', span },
        }));
        const before = JSON.stringify(decls);
        const a = generateApiServices(model(decls));
        const b = generateApiServices(model([...decls].reverse()));
        expect(JSON.stringify(decls)).toBe(before);
        expect(a).toEqual(b);
        expect(a.diagnostics).toEqual([]);
        if (decls.length === 0) { expect(a.files).toEqual([]); return; }
        const docs = present(a.files[0], 'the APIService manifest').contents.split(/^---\n/m).slice(1).map((t) => load(t) as ApiServiceObject);
        const names = docs.map((o) => o.metadata.name);
        expect(names).toEqual([...names].sort());
        expect(docs.length).toBe(decls.length);
        for (const d of decls) {
          const o = docs.find((x) => x.metadata.name === `${d.version}.${d.group}`)!;
          expect(o.spec).toEqual({
            group: d.group,
            version: d.version,
            groupPriorityMinimum: d.groupPriorityMinimum,
            versionPriority: d.versionPriority,
            service: { ...d.service, port: d.service.port ?? 443 },
            ...(d.caBundle !== undefined ? { caBundle: Buffer.from(PEM).toString('base64') } : { insecureSkipTLSVerify: true }),
          });
        }
      }),
      { numRuns: RUNS },
    );
  });
});
