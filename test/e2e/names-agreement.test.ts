/**
 * Agreement with the real kube-apiserver on what kubegen refuses before writing a CRD: selectable field paths
 * (`selectableFieldProblems`) and printer columns (`+kubebuilder:printcolumn` argument checks). Each row goes to the
 * apiserver in a CRD created with `dryRun=All`; the apiserver's verdict must equal kubegen's, and where both refuse,
 * the apiserver's message contains kubegen's detail. Prints the table.
 */
import { useE2e } from './support/namespace';
import { selectableFieldProblems } from '../../generator/emit/crd';
import { parseMarker } from '../../generator/markers';
import type { JSONSchemaProps } from '../../generator/core/schema';

const e2e = useE2e(__filename);

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      properties: {
        size: { type: 'integer', format: 'int32' },
        name: { type: 'string' },
        mode: { type: 'string', enum: ['a', 'b'] },
        ratio: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        nested: { type: 'object', properties: { flag: { type: 'boolean' } } },
      },
    },
  },
};

function crd(version: Record<string, unknown>): unknown {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.agreement.kubegen.io' },
    spec: {
      group: 'agreement.kubegen.io',
      names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema }, ...version }],
    },
  };
}

async function apiserverVerdict(version: Record<string, unknown>): Promise<{ accepted: boolean; message: string }> {
  const res = await e2e.kube.post<{ message?: string }>('/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All', crd(version));
  if (res.status !== 201 && res.status !== 422) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
  return { accepted: res.status === 201, message: res.body.message ?? '' };
}

const lines: string[] = [];
afterAll(() => {
  const agree = lines.filter((l) => l.startsWith('agree')).length;
  process.stdout.write(`CRD name and path agreement (apiserver vs kubegen): ${agree}/${lines.length}\n${lines.join('\n')}\n`);
});

const SELECTABLE: string[][] = [
  ['.spec.size'],
  ['.spec.name'],
  ['.spec.mode'],
  ['.spec.nested.flag'],
  ['.spec.labels.app'],
  ['.spec.sise'],
  ['.spec.ratio'],
  ['.spec.tags'],
  ['.spec'],
  [".spec['size']"],
  ['.metadata.name'],
  ['spec.size'],
  ['.spec.size.x'],
  ['.spec.size', '.spec.size'],
  ['.spec.size', '.spec.name', '.spec.mode', '.spec.nested.flag', '.spec.labels.a', '.spec.labels.b', '.spec.labels.c', '.spec.labels.d', '.spec.labels.e'],
];

describe('selectable fields: the apiserver agrees with kubegen', () => {
  test.each(SELECTABLE.map((paths) => [paths.join(' '), paths] as const))('%s', async (_name, paths) => {
    const ours = selectableFieldProblems(paths, schema);
    const theirs = await apiserverVerdict({ selectableFields: paths.map((jsonPath) => ({ jsonPath })) });
    const same = theirs.accepted === (ours.length === 0);
    lines.push(`${same ? 'agree   ' : 'DISAGREE'} selectableFields ${paths.join(' ')}: ${theirs.accepted ? 'accepted' : theirs.message}`);
    expect(theirs.accepted).toBe(ours.length === 0);
    for (const p of ours) expect(theirs.message).toContain(p.detail);
  });
});

const COLUMNS = [
  'name=Size,type=integer,JSONPath=`.spec.size`',
  'name=Age,type=date,JSONPath=`.metadata.creationTimestamp`,format=date-time',
  'name=Tags,type=string,JSONPath=`.spec.tags[0]`',
  'name=Size,type=integer,JSONPath=`spec.size`',
  'name="",type=integer,JSONPath=`.spec.size`',
  'name=Size,type=integer,JSONPath=`.spec.size`,format=time',
  'name=Size,type=object,JSONPath=`.spec.size`',
];

describe('printer columns: the apiserver agrees with kubegen', () => {
  test.each(COLUMNS)('%s', async (args) => {
    const span = { file: 'x.ts', line: 1, column: 1 };
    const ours = parseMarker(`+kubebuilder:printcolumn:${args}`, span, 'type');
    let column: Record<string, unknown> | undefined;
    if (ours.kind === 'marker') {
      const v = ours.marker.value as Record<string, unknown>;
      column = { name: v.name, type: v.type, jsonPath: v.JSONPath, ...(v.format !== undefined ? { format: v.format } : {}) };
    } else {
      // kubegen refused the marker: send the column as written, to see the apiserver refuse it too
      // the two groups of the alternatives that did not match are undefined at run time (the array's type says string)
      const get = (k: string) => new RegExp(`(?:^|,)${k}=(?:\`([^\`]*)\`|"([^"]*)"|([^,]*))`).exec(args)?.slice(1).find((x: string | undefined) => x !== undefined);
      column = { name: get('name'), type: get('type'), jsonPath: get('JSONPath'), ...(get('format') !== undefined ? { format: get('format') } : {}) };
    }
    const theirs = await apiserverVerdict({ additionalPrinterColumns: [column] });
    const same = theirs.accepted === (ours.kind === 'marker');
    lines.push(`${same ? 'agree   ' : 'DISAGREE'} printcolumn ${args}: ${theirs.accepted ? 'accepted' : theirs.message}`);
    expect(theirs.accepted).toBe(ours.kind === 'marker');
  });
});
