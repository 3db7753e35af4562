/**
 * The operator modules keep the runtime lean (docs/runtime.md): requiring the built `controller`,
 * `controllerutil`, `leaderelection` and `events` subpaths loads nothing from node_modules; prom-client arrives
 * only when metrics are enabled.
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../../..');
const DIST = path.join(REPO, 'runtime/dist');

beforeAll(async () => {
  await run(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'runtime'], { cwd: REPO });
}, 180_000);

it('requiring the operator subpaths loads no dependency; prometheusMetrics() loads prom-client', async () => {
  const script = `
const loaded = () => Object.keys(require.cache).filter((f) => f.includes('node_modules')).map((f) => f.replace(/.*node_modules\\//, '').split('/')[0]).filter((v, i, a) => a.indexOf(v) === i).sort();
const controller = require(${JSON.stringify(path.join(DIST, 'controller/index.js'))});
for (const sub of ['controllerutil', 'leaderelection', 'events']) require(${JSON.stringify(DIST)} + '/' + sub + '/index.js');
const before = loaded();
controller.prometheusMetrics();
console.log(JSON.stringify({ before, after: loaded() }));`;
  const { stdout } = await run(process.execPath, ['-e', script], { cwd: REPO });
  const got = JSON.parse(stdout) as { before: string[]; after: string[] };
  expect(got.before).toEqual([]);
  expect(got.after).toContain('prom-client');
}, 60_000);
