/**
 * The conversion planner's diagnostics about fields one version has and another lacks (KG5103, conversion-gen's
 * "requires manual conversion"), as a table: each case is a group `ex.example.com` with a hub `v1` and a spoke
 * `v1beta1` (and `v1alpha1` where given), optionally a hand-written `v1beta1/conversion.ts`; `want` lists every
 * KG5103 as `<field's file:line:col> <message head> | <related location>`. What the generated code does with such
 * a field (keeps it in the annotation, round trip) is unchanged: see conversion.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiagnosticBag, formatDiagnostic } from '../../../../../generator/diagnostics';
import { planGroupConversion, type FieldStep, type GroupConversionPlan } from '../../../../../generator/emit/shared/conversion-plan';
import { loadApiModel } from '../../../../../generator/pipeline';
import { ModelIndex } from '../../../../../generator/render';
import { tempDir } from '../../../helpers/generated';
import { present } from '../../../helpers/present';

jest.setTimeout(60_000);

const GROUP = 'ex.example.com';

/** A kind `Widget` whose spec is `spec` (a TypeScript body) plus extra declarations. */
function widget(version: string, spec: string, extra = '', storage = false): string {
  return [
    "import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';",
    '',
    '/**',
    ' * +kubebuilder:object:root=true',
    ...(storage ? [' * +kubebuilder:storageversion'] : []),
    ' */',
    'export interface Widget extends TypeMeta {',
    '  metadata?: ObjectMeta;',
    '  spec?: WidgetSpec;',
    '}',
    '',
    'export interface WidgetSpec {',
    ...spec
      .trim()
      .split('\n')
      .map((l) => `  ${l.trim()}`),
    '}',
    ...(extra ? ['', extra.trim()] : []),
    '',
  ].join('\n');
}

interface Case {
  name: string;
  /** version → [spec body, extra declarations]; v1 is the hub. */
  given: Record<string, [string, string?]>;
  /** The hand-written v1beta1/conversion.ts, if any. */
  conversion?: string;
  /** KG5103 diagnostics, formatted (the message cut after its first clause), in file order. */
  want: string[];
  /** Other diagnostics expected (formatted, first line), default none. */
  others?: string[];
  /** Checks of the plan itself. */
  check?: (plan: GroupConversionPlan) => void;
}

/** Field name → action of the planned conversion of `type` from one version to another. */
function steps(plan: GroupConversionPlan, from: string, to: string, type: string): Record<string, FieldStep['action']> {
  const pairs = plan.spokes.flatMap((s) => [...s.pairs.values()]).filter((p) => p.fromSide.version === from && p.toSide.version === to && p.from.name === type);
  expect(pairs.length).toBe(1);
  return Object.fromEntries(present(pairs[0], `the ${type} conversion ${from} → ${to}`).steps.map((st) => [st.field.name, st.action]));
}

const HEAD = (d: string) => d.replace(/, so converting to .*$/s, '');

