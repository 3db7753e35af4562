/**
 * The API reference (`npm run docs:api`, scripts/api-docs.mjs): TypeDoc converts every entry point of
 * `@kubegen/runtime` and `@kubegen/api` with its validation as errors (a documented signature naming an unexported
 * type, a `{@link}` to nothing), and every link of docs/*.md and the README into the reference names a page and
 * anchor it wrote. One run, `--check` (no pages left behind), with one more markdown file holding a good and a bad
 * link as the negative control: the only problem reported is that bad link, at its line and column.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// Spawns TypeDoc over ~60 entry points (~35 s on a quiet 2-core machine): a generous timeout for a loaded one.
jest.setTimeout(600_000);

const REPO = path.resolve(__dirname, '../..');

describe('API reference', () => {
  it('builds with no TypeDoc warning and resolves every link into it from docs/ (a broken one is reported at file:line:column)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-api-ref-'));
    const md = path.join(dir, 'extra.md');
    fs.writeFileSync(md, 'See [createLogger](api/functions/_kubegen_runtime_log.createLogger.html) and\n  [nothing](api/functions/_kubegen_runtime_log.noSuchThing.html).\n');
    try {
      const r = spawnSync(process.execPath, [path.join(REPO, 'scripts/api-docs.mjs'), '--check', '--markdown', md], { cwd: REPO, encoding: 'utf8', timeout: 580_000 });
      const where = `${path.relative(REPO, md)}:2:13`;
      expect({ status: r.status, stderr: r.stderr.trim().split('\n') }).toEqual({
        status: 1,
        stderr: [`${where}: the API reference has no page functions/_kubegen_runtime_log.noSuchThing.html`],
      });
      expect(r.stdout).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown argument with one line', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'scripts/api-docs.mjs'), '--out', 'x'], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 2, stderr: 'docs:api: unknown argument --out (want --check, --markdown <file>)\n' });
  });
});
