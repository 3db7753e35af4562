/**
 * Everything generated runs under the scaffold's own test setup, CommonJS and ES-module projects alike (issue 24):
 * kubegen and `@kubegen/runtime` packed and installed from tarballs into two fresh projects outside the repository —
 * a default (CommonJS) one and a `"type": "module"` one, both with the scaffold's `"module": "nodenext"` — then
 * `kubegen init` with an API, a CEL rule (`+kubebuilder:validation:XValidation`) added to it, `kubegen generate`,
 * the strict `tsc`, and `npm test`: the scaffolded jest tests plus one that calls the generated validator on a valid
 * and an invalid object, which loads @marcbachmann/cel-js (ES modules only) under jest. Then the operator, as a user
 * goes on: `create api --controller` for the kind, a second version, `create webhook` (defaulting, validation,
 * conversion), the second version's webhooks added to the same file, generate, tsc, `npm test` with the scaffolded reconciler test, `npm run build`, and the built
 * `node dist/main.js`: `--help` exits 0, a bad flag or an unusable kubeconfig is one line and exit status 1.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pack, sh } from './support/shell';

jest.setTimeout(900_000);

const REPO = path.resolve(__dirname, '../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');

const RULE = `/** +kubebuilder:validation:XValidation:rule="self.image != 'forbidden'",message="image must not be forbidden" */\n`;

/** A test the user writes next to the scaffolded one; `fake` and `validation` imports spelled for the format. */
function validatorTest(esm: boolean): string {
  const v1 = esm ? '../src/generated/shop.example.dev/v1/index.js' : '../src/generated/shop.example.dev/v1';
  return `import { validateOrder, type Order } from '${v1}';

const order = (image: string): Order => ({ apiVersion: 'shop.example.dev/v1', kind: 'Order', metadata: { name: 'o' }, spec: { image } });

