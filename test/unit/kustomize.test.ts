import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildKustomizationDir } from '../../generator/apply/kustomize/build';
import { parseLabelSelector, splitImage } from '../../generator/apply';

let dir: string;
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-kustomize-')); });
afterEach(() => { fs.rmSync(dir, { recursive: true, force: true }); });

describe('kubegen apply -k: untrusted kustomizations', () => {
  it('refuses a file outside the kustomization directory (load restrictor), but reads a directory elsewhere', () => {
    write('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n');
    write('base/kustomization.yaml', 'resources: [../cm.yaml]\n');
    expect(() => buildKustomizationDir('base', { cwd: dir })).toThrow(/^base\/kustomization\.yaml:1:13: \.\.\/cm\.yaml: security; file .* is not in or below /);
    write('shared/kustomization.yaml', 'resources: [cm.yaml]\n');
    write('shared/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n');
    write('overlay/kustomization.yaml', 'resources: [../shared]\nnamePrefix: x-\n');
    expect(buildKustomizationDir('overlay', { cwd: dir }).map((m) => m.object.metadata.name)).toEqual(['x-a']);
  });

  it('detects a cycle', () => {
    write('a/kustomization.yaml', 'resources: [../b]\n');
    write('b/kustomization.yaml', 'resources: [../a]\n');
    expect(() => buildKustomizationDir('a', { cwd: dir })).toThrow(/^b\/kustomization\.yaml:1:13: \.\.\/a: cycle detected/);
  });

  it('refuses URLs and unknown keys with file:line:column', () => {
    write('k/kustomization.yaml', 'resources:\n- https://example.com/x.yaml\n');
    expect(() => buildKustomizationDir('k', { cwd: dir })).toThrow('k/kustomization.yaml:2:3: a URL (https://example.com/x.yaml) is not supported by kubegen apply -k; render with kustomize build k | kubegen apply -f -');
    write('k/kustomization.yaml', 'images:\n- name: a\n  tagSuffix: -x\n');
    expect(() => buildKustomizationDir('k', { cwd: dir })).toThrow('k/kustomization.yaml:3:3: images[].tagSuffix is not supported by kubegen apply -k; render with kustomize build k | kubegen apply -f -');
  });

  it.each([
    { image: 'nginx', want: ['nginx', '', ''] },
    { image: 'nginx:1.2', want: ['nginx', '1.2', ''] },
    { image: 'localhost:5000/nginx:1.2', want: ['localhost:5000/nginx', '1.2', ''] },
    { image: 'nginx@sha256:ab', want: ['nginx', '', 'sha256:ab'] },
    { image: 'nginx:1@sha256:ab', want: ['nginx', '1', 'sha256:ab'] },
  ])('splits image $image as kustomize', ({ image, want }) => {
    expect(splitImage(image)).toEqual(want);
  });

  it('reads label selectors', () => {
    const sel = parseLabelSelector('a=b, c in (d,e), !f, g');
    expect(typeof sel).toBe('function');
    const f = sel as (l: Record<string, string>) => boolean;
    expect(f({ a: 'b', c: 'e', g: '' })).toBe(true);
    expect(f({ a: 'b', c: 'x', g: '' })).toBe(false);
    expect(f({ a: 'b', c: 'd', f: '', g: '' })).toBe(false);
    expect(parseLabelSelector('a=(')).toMatch(/cannot read/);
  });
});
