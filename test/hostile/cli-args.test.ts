/**
 * Issue 8, item 3: the whole command line is validated before any handler runs. Each reproduction is a
 * regression test; a table asserts that every bad command line gets exactly one `kubegen: …` line, exit 2, no
 * output and no stack trace; property (c): for random valid command lines with one unknown flag inserted,
 * nothing is written, printed on stdout or started.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { RUNS, STACK_LINE, removeSandbox, run, sandbox, snapshotTree, treeDiff, writeTinyApi } from './cli-support';

// This file runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

let dir: string;
beforeAll(async () => {
  dir = sandbox('args');
  writeTinyApi(dir);
  fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'generated' }));
  // generated output that is out of date: a handler that ran would rewrite it
  expect((await run(['generate'], dir)).code).toBe(0);
  expect((await run(['crd', '--apis', 'apis', '--out', 'out'], dir)).code).toBe(0);
  for (const f of ['generated/ex.example.com/crds/ex.example.com_widgets.yaml', 'out/ex.example.com_widgets.yaml']) fs.writeFileSync(path.join(dir, f), 'edited by hand\n');
});
afterAll(() => removeSandbox(dir));

/** Run and check that nothing in the sandbox changed. */
async function runUnchanged(argv: string[]) {
  const before = snapshotTree(dir);
  const r = await run(argv, dir);
  expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  return r;
}

describe('reproductions of issue 8, item 3', () => {
  it('generate --verfy: refused before the handler, so stale files are not overwritten', async () => {
    const r = await runUnchanged(['generate', '--verfy']);
    expect(r).toEqual({ code: 2, out: '', err: 'kubegen: Unknown argument: verfy (did you mean --verify?)\n' });
  });

  it('crd without --apis: one line, no handler, no trace', async () => {
    const r = await runUnchanged(['crd', '--out', 'out']);
    expect(r).toEqual({ code: 2, out: '', err: 'kubegen: Missing required argument: apis (see kubegen --help)\n' });
  });

  it('markers --format xml: the error only, not the reference first', async () => {
    const r = await runUnchanged(['markers', '--format', 'xml']);
    expect(r).toEqual({ code: 2, out: '', err: 'kubegen: Invalid values: Argument: format, Given: "xml", Choices: "text", "markdown" (see kubegen --help)\n' });
  });

  it('crd --stdout --verify: refused instead of --verify being ignored', async () => {
    const r = await runUnchanged(['crd', '--apis', 'apis', '--stdout', '--verify']);
    expect(r).toEqual({ code: 2, out: '', err: 'kubegen: --verify compares --out with what would be generated; it cannot be used with --stdout (see kubegen --help)\n' });
  });

  it('the same commands without the mistake do run', async () => {
    expect((await run(['markers', '--format', 'text'], dir)).out).toContain('+kubebuilder:resource');
    const verify = await run(['generate', '--verify'], dir);
    expect(verify.code).toBe(1);
    expect(verify.err).toContain('ex.example.com_widgets.yaml');
  });
});

