/**
 * Every sample CRD generated from `apis/` checked semantically: valid sample objects are accepted and objects
 * breaking one constraint each (minimum, maximum, pattern, enum, required, type, minItems, format) are rejected by
 * ajv (`validateAgainst`) on the CRD's `openAPIV3Schema`, in every served version.
 */
import * as path from 'node:path';
import { parse } from 'yaml';
import { generateCrdFiles } from '../../../../generator/pipeline';
import type { JSONSchemaProps } from '../../../../generator/core/schema';
import { validateAgainst } from '../../../../generator/schema/validate';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

interface Crd {
  spec: { names: { kind: string }; group: string; versions: Array<{ name: string; schema: { openAPIV3Schema: JSONSchemaProps } }> };
}

const crds: Crd[] = generateCrdFiles(path.join(__dirname, '..', '..', '..', '..', 'apis')).map((f) => parse(f.contents) as Crd);

/** The schema of `kind` in each of its versions (or only in `version`). */
function schemas(kind: string, version?: string): Array<[string, JSONSchemaProps]> {
  const crd = crds.find((c) => c.spec.names.kind === kind);
  if (!crd) throw new Error(`no CRD for ${kind}`);
  const versions = crd.spec.versions.filter((v) => version === undefined || v.name === version);
  if (versions.length === 0) throw new Error(`no version ${version} of ${kind}`);
  return versions.map((v) => [`${crd.spec.group}/${v.name}`, v.schema.openAPIV3Schema]);
}

interface Sample {
  kind: string;
  /** Only this version (when the versions' schemas differ). */
  version?: string;
  valid: Record<string, unknown>[];
  /** [what is wrong, the object, a fragment of ajv's message]. */
  invalid: Array<[string, Record<string, unknown>, string]>;
}

const meta = { metadata: { name: 'sample' } };