const cases: Case[] = [
  {
    name: 'an optional field renamed: both places, both directions',
    given: { v1: ['paused?: boolean;\nimage?: string;'], v1beta1: ['suspend?: boolean;\nimage?: string;'] },
    want: [
      'apis/ex.example.com/v1/widget.ts:13:3 - warning KG5103: field v1 WidgetSpec.paused has no counterpart in v1beta1 WidgetSpec | apis/ex.example.com/v1beta1/widget.ts:11:18 - v1beta1 WidgetSpec, which has no field paused',
      'apis/ex.example.com/v1beta1/widget.ts:12:3 - warning KG5103: field v1beta1 WidgetSpec.suspend has no counterpart in v1 WidgetSpec | apis/ex.example.com/v1/widget.ts:12:18 - v1 WidgetSpec, which has no field suspend',
    ],
    // reported, and still kept in the annotation (the round trip is unchanged)
    check: (plan) => {
      expect(steps(plan, 'v1beta1', 'v1', 'WidgetSpec')).toEqual({ suspend: 'keep', image: 'convert' });
      expect(steps(plan, 'v1', 'v1beta1', 'WidgetSpec')).toEqual({ paused: 'keep', image: 'convert' });
    },
  },
  {
    name: 'a field only the spoke has, optional',
    given: { v1: ['image?: string;'], v1beta1: ['image?: string;\nnote?: string;'] },
    want: ['apis/ex.example.com/v1beta1/widget.ts:13:3 - warning KG5103: field v1beta1 WidgetSpec.note has no counterpart in v1 WidgetSpec | apis/ex.example.com/v1/widget.ts:12:18 - v1 WidgetSpec, which has no field note'],
  },
  {
    name: 'a nested field renamed, in a struct reached through an array',
    given: {
      v1: ['ports?: Port[];', 'export interface Port {\n  containerPort?: number;\n  name?: string;\n}'],
      v1beta1: ['ports?: Port[];', 'export interface Port {\n  port?: number;\n  name?: string;\n}'],
    },
    want: [
      'apis/ex.example.com/v1/widget.ts:17:3 - warning KG5103: field v1 Port.containerPort has no counterpart in v1beta1 Port | apis/ex.example.com/v1beta1/widget.ts:15:18 - v1beta1 Port, which has no field containerPort',
      'apis/ex.example.com/v1beta1/widget.ts:16:3 - warning KG5103: field v1beta1 Port.port has no counterpart in v1 Port | apis/ex.example.com/v1/widget.ts:16:18 - v1 Port, which has no field port',
    ],
  },
  {
    name: 'a field of an inline object type: the lacking side is the field holding the type',
    given: { v1: ['limits?: { cpu?: string; memory?: string };'], v1beta1: ['limits?: { cpu?: string };'] },
    want: ['apis/ex.example.com/v1/widget.ts:13:28 - warning KG5103: field v1 WidgetSpec.limits.memory has no counterpart in v1beta1 WidgetSpec.limits | apis/ex.example.com/v1beta1/widget.ts:12:3 - v1beta1 WidgetSpec.limits, which has no field memory'],
  },
  {
    name: 'a field whose struct type only one version has: one warning, none for the fields inside',
    given: { v1: ['image?: string;'], v1beta1: ['image?: string;\nextra?: Extra;', 'export interface Extra {\n  a?: string;\n  b?: string;\n}'] },
    want: ['apis/ex.example.com/v1beta1/widget.ts:13:3 - warning KG5103: field v1beta1 WidgetSpec.extra has no counterpart in v1 WidgetSpec | apis/ex.example.com/v1/widget.ts:12:18 - v1 WidgetSpec, which has no field extra'],
  },
  {
    name: 'an embedded field (extends): at its declaration in the embedded type',
    given: {
      v1: ['holder?: Holder;', 'export interface Holder {\n  x?: string;\n}'],
      v1beta1: ['holder?: Holder;', 'export interface Common {\n  legacy?: boolean;\n}\n\nexport interface Holder extends Common {\n  x?: string;\n}'],
    },
    want: ['apis/ex.example.com/v1beta1/widget.ts:16:3 - warning KG5103: field v1beta1 Holder.legacy has no counterpart in v1 Holder | apis/ex.example.com/v1/widget.ts:16:18 - v1 Holder, which has no field legacy'],
  },
  {
    name: 'a rename handled by hand-written functions in both directions: no warning',
    given: { v1: ['schedule?: string;'], v1beta1: ['cron?: string;'] },
    conversion: [
      "import type { WidgetSpec } from './widget';",
      "import type { WidgetSpec as Hub } from '../v1/widget';",
      'export function convert_v1beta1_WidgetSpec_cron_To_v1(in_: WidgetSpec, out: Hub): void {',
      '  out.schedule = in_.cron;',
      '}',
      'export function convert_v1_WidgetSpec_schedule_To_v1beta1(in_: Hub, out: WidgetSpec): void {',
      '  out.cron = in_.schedule;',
      '}',
    ].join('\n'),
    want: [],
  },
  {
    name: 'a rename handled in one direction only: the other still warns',
    given: { v1: ['schedule?: string;'], v1beta1: ['cron?: string;'] },
    conversion: [
      "import type { WidgetSpec } from './widget';",
      "import type { WidgetSpec as Hub } from '../v1/widget';",
      'export function convert_v1beta1_WidgetSpec_cron_To_v1(in_: WidgetSpec, out: Hub): void {',
      '  out.schedule = in_.cron;',
      '}',
    ].join('\n'),
    want: ['apis/ex.example.com/v1/widget.ts:13:3 - warning KG5103: field v1 WidgetSpec.schedule has no counterpart in v1beta1 WidgetSpec | apis/ex.example.com/v1beta1/widget.ts:11:18 - v1beta1 WidgetSpec, which has no field schedule'],
  },
  {
    name: 'a field marked +k8s:conversion-gen=false: no warning, still converted where the other version declares it',
    given: {
      v1: ['image?: string;\n/**\n * Not in v1alpha1.\n * +k8s:conversion-gen=false\n */\ntimeZone?: string;'],
      v1beta1: ['image?: string;\ntimeZone?: string;'],
      v1alpha1: ['image?: string;'],
    },
    want: [],
    check: (plan) => {
      expect(steps(plan, 'v1', 'v1alpha1', 'WidgetSpec')).toEqual({ image: 'convert', timeZone: 'keep' });
      expect(steps(plan, 'v1', 'v1beta1', 'WidgetSpec')).toEqual({ image: 'convert', timeZone: 'convert' });
    },
  },
  {
    name: 'a required field renamed: the errors as before, and the warnings of both sides',
    given: { v1: ['schedule: string;'], v1beta1: ['cronSpec: string;'] },
    want: [
      'apis/ex.example.com/v1/widget.ts:13:3 - warning KG5103: field v1 WidgetSpec.schedule has no counterpart in v1beta1 WidgetSpec | apis/ex.example.com/v1beta1/widget.ts:11:18 - v1beta1 WidgetSpec, which has no field schedule',
      'apis/ex.example.com/v1beta1/widget.ts:12:3 - warning KG5103: field v1beta1 WidgetSpec.cronSpec has no counterpart in v1 WidgetSpec | apis/ex.example.com/v1/widget.ts:12:18 - v1 WidgetSpec, which has no field cronSpec',
    ],
    others: [
      'apis/ex.example.com/v1/widget.ts:13:3 - error KG5004: required field v1 WidgetSpec.schedule has no counterpart in v1beta1 WidgetSpec: export function convert_v1beta1_WidgetSpec_cronSpec_To_v1(in_, out) from apis/ex.example.com/v1beta1/conversion.ts',
      'apis/ex.example.com/v1beta1/widget.ts:12:3 - error KG5004: required field v1beta1 WidgetSpec.cronSpec has no counterpart in v1 WidgetSpec: export function convert_v1_WidgetSpec_schedule_To_v1beta1(in_, out) from apis/ex.example.com/v1beta1/conversion.ts',
    ],
  },
];