describe('every bad command line: exit 2, one kubegen line, nothing on stdout, nothing written', () => {
  const table: Array<{ given: string[]; want: RegExp }> = [
    { given: [], want: /^kubegen: name a command: init, create api, crd, generate, docs, import, rbac, webhook, apiservice, apply, markers, diagnostics or envtest/ },
    { given: ['gnerate'], want: /^kubegen: Unknown argument: gnerate \(did you mean generate\?\)$/ },
    { given: ['crd', '--apis', 'apis', '--outt', 'x'], want: /^kubegen: Unknown argument: outt \(did you mean --out\?\)$/ },
    { given: ['crd', '--apis', 'apis'], want: /^kubegen: either --out <dir> or --stdout is required/ },
    { given: ['crd', '--apis', 'apis', '--out', 'out', '--stdout'], want: /^kubegen: --out and --stdout cannot be used together/ },
    { given: ['crd', '--apis', '', '--out', 'out'], want: /^kubegen: --apis needs a value/ },
    { given: ['crd', '--apis', 'apis', '--out'], want: /^kubegen: --out needs a value/ },
    { given: ['crd', '--apis', 'apis', '--out', 'out', 'extra'], want: /^kubegen: Unknown argument: extra/ },
    { given: ['generate', '--config'], want: /^kubegen: --config needs a value/ },
    { given: ['generate', '--verify', '--conifg', 'x', '--zzzz'], want: /^kubegen: Unknown arguments: conifg, zzzz \(did you mean --config for conifg\?\)$/ },
    { given: ['generate', '-x'], want: /^kubegen: Unknown argument: x/ },
    { given: ['markers', '--format'], want: /^kubegen: Invalid values: Argument: format, Given: "", Choices: "text", "markdown"/ },
    { given: ['envtest'], want: /^kubegen: Not enough non-option arguments: got 0, need at least 1|^kubegen: name an envtest command: build or start/ },
    { given: ['envtest', 'bild'], want: /^kubegen: name an envtest command: build or start|^kubegen: Unknown argument: bild/ },
    { given: ['envtest', 'start'], want: /^kubegen: Missing required argument: kubeconfig/ },
    { given: ['envtest', 'start', '--kubeconfig', 'k', '--start-timeout', '5q'], want: /^kubegen: --start-timeout: invalid duration "5q"/ },
    { given: ['envtest', 'start', '--kubeconfig', 'k', '--kubeconfg', 'k'], want: /^kubegen: Unknown argument: kubeconfg \(did you mean --kubeconfig\?\)$/ },
    { given: ['envtest', 'build', '--cache-dir='], want: /^kubegen: --cache-dir needs a value/ },
  ];
  test.each(table)('$given', async ({ given, want }) => {
    const r = await runUnchanged(given);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.replace(/\n$/, '')).toMatch(want);
    expect(r.err.split('\n')).toHaveLength(2); // one line and the final newline
    expect(r.err).not.toMatch(STACK_LINE);
  });
});

/** Every option name the CLI knows, with yargs' camelCase and --no- forms (those are not unknown to yargs). */
const KNOWN = ['apis', 'out', 'stdout', 'verify', 'header', 'config', 'format', 'kubernetes-version', 'cache-dir', 'kubeconfig', 'ca-file', 'start-timeout', 'stop-timeout', 'attach-output', 'aggregation', 'help', 'version'];
const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const NOT_UNKNOWN = new Set(KNOWN.flatMap((k) => [k, camel(k), `no-${k}`, `no-${camel(k)}`]));

const validCommand = fc.oneof(
  fc.tuple(fc.boolean(), fc.option(fc.constantFrom('# h', ''), { nil: undefined })).map(([verify, header]) => [
    'crd',
    '--apis',
    'apis',
    '--out',
    'out',
    ...(verify ? ['--verify'] : []),
    ...(header !== undefined ? ['--header', header] : []),
  ]),
  fc.constant(['crd', '--apis', 'apis', '--stdout']),
  fc.boolean().map((verify) => ['generate', ...(verify ? ['--verify'] : [])]),
  fc.constant(['generate', '--config', 'kubegen.config.json']),
  fc.constantFrom(['markers'], ['markers', '--format', 'markdown']),
  fc.constant(['envtest', 'build', '--cache-dir', 'cache']),
  fc.constant(['envtest', 'start', '--kubeconfig', 'kubeconfig', '--start-timeout', '1s']),
);

const unknownFlag = fc
  .tuple(fc.stringMatching(/^[a-z][a-z-]{0,14}[a-z]$/), fc.option(fc.constantFrom('x', '1', 'out', '../victim', ''), { nil: undefined }), fc.boolean())
  .filter(([name]) => !NOT_UNKNOWN.has(name) && !name.includes('--'))
  .map(([name, value, equals]) => (value === undefined ? [`--${name}`] : equals ? [`--${name}=${value}`] : [`--${name}`, value]));

describe('property (c): a valid command line with one unknown flag writes, prints and starts nothing', () => {
  it(`${RUNS} runs`, async () => {
    const before = snapshotTree(dir);
    await fc.assert(
      fc.asyncProperty(validCommand, unknownFlag, fc.nat(), async (command, flag, at) => {
        // the flag goes anywhere after the command words
        const words = command[0] === 'envtest' ? 2 : 1;
        const i = words + (at % (command.length - words + 1));
        // a value-less flag must not split an option from its value
        const argv = [...command.slice(0, i), ...flag, ...command.slice(i)];
        const r = await run(argv, dir);
        expect(r.code).toBe(2);
        expect(r.out).toBe('');
        expect(r.err).toMatch(/^kubegen: Unknown arguments?: /);
        expect(r.err.split('\n')).toHaveLength(2);
        expect(r.err).not.toMatch(STACK_LINE);
      }),
      { numRuns: RUNS },
    );
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  }, 600_000);
});