const samples: Sample[] = [
  {
    kind: 'CronTab',
    version: 'v1beta1',
    valid: [
      { ...meta, spec: { cronSpec: '*/5 * * * *', image: 'my-cron-image' } },
      { apiVersion: 'stable.example.com/v1beta1', kind: 'CronTab', ...meta, spec: { cronSpec: '0 0 * * 1', image: 'x', replicas: 3 }, status: { lastScheduleTime: 'now' } },
    ],
    invalid: [
      ['pattern: cronSpec has 3 fields', { ...meta, spec: { cronSpec: '* * *', image: 'x' } }, 'must match pattern'],
      ['minimum: replicas 0', { ...meta, spec: { cronSpec: '* * * * *', image: 'x', replicas: 0 } }, 'must be >= 1'],
      ['required: no image', { ...meta, spec: { cronSpec: '* * * * *' } }, "must have required property 'image'"],
      ['required: no spec', { ...meta }, "must have required property 'spec'"],
      ['type: replicas a string', { ...meta, spec: { cronSpec: '* * * * *', image: 'x', replicas: '3' } }, 'must be integer'],
      ['format: replicas beyond int32', { ...meta, spec: { cronSpec: '* * * * *', image: 'x', replicas: 2 ** 31 + 1 } }, 'must match format "int32"'],
      ['type: metadata not an object', { metadata: 'x', spec: { cronSpec: '* * * * *', image: 'x' } }, 'must be object'],
    ],
  },
  {
    kind: 'CronTab',
    version: 'v1',
    valid: [
      { ...meta, spec: { schedule: '*/5 * * * *', image: 'my-cron-image' } },
      { apiVersion: 'stable.example.com/v1', kind: 'CronTab', ...meta, spec: { schedule: '0 0 * * 1', image: 'x', replicas: 3 }, status: { lastScheduleTime: 'now' } },
    ],
    invalid: [
      ['pattern: schedule has 3 fields', { ...meta, spec: { schedule: '* * *', image: 'x' } }, 'must match pattern'],
      ['minimum: replicas 0', { ...meta, spec: { schedule: '* * * * *', image: 'x', replicas: 0 } }, 'must be >= 1'],
      ['required: no image', { ...meta, spec: { schedule: '* * * * *' } }, "must have required property 'image'"],
      ['required: no spec', { ...meta }, "must have required property 'spec'"],
      ['type: replicas a string', { ...meta, spec: { schedule: '* * * * *', image: 'x', replicas: '3' } }, 'must be integer'],
      ['format: replicas beyond int32', { ...meta, spec: { schedule: '* * * * *', image: 'x', replicas: 2 ** 31 + 1 } }, 'must match format "int32"'],
      ['type: metadata not an object', { metadata: 'x', spec: { schedule: '* * * * *', image: 'x' } }, 'must be object'],
    ],
  },
  {
    kind: 'User',
    valid: [
      { ...meta, spec: { userID: 1, groups: ['admins'] } },
      { ...meta, spec: { userID: 65535, groups: ['a', 'b'], email: 'ada@example.com', password: 's3cret' }, status: { active: true } },
    ],
    invalid: [
      ['minimum: userID 0', { ...meta, spec: { userID: 0, groups: ['a'] } }, 'must be >= 1'],
      ['maximum: userID 65536', { ...meta, spec: { userID: 65536, groups: ['a'] } }, 'must be <= 65535'],
      ['minItems: no groups', { ...meta, spec: { userID: 1, groups: [] } }, 'must NOT have fewer than 1 items'],
      ['required: no userID', { ...meta, spec: { groups: ['a'] } }, "must have required property 'userID'"],
      ['required: no groups', { ...meta, spec: { userID: 1 } }, "must have required property 'groups'"],
      ['format: email', { ...meta, spec: { userID: 1, groups: ['a'], email: 'not an email' } }, 'must match format "email"'],
      ['type: groups of numbers', { ...meta, spec: { userID: 1, groups: [1] } }, 'must be string'],
      ['type: active a string', { ...meta, spec: { userID: 1, groups: ['a'] }, status: { active: 'yes' } }, 'must be boolean'],
    ],
  },
  {
    kind: 'App',
    valid: [{ ...meta, spec: { port: 8080 } }, { ...meta, spec: { port: 1, path: '/api' } }],
    invalid: [
      ['minimum: port 0', { ...meta, spec: { port: 0 } }, 'must be >= 1'],
      ['maximum: port 70000', { ...meta, spec: { port: 70000 } }, 'must be <= 65535'],
      ['pattern: relative path', { ...meta, spec: { port: 80, path: 'api' } }, 'must match pattern "^/"'],
      ['required: no port', { ...meta, spec: { path: '/' } }, "must have required property 'port'"],
      ['type: port a float', { ...meta, spec: { port: 80.5 } }, 'must be integer'],
    ],
  },
  {
    kind: 'EtcdCluster',
    valid: [
      { ...meta, spec: { size: 3 } },
      { ...meta, spec: { size: 9, version: '3.5.9', repository: 'quay.io/coreos/etcd' }, status: { size: 3, selector: 'app=etcd', phase: 'Running' } },
    ],
    invalid: [
      ['minimum: size 0', { ...meta, spec: { size: 0 } }, 'must be >= 1'],
      ['maximum: size 10', { ...meta, spec: { size: 10 } }, 'must be <= 9'],
      ['pattern: version 2.3.1', { ...meta, spec: { size: 3, version: '2.3.1' } }, 'must match pattern'],
      ['enum: phase Unknown', { ...meta, spec: { size: 3 }, status: { phase: 'Unknown' } }, 'must be equal to one of the allowed values'],
      ['required: no size', { ...meta, spec: {} }, "must have required property 'size'"],
      ['type: repository a number', { ...meta, spec: { size: 3, repository: 7 } }, 'must be string'],
    ],
  },
  {
    kind: 'Flunder',
    valid: [{ ...meta }, { ...meta, spec: { reference: 'other', referenceType: 'Fischer' }, status: { observedGeneration: 2 } }],
    invalid: [
      ['enum: referenceType Fisher', { ...meta, spec: { referenceType: 'Fisher' } }, 'must be equal to one of the allowed values'],
      ['type: reference a number', { ...meta, spec: { reference: 1 } }, 'must be string'],
      ['type: observedGeneration a string', { ...meta, status: { observedGeneration: '2' } }, 'must be number'],
    ],
  },
  {
    kind: 'Fischer',
    valid: [{ ...meta }, { ...meta, disallowedFlunders: ['a', 'b'] }],
    invalid: [
      ['type: disallowedFlunders a string', { ...meta, disallowedFlunders: 'a' }, 'must be array'],
      ['type: disallowedFlunders of numbers', { ...meta, disallowedFlunders: [1] }, 'must be string'],
    ],
  },
];

test('every sample kind in apis/ has a table', () => {
  expect(crds.map((c) => c.spec.names.kind).sort()).toEqual([...new Set(samples.map((s) => s.kind))].sort());
});

describe.each(samples)('$kind $version', ({ kind, version, valid, invalid }) => {
  const versions = schemas(kind, version);

  test.each(versions)('%s accepts the valid samples', (_version, schema) => {
    for (const obj of valid) expect(validateAgainst(schema, obj)).toEqual([]);
  });

  describe.each(versions)('%s rejects', (_version, schema) => {
    test.each(invalid)('%s', (_what, obj, message) => {
      const errors = validateAgainst(schema, obj);
      expect(errors.join('\n')).toContain(message);
    });
  });
});