describe('the generated validator evaluates the CEL rule', () => {
  it('accepts a valid Order', () => {
    expect(validateOrder(order('nginx:1.27'))).toMatchObject({ valid: true, errors: [], unchecked: [] });
  });

  it('refuses an invalid one with the rule\\'s message', () => {
    const r = validateOrder(order('forbidden'));
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => [e.field, e.detail])).toEqual([['spec', 'image must not be forbidden']]);
  });
});
`;
}

describe.each([
  ['CommonJS', false],
  ['ES modules (type: module, module: nodenext)', true],
])('a fresh %s project: init, a CEL rule, generate, tsc, npm test', (_name, esm) => {
  let tmp: string;
  let project: string;
  const npx = (args: string[]) => sh('npx', ['--no-install', ...args], project);

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-scaffold-${esm ? 'esm' : 'cjs'}-`));
    await sh(process.execPath, [TSC, '-b', 'tsconfig.build.json'], REPO);
    const kubegenTgz = await pack(REPO, tmp);
    const runtimeTgz = await pack(path.join(REPO, 'runtime'), tmp);
    project = path.join(tmp, 'shop');
    fs.mkdirSync(project);
    const pj = { name: 'shop', version: '1.0.0', private: true, ...(esm ? { type: 'module' } : {}) };
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify(pj, null, 2) + '\n');
    await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', kubegenTgz, runtimeTgz], project);
  });

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('init writes the jest setup of the format, generate writes code that compiles as that format, and the tests pass', async () => {
    await npx(['kubegen', 'init', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order']);
    const jestConfig = fs.readFileSync(path.join(project, 'jest.config.js'), 'utf8');
    expect(jestConfig).toContain(esm ? 'export default {' : 'module.exports = {');
    expect(JSON.parse(fs.readFileSync(path.join(project, 'tsconfig.json'), 'utf8'))).toMatchObject({ compilerOptions: { module: 'nodenext' } });
    await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], project);

    const kindFile = path.join(project, 'apis/shop.example.dev/v1/order.ts');
    const kind = fs.readFileSync(kindFile, 'utf8');
    expect(kind).toContain('export interface OrderSpec {');
    fs.writeFileSync(kindFile, kind.replace('export interface OrderSpec {', `${RULE}export interface OrderSpec {`));
    fs.writeFileSync(path.join(project, 'test/validation.test.ts'), validatorTest(esm));

    await npx(['kubegen', 'generate']);
    const index = fs.readFileSync(path.join(project, 'src/generated/shop.example.dev/v1/index.ts'), 'utf8');
    expect(index).toContain(esm ? "export * from './validation.js';" : "export * from './validation';");
    await npx(['tsc', '--noEmit', '--strict', '-p', '.']);

    const test = await sh('npm', ['test', '--', '--ci=false'], project);
    expect(test.stderr).toMatch(/Tests:\s+4 passed, 4 total/);
    expect(test.stderr).toContain('PASS test/validation.test.ts');
    // the scaffold's tsconfig has isolatedModules, as ts-jest needs for "module": "nodenext"
    expect(test.stderr).not.toContain('TS151002');
    await sh('npm', ['run', 'verify'], project);
  });

  it('create api --controller, a second version, create webhook: generate, tsc, npm test, build, node dist/main.js', async () => {
    const group = ['--group', 'shop.example.dev', '--kind', 'Order'];
    await npx(['kubegen', 'create', 'api', ...group, '--version', 'v1', '--resource=false', '--controller']);
    const v2 = await npx(['kubegen', 'create', 'api', ...group, '--version', 'v2']);
    expect(v2.stdout).toContain('The storage version stays v1');
    const webhook = await npx(['kubegen', 'create', 'webhook', ...group, '--version', 'v1', '--defaulting', '--programmatic-validation', '--conversion']);
    expect(webhook.stdout).toContain('defaulting: /mutate-shop-example-dev-v1-order');
    // the second version's webhooks, added later to the same file at its scaffold markers
    const v2Webhook = await npx(['kubegen', 'create', 'webhook', ...group, '--version', 'v2', '--defaulting', '--programmatic-validation']);
    expect(v2Webhook.stdout).toContain('defaulting: /mutate-shop-example-dev-v2-order — write OrderV2CustomDefaulter.default in src/webhooks/order.ts');
    expect(fs.readFileSync(path.join(project, 'src/webhooks/order.ts'), 'utf8')).toContain('.for(v2.orderAdmission)');
    const mainTs = fs.readFileSync(path.join(project, 'src/main.ts'), 'utf8');
    expect(mainTs).toContain(esm ? "import { setupOrderWebhook } from './webhooks/order.js';" : "import { setupOrderWebhook } from './webhooks/order';");
    expect(mainTs).toContain('  setupOrderController(mgr);\n');

    await npx(['kubegen', 'generate']);
    const crd = fs.readFileSync(path.join(project, 'src/generated/shop.example.dev/crds/shop.example.dev_orders.yaml'), 'utf8');
    expect(crd).toContain('strategy: Webhook');
    await npx(['tsc', '--noEmit', '--strict', '-p', '.']);
    // the CRD snapshot of the first test changed with the new version: updated, as a user does (-u)
    const test = await sh('npm', ['test', '--', '--ci=false', '-u'], project);
    expect(test.stderr).toMatch(/Tests:\s+6 passed, 6 total/);
    expect(test.stderr).toContain('PASS test/controllers/order.test.ts');

    await sh('npm', ['run', 'build'], project);
    const help = await sh(process.execPath, ['dist/main.js', '--help'], project);
    expect(help.stdout).toContain('--leader-elect');
    expect(help.stdout).toContain('--self-managed-certs');
    for (const [args, message] of [
      [['--frobnicate'], "shop: Unknown option '--frobnicate'"],
      [['--log-format', 'xml'], 'shop: --log-format: want json or text, not "xml"'],
      [['--leader-elect=maybe'], 'shop: --leader-elect: want true or false, not "maybe"'],
      // Go's form of a boolean flag is accepted; without POD_NAMESPACE or a pod's namespace file the Lease has no namespace
      [['--leader-elect=true'], "shop: --leader-elect: the operator's namespace is unknown"],
      [['--kubeconfig', path.join(project, 'no-such-kubeconfig')], 'shop: '],
    ] as const) {
      const r = spawnSync(process.execPath, ['dist/main.js', ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, KUBECONFIG: '', POD_NAMESPACE: '' } });
      expect({ args, status: r.status, lines: r.stderr.split('\n').filter((l) => l !== '').length }).toEqual({ args, status: 1, lines: 1 });
      expect(r.stderr.startsWith(message)).toBe(true);
    }
  });
});
