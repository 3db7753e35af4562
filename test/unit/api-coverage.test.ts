/**
 * `@kubegen/api` holds every group version of the Kubernetes release it is generated from: the group versions of the
 * official OpenAPI v3 directory of the pinned k8s.io/kubernetes module (read from the directory, through the Go module
 * cache — never a list written here) are those of api/kubernetes-version.json, each generated as its own subpath
 * (`api/src/<group>/<version>/index.ts`, no root barrel that would pull every group in), and every resource a group
 * version's paths serve has its descriptor in the version's generated client.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the repository, without type declarations
const openapi = require('../../scripts/kubernetes-openapi.js') as { kubernetesOpenApiDir: (v: string) => string; specFile: (gv: string) => string; specGroupVersions: (dir: string) => string[] };

// The first run downloads the k8s.io/kubernetes module through the Go module proxy (`go mod download`).
jest.setTimeout(600_000);

const API = path.join(__dirname, '..', '..', 'api');
const pinned = JSON.parse(fs.readFileSync(path.join(API, 'kubernetes-version.json'), 'utf8')) as { kubernetes: string; groupVersions: string[] };

/** `rbac.authorization.k8s.io/v1` → `rbac/v1`, `v1` → `core/v1`: the subpath of `@kubegen/api` (group folder `short`). */
function subpath(gv: string): string {
  if (gv === 'v1') return 'core/v1';
  const slash = gv.indexOf('/');
  return `${gv.slice(0, slash).split('.')[0] ?? ''}/${gv.slice(slash + 1)}`;
}

/** The plurals a group version's document serves (`/apis/<g>/<v>/[namespaces/{namespace}/]<plural>`), sorted. */
function servedResources(doc: { paths?: Record<string, unknown> }, gv: string): string[] {
  const prefix = gv === 'v1' ? '/api/v1/' : `/apis/${gv}/`;
  const out = new Set<string>();
  for (const p of Object.keys(doc.paths ?? {})) {
    if (!p.startsWith(prefix)) continue;
    const rest = p.slice(prefix.length).replace(/^namespaces\/\{namespace\}\//, '');
    if (rest.startsWith('watch/') || rest === '') continue;
    const plural = rest.split('/')[0] ?? '';
    if (/^[a-z0-9]+$/.test(plural)) out.add(plural);
  }
  return [...out].sort();
}

describe(`@kubegen/api and the OpenAPI of Kubernetes ${pinned.kubernetes}`, () => {
  const dir = openapi.kubernetesOpenApiDir(pinned.kubernetes);
  const spec = openapi.specGroupVersions(dir);

  test('the spec directory has the group versions of a release (core/v1, apps/v1, alpha and beta ones)', () => {
    expect(spec).toEqual(expect.arrayContaining(['v1', 'apps/v1', 'authorization.k8s.io/v1', 'certificates.k8s.io/v1']));
    expect(spec.some((gv) => /alpha|beta/.test(gv))).toBe(true);
  });

  test('every group version of the spec is listed in api/kubernetes-version.json, and only those', () => {
    expect([...pinned.groupVersions].sort()).toEqual([...spec].sort());
  });

  test('every group version is its own subpath with its sources, and there is no root barrel', () => {
    const missing = spec.map(subpath).filter((p) => !['index.ts', 'types.ts', 'deepcopy.ts', 'validation.ts'].every((f) => fs.existsSync(path.join(API, 'src', p, f))));
    expect(missing).toEqual([]);
    expect(fs.existsSync(path.join(API, 'src', 'index.ts'))).toBe(false);
    const pkg = JSON.parse(fs.readFileSync(path.join(API, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; main?: string };
    expect(Object.keys(pkg.exports).sort()).toEqual(['./*', './package.json']);
    expect(pkg.main).toBeUndefined();
  });

  test('every resource the spec serves has its descriptor in the generated client of its version', () => {
    const missing: string[] = [];
    for (const gv of spec) {
      const doc = JSON.parse(fs.readFileSync(path.join(dir, openapi.specFile(gv)), 'utf8')) as { paths?: Record<string, unknown> };
      const plurals = servedResources(doc, gv);
      const client = path.join(API, 'src', subpath(gv), 'client.ts');
      const text = fs.existsSync(client) ? fs.readFileSync(client, 'utf8') : '';
      for (const plural of plurals) if (!text.includes(`resource: '${plural}'`)) missing.push(`${gv} ${plural}`);
    }
    expect(missing).toEqual([]);
  });
});