function load(c: Case): { plan: GroupConversionPlan; diagnostics: DiagnosticBag } {
  const cwd = tempDir('conversion-plan');
  for (const [version, [spec, extra]] of Object.entries(c.given)) {
    const dir = path.join(cwd, 'apis', GROUP, version);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'doc.ts'), `// +groupName=${GROUP}\n`);
    fs.writeFileSync(path.join(dir, 'widget.ts'), widget(version, spec, extra, version === 'v1'));
  }
  if (c.conversion !== undefined) fs.writeFileSync(path.join(cwd, 'apis', GROUP, 'v1beta1', 'conversion.ts'), c.conversion + '\n');
  const { model, diagnostics: loaded } = loadApiModel(path.join(cwd, 'apis'), cwd);
  expect(loaded.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
  const diagnostics = new DiagnosticBag();
  return { plan: planGroupConversion(new ModelIndex(model), GROUP, diagnostics), diagnostics };
}

describe('conversion planner: fields one version lacks (KG5103)', () => {
  it.each(cases)('$name', (c) => {
    const { plan, diagnostics } = load(c);
    const got = diagnostics
      .sorted()
      .filter((d) => d.code === 'KG5103')
      .map((d) => {
        const [first = '', ...related] = formatDiagnostic(d).split('\n');
        return [HEAD(first), ...related.map((r) => r.trim())].join(' | ');
      });
    expect(got).toEqual(c.want);
    expect(
      diagnostics
        .sorted()
        .filter((d) => d.code !== 'KG5103')
        .map((d) => formatDiagnostic(d).split('\n')[0]),
    ).toEqual(c.others ?? []);
    c.check?.(plan);
  });
});
