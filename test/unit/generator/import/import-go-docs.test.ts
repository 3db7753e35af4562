/**
 * `kubegen import openapi --go-docs <json>`: the Go side file (scripts/godocs) gives the imported types what the
 * official OpenAPI loses and controller-gen keeps — Go comment text with its line breaks (TODO and --- lines kept in
 * the TS doc, dropped by the loader like controller-gen), named scalar types (with +k8s:enum values), inline
 * embedding, the fields' Go order, +k8s:immutable, and defaults only where Go declares them. The whole of it, on
 * Kubernetes' own types, is the golden case test/golden/builtin (byte-equal to controller-gen).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../../../generator/cli';
import { formatProblem, importOpenApi } from '../../../../generator/import-check';
import { generateCrdFiles } from '../../../../generator/pipeline';
import { tempDir } from '../../helpers/generated';
import { present } from '../../helpers/present';

// This file loads TypeScript programs and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const P = 'io.k8s.api.demo.v1.';
const spec = {
  openapi: '3.0.0',
  components: {
    schemas: {
      [`${P}Widget`]: {
        description: 'Widget is a kind. Joined by openapi-gen.',
        type: 'object',
        'x-kubernetes-group-version-kind': [{ group: 'demo.example.com', version: 'v1', kind: 'Widget' }],
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }], default: {} },
          spec: { allOf: [{ $ref: `#/components/schemas/${P}WidgetSpec` }], default: {} },
        },
      },
      [`${P}WidgetSpec`]: {
        description: 'WidgetSpec is the spec.',
        type: 'object',
        required: ['name', 'zone'],
        properties: {
          name: { type: 'string', description: 'name of the reference.', default: '' },
          optional: { type: 'boolean', description: 'optional it is.' },
          phase: { type: 'string', description: 'phase of the widget.' },
          phases: { type: 'object', additionalProperties: { type: 'string', default: '' } },
          protocol: { type: 'string', description: 'protocol with a default.', default: 'TCP' },
          zone: { type: 'string', description: 'zone is immutable.', default: '' },
        },
      },
      [`${P}Reference`]: {
        description: 'Reference names an object.',
        type: 'object',
        properties: { name: { type: 'string', description: 'name of the reference.' } },
      },
      [`${P}Selection`]: {
        description: 'Selection embeds a runtime struct.',
        type: 'object',
        properties: {
          matchLabels: { type: 'object', additionalProperties: { type: 'string' } },
          weight: { type: 'integer', format: 'int32' },
        },
      },
      'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': { type: 'object' },
      'io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector': { type: 'object', properties: { matchLabels: { type: 'object', additionalProperties: { type: 'string' } } } },
    },
  },
};

const goDocs = {
  [`${P}Widget`]: { doc: 'Widget is a kind.\nIts Go comment has two lines.', embeds: ['io.k8s.apimachinery.pkg.apis.meta.v1.TypeMeta'], fields: { metadata: { doc: '' }, spec: { doc: 'spec of the widget.\nTODO: a note for maintainers.' } }, order: ['metadata', 'spec'] },
  [`${P}WidgetSpec`]: {
    doc: 'WidgetSpec is the spec.\n\n---\nText after the cut.',
    embeds: [`${P}Reference`],
    fields: {
      zone: { doc: 'zone is immutable.', markers: ['+required', '+k8s:immutable'] },
      phase: { doc: 'phase of the widget.', type: `${P}Phase`, markers: ['+optional'] },
      phases: { doc: '', type: `${P}Phase`, wrap: 'map' },
      protocol: { doc: 'protocol with a default.', markers: ['+default="TCP"'] },
      optional: { doc: 'optional it is.' },
    },
    order: ['zone', 'phase', 'phases', 'protocol', 'optional'],
  },
  [`${P}Reference`]: { doc: 'Reference names an object.', fields: { name: { doc: 'name of the reference.' } }, order: ['name'] },
  [`${P}Selection`]: { doc: 'Selection embeds a runtime struct.', embeds: ['io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector'], fields: { weight: { doc: 'weight of it.' } }, order: ['weight'] },
  [`${P}Phase`]: { doc: 'Phase is where a widget is.', markers: ['+enum', '+k8s:enum'], scalar: 'string', enum: ['Done', 'Running'] },
};

function run(side: unknown) {
  return importOpenApi([{ file: 'openapi.json', text: JSON.stringify(spec) }], { goDocs: { file: 'go-docs.json', text: JSON.stringify(side) } });
}

describe('import openapi --go-docs', () => {
  const result = run(goDocs);
  const types = result.files.find((f) => f.path === 'demo.example.com/v1/types.ts')?.contents ?? '';

  test('imports without errors', () => {
    expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
  });

  test('docs are the Go comment text, line breaks, TODO and --- lines kept', () => {
    expect(types).toContain('/**\n * Widget is a kind.\n * Its Go comment has two lines.\n * +genclient\n');
    expect(types).toContain('/**\n * WidgetSpec is the spec.\n *\n * ---\n * Text after the cut.\n */');
    expect(types).toContain('  /**\n   * spec of the widget.\n   * TODO: a note for maintainers.\n   */');
  });

  test('named scalar types become aliases with their +k8s:enum values; embedded structs become extends; Go order', () => {
    expect(types).toContain("/** Phase is where a widget is. */\nexport type Phase = 'Done' | 'Running';");
    // an embedded struct whose declaration is the runtime's
    expect(types).toContain('export interface Selection extends LabelSelector {\n  /** weight of it. */\n  weight?: int32;\n}');
    expect(types).toMatch(/export interface WidgetSpec extends Reference \{\n {2}\/\*\* zone is immutable\. \*\/\n {2}\/\/ \+k8s:immutable|export interface WidgetSpec extends Reference \{\n {2}\/\*\*\n {3}\* zone is immutable\.\n {3}\* \+k8s:immutable\n {3}\*\/\n {2}zone: string;\n {2}\/\*\* phase of the widget\. \*\/\n {2}phase\?: Phase;\n {2}phases\?: Record<string, Phase>;/);
  });

  test('defaults stay only where Go declares one', () => {
    expect(types).toContain('   * +default="TCP"\n');
    expect(types).not.toContain("+default=\"\"");
  });

  test('the CRD reads like controller-gen reads the Go type', () => {
    const dir = tempDir('go-docs');
    for (const f of result.files) {
      fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      fs.writeFileSync(path.join(dir, f.path), f.contents);
    }
    const crd = present(generateCrdFiles(dir)[0], 'the generated CRD');
    expect(crd.contents).toContain('description: |-\n          Widget is a kind.\n          Its Go comment has two lines.\n');
    expect(crd.contents).toContain('description: spec of the widget.\n');
    expect(crd.contents).not.toContain('TODO');
    expect(crd.contents).not.toContain('Text after the cut');
    expect(crd.contents).toMatch(/- message: field is immutable\n\s+rule: self == oldSelf\n/);
    expect(crd.contents).toContain('description: name of the reference.\n'); // the embedded Reference's field
    expect(crd.contents).toMatch(/phases:\n\s+additionalProperties:\n\s+description: Phase is where a widget is.\n\s+enum:\n\s+- Done\n\s+- Running\n/);
  });

  test('a malformed side file is one located error and nothing is imported', () => {
    const bad = run({ [`${P}Widget`]: { doc: 1 }, [`${P}WidgetSpec`]: { doc: '', fields: { zone: { doc: '', wrap: 'set' } } } });
    expect(bad.files).toEqual([]);
    expect(bad.problems.map(formatProblem)).toEqual([
      'go-docs.json:1:2: ["io.k8s.api.demo.v1.Widget"]: expected {doc: string, markers?: string[], scalar?: string|integer|number|boolean, embeds?: string[], enum?: string[], order?: string[], fields?: {…}}',
      'go-docs.json:1:92: ["io.k8s.api.demo.v1.WidgetSpec"].fields.zone: expected {doc: string, markers?: string[], type?: string, wrap?: ""|"array"|"map", tag?: string, pointer?: boolean}',
    ]);
  });

  test("optionality is the Go field's (omitempty, omitzero, pointer); the schema's required list stays the OpenAPI's", () => {
    const side = {
      ...goDocs,
      [`${P}WidgetSpec`]: {
        ...goDocs[`${P}WidgetSpec`],
        fields: {
          zone: { doc: 'zone is immutable.', markers: ['+required'], tag: 'zone,omitempty' }, // OpenAPI required, Go omitempty
          phase: { doc: 'phase of the widget.', markers: ['+optional'], tag: 'phase' }, // OpenAPI optional, Go always written
          phases: { doc: '', tag: 'phases', pointer: true }, // a pointer: nil is written as null
          protocol: { doc: 'protocol with a default.', tag: 'protocol,omitzero' },
          optional: { doc: 'optional it is.' }, // no tag: the OpenAPI decides
        },
      },
      [`${P}Reference`]: { doc: 'Reference names an object.', fields: { name: { doc: 'name of the reference.', tag: 'name' } }, order: ['name'] },
    };
    const r = run(side);
    expect(r.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
    const out = r.files.find((f) => f.path === 'demo.example.com/v1/types.ts')!.contents;
    expect(out).toMatch(/ \* \+required\n {3}\*\/\n {2}zone\?: string;\n/);
    expect(out).toMatch(/ \* \+optional\n {3}\*\/\n {2}phase: string;\n/);
    expect(out).toContain('  phases?: Record<string, string>;\n');
    expect(out).toContain('  protocol?: string;\n');
    expect(out).toContain('  optional?: boolean;\n');
    expect(out).toContain('export interface Reference {\n  /**\n   * name of the reference.\n   * +optional\n   */\n  name: string;\n');
    const dir = tempDir('go-docs-optional');
    for (const f of r.files) {
      fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      fs.writeFileSync(path.join(dir, f.path), f.contents);
    }
    // the CRD requires what the OpenAPI requires (zone, not phase), as controller-gen reads the markers
    const crd = present(generateCrdFiles(dir)[0], 'the generated CRD');
    expect(crd.contents).toMatch(/required:\n\s+- zone\n/);
    expect(crd.contents).not.toMatch(/- phase\n/);
  });

  test('the command line takes --go-docs for openapi only', async () => {
    const dir = tempDir('go-docs-cli');
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(spec));
    fs.writeFileSync(path.join(dir, 'go-docs.json'), JSON.stringify(goDocs));
    const io = { out: jest.fn(), err: jest.fn() };
    expect(await main(['import', 'openapi', 'openapi.json', '--go-docs', 'go-docs.json', '--out', 'apis'], io, dir)).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'apis', 'demo.example.com', 'v1', 'types.ts'), 'utf8')).toBe(types);
    const io2 = { out: jest.fn(), err: jest.fn() };
    expect(await main(['import', 'crd', 'openapi.json', '--go-docs', 'go-docs.json', '--out', 'apis2'], io2, dir)).toBe(2);
    expect(io2.err.mock.calls.join('')).toContain('--go-docs applies to import openapi only');
    expect(fs.existsSync(path.join(dir, 'apis2'))).toBe(false);
  });
});
