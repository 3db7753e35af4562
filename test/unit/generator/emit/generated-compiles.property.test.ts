/**
 * Generated code always compiles (issue 26 item 6): random valid APIs → every generator → `tsc --strict` (the
 * generated packages' own options: strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes) with no error.
 *
 * Field names are drawn from JavaScript's own property names (Object.prototype, Function.prototype,
 * Array.prototype: `toString`, `constructor`, `hasOwnProperty`, `length`, `call` …), reserved words and ordinary
 * names; fields are optional or required, of a few types (string, int32, boolean, an enum, lists, maps, a nested
 * struct), some with defaults. One compiler program per batch of APIs keeps it affordable; KUBEGEN_FUZZ_RUNS raises
 * the number of batches.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { generateAll, loadApiModel } from '../../../../generator/pipeline';
import { testKind } from '../../helpers/apis';
import { typeCheck } from '../../helpers/generated';

// This file loads and type-checks TypeScript programs: a generous timeout for a loaded machine.
jest.setTimeout(600_000);

const REPO = path.resolve(__dirname, '../../../..');
const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? '') || 1;
const BATCH = 4;

const own = (o: object) => Object.getOwnPropertyNames(o).filter((n) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(n));
const JS_NAMES = [...new Set([...own(Object.prototype), ...own(Function.prototype), ...own(Array.prototype)])].sort();
const RESERVED = ['break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'as', 'any', 'type', 'keyof', 'readonly', 'string', 'number', 'object', 'unknown', 'never', 'undefined', 'arguments', 'eval'];
const ORDINARY = ['replicas', 'image', 'port', 'labels', 'items', 'size', 'value', 'mode'];
const fieldName = fc.oneof(fc.constantFrom(...JS_NAMES), fc.constantFrom(...RESERVED), fc.constantFrom(...ORDINARY));

type FieldType = 'string' | 'int32' | 'boolean' | 'enum' | 'string[]' | 'int32[]' | 'map' | 'struct' | 'struct[]' | 'structMap';
interface FieldSpec {
  name: string;
  type: FieldType;
  optional: boolean;
  withDefault: boolean;
}

const fieldArb = fc.record({
  name: fieldName,
  type: fc.constantFrom<FieldType>('string', 'int32', 'boolean', 'enum', 'string[]', 'int32[]', 'map', 'struct', 'struct[]', 'structMap'),
  optional: fc.boolean(),
  withDefault: fc.boolean(),
});
const fieldsArb = fc.uniqueArray(fieldArb, { minLength: 1, maxLength: 8, selector: (f) => f.name });
const apiArb = fc.record({ spec: fieldsArb, inner: fieldsArb });

/** The default marker of a field of this type (only types whose default the marker grammar writes plainly). */
function defaultMarker(f: FieldSpec): string | undefined {
  switch (f.type) {
    case 'string':
      return '"x"';
    case 'int32':
      return '3';
    case 'boolean':
      return 'true';
    case 'enum':
      return 'b';
    case 'struct':
      return '{}';
    default:
      return undefined;
  }
}

/**
 * One member of an interface in the input language, the JSON name quoted. `innerDefaultable`: the nested struct has no
 * required field, so `{}` is a valid default for it (else kubegen rightly refuses the default, KG4003).
 */
function member(f: FieldSpec, inner: string, innerDefaultable = false): string {
  const t = { string: 'string', int32: 'int32', boolean: 'boolean', enum: 'Choice', 'string[]': 'string[]', 'int32[]': 'int32[]', map: 'Record<string, string>', struct: inner, 'struct[]': `${inner}[]`, structMap: `Record<string, ${inner}>` }[f.type];
  const d = f.withDefault && (f.type !== 'struct' || innerDefaultable) ? defaultMarker(f) : undefined;
  // a required field with a default is what controller-gen calls optional-with-default: keep defaults on optional fields
  const lines = [d !== undefined && f.optional ? `  // +kubebuilder:default=${d}\n` : '', `  ${JSON.stringify(f.name)}${f.optional ? '?' : ''}: ${t};\n`];
  return lines.join('');
}

