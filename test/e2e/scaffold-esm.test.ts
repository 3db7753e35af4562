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
 *
 * The two projects' flows run side by side (startFlow): each test awaits its step and checks what the step saw.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
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

/** What the first step of a project's flow saw: init's files, the generated index, the project's test run. */
interface FirstStep {
  jestConfig: string;
  tsconfig: unknown;
  kind: string;
  index: string;
  testStderr: string;
}

/** What the second step saw: the scaffolder's messages and files, the CRD, the tests, the built operator's answers. */
interface SecondStep {
  v2: string;
  webhook: string;
  v2Webhook: string;
  webhookFile: string;
  mainTs: string;
  crd: string;
  testStderr: string;
  help: string;
  badFlags: Array<{ args: readonly string[]; status: number | null; stderr: string }>;
}

/** The flow of one project: its temporary directory, and each step's promise (each step starts when the last ends). */
interface Flow {
  tmp: string;
  first: Promise<FirstStep>;
  second: Promise<SecondStep>;
}

/** `node dist/main.js args` in `cwd`: exit status and stderr, whatever the status (the blocking spawnSync would stall the other flow). */
function runBuilt(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/main.js', ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stderr }));
  });
}

const BAD_FLAGS = (project: string) =>
  [
    [['--frobnicate'], "shop: Unknown option '--frobnicate'"],
    [['--log-format', 'xml'], 'shop: --log-format: want json or text, not "xml"'],
    [['--leader-elect=maybe'], 'shop: --leader-elect: want true or false, not "maybe"'],
    // Go's form of a boolean flag is accepted; without POD_NAMESPACE or a pod's namespace file the Lease has no namespace
    [['--leader-elect=true'], "shop: --leader-elect: the operator's namespace is unknown"],
    [['--kubeconfig', path.join(project, 'no-such-kubeconfig')], 'shop: '],
  ] as const;

/**
 * Starts the flow of one project. The two projects' flows run side by side — they share nothing but the run's
 * tarballs, and each spends its time in one single-threaded npm, tsc or jest process at a time — and the tests below
 * await their steps and check what each step saw, in the order the steps saw it.
 */
