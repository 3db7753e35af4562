import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository / package root of kubegen (holding its package.json), from sources or from dist/. */
export function kubegenRoot(): string {
  let dir = __dirname;
  for (;;) {
    const pj = path.join(dir, 'package.json');
    if (fs.existsSync(pj) && (JSON.parse(fs.readFileSync(pj, 'utf8')) as { name?: string }).name === 'kubegen') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find the kubegen package root');
    dir = up;
  }
}

/** kubegen's version, stamped into generated output as `v<semver>` (like controller-gen's annotation). */
export const KUBEGEN_VERSION: string = `v${(JSON.parse(fs.readFileSync(path.join(kubegenRoot(), 'package.json'), 'utf8')) as { version: string }).version}`;