/** The files of one API group: a kind `Thing` whose spec has `spec` fields, one nested struct with `inner` fields. */
function apiSources(api: { spec: FieldSpec[]; inner: FieldSpec[] }): string {
  // the nested struct's own fields never reach a struct again (no recursion)
  const inner = api.inner.map((f) => (f.type.startsWith('struct') ? { ...f, type: 'string' as const } : f));
  const preamble = [
    "import type { int32 } from '@kubegen/runtime';",
    '',
    "/** +kubebuilder:validation:Enum=a;b;c */",
    "export type Choice = string;",
    '',
    '/** Inner is a nested struct. */',
    'export interface Inner {',
    ...inner.map((f) => member(f, 'Inner').replace(/\n$/, '')),
    '}',
  ].join('\n');
  const innerDefaultable = inner.every((f) => f.optional);
  return testKind('Thing', api.spec.map((f) => member(f, 'Inner', innerDefaultable)).join(''), preamble);
}

describe('generated code compiles for every valid API (fast-check)', () => {
  test('random APIs with JavaScript property names, reserved words and defaults: tsc --strict passes', () => {
    let batch = 0;
    fc.assert(
      fc.property(fc.array(apiArb, { minLength: BATCH, maxLength: BATCH }), (apis) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-compiles-${batch++}-`));
        try {
          const sources: string[] = [];
          apis.forEach((api, i) => {
            const group = `g${i}.example.com`;
            const apisDir = path.join(dir, `set${i}`, 'apis', group, 'v1');
            fs.mkdirSync(apisDir, { recursive: true });
            fs.writeFileSync(path.join(apisDir, 'doc.ts'), `// +groupName=${group}\n`);
            fs.writeFileSync(path.join(apisDir, 'thing.ts'), apiSources(api));
            const { model, diagnostics } = loadApiModel(path.join(dir, `set${i}`, 'apis'), REPO);
            expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
            const out = generateAll(model, { packageName: '@kubegen-generated/{group}', crd: {} });
            expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
            for (const f of out.files) {
              const file = path.join(dir, `set${i}`, 'out', f.path);
              fs.mkdirSync(path.dirname(file), { recursive: true });
              fs.writeFileSync(file, f.contents);
              if (/\/src\/.*\.ts$/.test(f.path)) sources.push(file);
            }
          });
          expect(sources.length).toBeGreaterThan(0);
          expect(typeCheck(sources)).toEqual([]);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('a default on a field named like an Object.prototype member compiles (the reported case)', () => {
    const fields: FieldSpec[] = ['toString', 'valueOf', 'constructor', 'hasOwnProperty'].map((name) => ({ name, type: 'string', optional: true, withDefault: true }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-compiles-'));
    try {
      const apisDir = path.join(dir, 'apis', 'p.example.com', 'v1');
      fs.mkdirSync(apisDir, { recursive: true });
      fs.writeFileSync(path.join(apisDir, 'doc.ts'), '// +groupName=p.example.com\n');
      fs.writeFileSync(path.join(apisDir, 'thing.ts'), apiSources({ spec: fields, inner: fields }));
      const { model, diagnostics } = loadApiModel(path.join(dir, 'apis'), REPO);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const out = generateAll(model, { packageName: '@kubegen-generated/{group}', crd: {}, generators: ['types', 'defaults', 'deepcopy', 'validation', 'applyconfigurations'] });
      const sources = out.files.map((f) => {
        const file = path.join(dir, 'out', f.path);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, f.contents);
        return file;
      }).filter((f) => f.endsWith('.ts'));
      expect(out.files.find((f) => f.path.endsWith('defaults.ts'))?.contents).toContain("'toString' satisfies keyof ThingSpec");
      expect(typeCheck(sources)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