function startFlow(esm: boolean): Flow {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-scaffold-${esm ? 'esm' : 'cjs'}-`));
  const project = path.join(tmp, 'shop');
  const npx = (args: string[]) => sh('npx', ['--no-install', ...args], project);
  const read = (file: string) => fs.readFileSync(path.join(project, file), 'utf8');

  const setUp = (async () => {
    await sh(process.execPath, [TSC, '-b', 'tsconfig.build.json'], REPO);
    const kubegenTgz = await pack(REPO, tmp);
    const runtimeTgz = await pack(path.join(REPO, 'runtime'), tmp);
    fs.mkdirSync(project);
    const pj = { name: 'shop', version: '1.0.0', private: true, ...(esm ? { type: 'module' } : {}) };
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify(pj, null, 2) + '\n');
    await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', kubegenTgz, runtimeTgz], project);
  })();

  const first = setUp.then(async (): Promise<FirstStep> => {
    await npx(['kubegen', 'init', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order']);
    const jestConfig = read('jest.config.js');
    const tsconfig: unknown = JSON.parse(read('tsconfig.json'));
    await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], project);

    const kindFile = 'apis/shop.example.dev/v1/order.ts';
    const kind = read(kindFile);
    fs.writeFileSync(path.join(project, kindFile), kind.replace('export interface OrderSpec {', `${RULE}export interface OrderSpec {`));
    fs.writeFileSync(path.join(project, 'test/validation.test.ts'), validatorTest(esm));

    await npx(['kubegen', 'generate']);
    const index = read('src/generated/shop.example.dev/v1/index.ts');
    await npx(['tsc', '--noEmit', '--strict', '-p', '.']);
    const test = await sh('npm', ['test', '--', '--ci=false'], project);
    await sh('npm', ['run', 'verify'], project);
    return { jestConfig, tsconfig, kind, index, testStderr: test.stderr };
  });

  const second = first.then(async (): Promise<SecondStep> => {
    const group = ['--group', 'shop.example.dev', '--kind', 'Order'];
    await npx(['kubegen', 'create', 'api', ...group, '--version', 'v1', '--resource=false', '--controller']);
    const v2 = await npx(['kubegen', 'create', 'api', ...group, '--version', 'v2']);
    const webhook = await npx(['kubegen', 'create', 'webhook', ...group, '--version', 'v1', '--defaulting', '--programmatic-validation', '--conversion']);
    // the second version's webhooks, added later to the same file at its scaffold markers
    const v2Webhook = await npx(['kubegen', 'create', 'webhook', ...group, '--version', 'v2', '--defaulting', '--programmatic-validation']);
    const webhookFile = read('src/webhooks/order.ts');
    const mainTs = read('src/main.ts');

    await npx(['kubegen', 'generate']);
    const crd = read('src/generated/shop.example.dev/crds/shop.example.dev_orders.yaml');
    await npx(['tsc', '--noEmit', '--strict', '-p', '.']);
    // the CRD snapshot of the first test changed with the new version: updated, as a user does (-u)
    const test = await sh('npm', ['test', '--', '--ci=false', '-u'], project);

    await sh('npm', ['run', 'build'], project);
    const help = await sh(process.execPath, ['dist/main.js', '--help'], project);
    const env = { ...process.env, KUBECONFIG: '', POD_NAMESPACE: '' };
    const badFlags: SecondStep['badFlags'] = [];
    for (const [args] of BAD_FLAGS(project)) badFlags.push({ args, ...(await runBuilt(project, args, env)) });
    return { v2: v2.stdout, webhook: webhook.stdout, v2Webhook: v2Webhook.stdout, webhookFile, mainTs, crd, testStderr: test.stderr, help: help.stdout, badFlags };
  });

  // Each step's failure is reported by the test that awaits it; until then it is not an unhandled rejection.
  for (const step of [first, second]) step.catch(() => undefined);
  return { tmp, first, second };
}

const flows = new Map<boolean, Flow>();

beforeAll(() => {
  for (const esm of [false, true]) flows.set(esm, startFlow(esm));
});

afterAll(async () => {
  for (const flow of flows.values()) {
    await Promise.allSettled([flow.first, flow.second]);
    fs.rmSync(flow.tmp, { recursive: true, force: true });
  }
});

function flowOf(esm: boolean): Flow {
  const flow = flows.get(esm);
  if (flow === undefined) throw new Error(`the ${esm ? 'ES-module' : 'CommonJS'} project's flow did not start`);
  return flow;
}

describe.each([
  ['CommonJS', false],
  ['ES modules (type: module, module: nodenext)', true],
])('a fresh %s project: init, a CEL rule, generate, tsc, npm test', (_name, esm) => {
  it('init writes the jest setup of the format, generate writes code that compiles as that format, and the tests pass', async () => {
    const step = await flowOf(esm).first;
    expect(step.jestConfig).toContain(esm ? 'export default {' : 'module.exports = {');
    expect(step.tsconfig).toMatchObject({ compilerOptions: { module: 'nodenext' } });
    expect(step.kind).toContain('export interface OrderSpec {');
    expect(step.index).toContain(esm ? "export * from './validation.js';" : "export * from './validation';");
    expect(step.testStderr).toMatch(/Tests:\s+4 passed, 4 total/);
    expect(step.testStderr).toContain('PASS test/validation.test.ts');
    // the scaffold's tsconfig has isolatedModules, as ts-jest needs for "module": "nodenext"
    expect(step.testStderr).not.toContain('TS151002');
  });

  it('create api --controller, a second version, create webhook: generate, tsc, npm test, build, node dist/main.js', async () => {
    const step = await flowOf(esm).second;
    expect(step.v2).toContain('The storage version stays v1');
    expect(step.webhook).toContain('defaulting: /mutate-shop-example-dev-v1-order');
    expect(step.v2Webhook).toContain('defaulting: /mutate-shop-example-dev-v2-order — write OrderV2CustomDefaulter.default in src/webhooks/order.ts');
    expect(step.webhookFile).toContain('.for(v2.orderAdmission)');
    expect(step.mainTs).toContain(esm ? "import { setupOrderWebhook } from './webhooks/order.js';" : "import { setupOrderWebhook } from './webhooks/order';");
    expect(step.mainTs).toContain('  setupOrderController(mgr);\n');
    expect(step.crd).toContain('strategy: Webhook');
    expect(step.testStderr).toMatch(/Tests:\s+6 passed, 6 total/);
    expect(step.testStderr).toContain('PASS test/controllers/order.test.ts');
    expect(step.help).toContain('--leader-elect');
    expect(step.help).toContain('--self-managed-certs');
    const project = path.join(flowOf(esm).tmp, 'shop');
    for (const [[args, message], r] of BAD_FLAGS(project).map((row, i) => [row, step.badFlags[i]] as const)) {
      expect({ args, status: r?.status, lines: r?.stderr.split('\n').filter((l) => l !== '').length }).toEqual({ args, status: 1, lines: 1 });
      expect(r?.stderr.startsWith(message)).toBe(true);
    }
  });
});
