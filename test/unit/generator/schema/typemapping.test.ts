/**
 * The type-mapping table of the input language, row by row: a property's TypeScript type → its schema
 * (`given` the declaration, `want` the property schema in the generated CRD), and each rejected form → its error.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatDiagnostic } from '../../../../generator/diagnostics';
import { DiagnosticBag } from '../../../../generator/diagnostics';
import { buildCrds } from '../../../../generator/emit/crd';
import { loadApiModel } from '../../../../generator/pipeline';
import type { JSONSchemaProps } from '../../../../generator/core/schema';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const HEADER = `import type { ObjectMeta, TypeMeta, int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, RawExtension, JSON, Bytes, Condition, LabelSelector } from '@kubegen/runtime';
export type Phase = 'Pending' | 'Running';
export enum Color { Red = 'red', Green = 'green' }
export enum Level { Low = 1, High = 2 }
export interface Inner { a: string; b?: int32 }
export interface Extra { c?: boolean }
/** +kubebuilder:object:root=true */
export interface Probe extends TypeMeta {
  metadata?: ObjectMeta;
  spec: ProbeSpec;
}
`;

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-typemap-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
/** Compile `export interface ProbeSpec { <body> }` and return the spec schema, or the diagnostics. */
function compile(body: string): { spec?: JSONSchemaProps; errors: string[] } {
  const root = path.join(tmp, String(counter++));
  const dir = path.join(root, 'probe.example.com', 'v1');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'doc.ts'), '// +groupName=probe.example.com\n');
  fs.writeFileSync(path.join(dir, 'types.ts'), `${HEADER}export interface ProbeSpec {\n${body}\n}\n`);
  const { model, diagnostics } = loadApiModel(root, root);
  const bag = new DiagnosticBag();
  bag.addAll(diagnostics);
  const crds = bag.hasErrors() ? [] : buildCrds(model, {}, bag);
  const errors = bag.items.filter((d) => d.severity === 'error').map(formatDiagnostic);
  const versions = crds[0]?.crd.spec.versions as Array<{ schema: { openAPIV3Schema: JSONSchemaProps } }> | undefined;
  return { spec: versions?.[0]?.schema.openAPIV3Schema.properties?.spec, errors };
}

const intOrString: JSONSchemaProps = { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true };

const rows: Array<{ given: string; want: JSONSchemaProps }> = [
  { given: 'x: string', want: { type: 'string' } },
  { given: 'x: boolean', want: { type: 'boolean' } },
  { given: 'x: number', want: { type: 'number' } },
  { given: 'x: float64', want: { type: 'number' } },
  { given: 'x: int32', want: { type: 'integer', format: 'int32' } },
  { given: 'x: int64', want: { type: 'integer', format: 'int64' } },
  { given: "x: 'A' | 'B'", want: { type: 'string', enum: ['A', 'B'] } },
  { given: 'x: Phase', want: { type: 'string', enum: ['Pending', 'Running'] } },
  { given: 'x: Color', want: { type: 'string', enum: ['red', 'green'] } },
  { given: 'x: Level', want: { type: 'integer', format: 'int32', enum: [1, 2] } },
  { given: 'x: 1 | 2 | 3', want: { type: 'integer', format: 'int32', enum: [1, 2, 3] } },
  { given: 'x: string[]', want: { type: 'array', items: { type: 'string' } } },
  { given: 'x: Array<int32>', want: { type: 'array', items: { type: 'integer', format: 'int32' } } },
  { given: 'x: ReadonlyArray<boolean>', want: { type: 'array', items: { type: 'boolean' } } },
  { given: 'x: Record<string, string>', want: { type: 'object', additionalProperties: { type: 'string' } } },
  { given: 'x: { [key: string]: int64 }', want: { type: 'object', additionalProperties: { type: 'integer', format: 'int64' } } },
  {
    given: 'x: Inner',
    want: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', format: 'int32' } }, required: ['a'] },
  },
  { given: 'x: { y: string; z?: boolean }', want: { type: 'object', properties: { y: { type: 'string' }, z: { type: 'boolean' } }, required: ['y'] } },
  {
    given: 'x: Inner & Extra',
    want: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', format: 'int32' }, c: { type: 'boolean' } }, required: ['a'] },
  },
  { given: 'x: string | null', want: { type: 'string', nullable: true } },
  { given: 'x: Time', want: { type: 'string', format: 'date-time' } },
  { given: 'x: MicroTime', want: { type: 'string', format: 'date-time' } },
  { given: 'x: Duration', want: { type: 'string' } },
  { given: 'x: Bytes', want: { type: 'string', format: 'byte' } },
  { given: 'x: IntOrString', want: intOrString },
  {
    given: 'x: Quantity',
    want: {
      ...intOrString,
      pattern: '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
    },
  },
  { given: 'x: RawExtension', want: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
  { given: 'x: JSON', want: { 'x-kubernetes-preserve-unknown-fields': true } },
  { given: 'x: unknown', want: { 'x-kubernetes-preserve-unknown-fields': true } },
  { given: 'x: ObjectMeta', want: { type: 'object' } },
];

describe('type mapping', () => {
  test.each(rows)('$given', ({ given, want }) => {
    const { spec, errors } = compile(given);
    expect(errors).toEqual([]);
    expect(spec?.properties?.x).toEqual(want);
    // No `?`: required, `x: T | null` included (Go's `*T` without omitempty).
    expect(spec?.required).toEqual(['x']);
  });

  test('well-known structs keep their upstream schema shape', () => {
    const { spec, errors } = compile('conditions?: Condition[]; selector?: LabelSelector');
    expect(errors).toEqual([]);
    const condition = spec?.properties?.conditions?.items;
    expect(condition?.required).toEqual(['lastTransitionTime', 'message', 'reason', 'status', 'type']);
    expect(condition?.properties?.status?.enum).toEqual(['True', 'False', 'Unknown']);
    expect(spec?.properties?.selector?.['x-kubernetes-map-type']).toBe('atomic');
  });

  test('x?: T is optional, +required wins over ?, +optional wins over a required property', () => {
    const { spec } = compile('a?: string\n/** +required */\nb?: string\n/** +optional */\nc: string');
    expect(spec?.required).toEqual(['b']);
  });
});

const rejected: Array<{ given: string; want: RegExp }> = [
  { given: 'x: any', want: /`any` is not allowed/ },
  { given: 'x: Date', want: /`Date` is not allowed: use Time/ },
  { given: 'x: bigint', want: /`bigint` is not allowed/ },
  { given: 'x: symbol', want: /`symbol` cannot be serialised/ },
  { given: 'x: [string, int32]', want: /tuples are not allowed/ },
  { given: 'x: () => void', want: /functions are not allowed/ },
  { given: 'x: string | int32', want: /unions other than of literals/ },
  { given: 'x: Record<number, string>', want: /Record keys must be `string`/ },
  { given: 'x: { [k: number]: string }', want: /index signatures must be keyed by string/ },
  { given: 'x(): string', want: /methods are not allowed/ },
  { given: 'x: Missing', want: /cannot resolve type `Missing`/ },
  { given: 'x: Map<string, string>', want: /`Map<string, string>` is not supported/ },
  { given: 'x: `a-${string}`', want: /template literal types are not allowed/ },
];

describe('rejected types', () => {
  test.each(rejected)('$given', ({ given, want }) => {
    const { errors } = compile(given);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(want);
    expect(errors[0]).toMatch(/probe\.example\.com\/v1\/types\.ts:\d+:\d+ - error KG\d{4}: /);
  });
});
