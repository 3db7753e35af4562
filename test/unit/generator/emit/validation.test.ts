/**
 * The validation emitter: one `<version>/validation.ts` per version package with kinds, each kind's schema (the
 * CRD's, documentation left out) bound to the runtime validator; and the generated validators of the sample
 * packages validate as the runtime does over the schema of the committed CRD.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { schemaLiteral, validationSchema } from '../../../../generator/emit/validation';
import { validateFunctionName } from '../../../../generator/naming';
import { validate, formatFieldError, type ValidationSchema } from '../../../../runtime/src/validation';
import type { JSONSchemaProps } from '../../../../generator/core/schema';
import * as cronTabV1 from '../../../../generated/stable.example.com/src/v1/validation';
import * as etcd from '../../../../generated/etcd.database.coreos.com/src/v1beta2/validation';
import { present } from '../../helpers/present';
import { evaluate } from '../../helpers/evaluate';

const REPO = path.resolve(__dirname, '../../../..');

describe('validationSchema', () => {
  test.each<{ name: string; given: JSONSchemaProps; want: JSONSchemaProps }>([
    { name: 'drops documentation keys of schema nodes', given: { type: 'object', description: 'd', properties: { a: { type: 'string', description: 'x', example: 'e' } } }, want: { type: 'object', properties: { a: { type: 'string' } } } },
    { name: 'keeps a property named description', given: { type: 'object', properties: { description: { type: 'string' } } }, want: { type: 'object', properties: { description: { type: 'string' } } } },
    { name: 'keeps defaults and enums as they are', given: { type: 'object', default: { description: 'kept' }, enum: [{ title: 't' }] }, want: { type: 'object', default: { description: 'kept' }, enum: [{ title: 't' }] } },
    { name: 'walks items, additionalProperties and anyOf', given: { type: 'array', items: { type: 'object', description: 'i', additionalProperties: { type: 'string', title: 't' } }, anyOf: [{ type: 'array', description: 'a' }] }, want: { type: 'array', items: { type: 'object', additionalProperties: { type: 'string' } }, anyOf: [{ type: 'array' }] } },
  ])('$name', ({ given, want }) => {
    expect(validationSchema(given)).toEqual(want);
  });
});

describe('schemaLiteral', () => {
  test('is a JavaScript literal of the same value, __proto__ an own key', () => {
    const value = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"a-b":{"enum":["x",1,null]}},"required":["__proto__"]}') as unknown;
    const text = schemaLiteral(value, 0);
    const back = evaluate(text) as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
    expect(Object.hasOwn(present(back.properties, 'the properties'), '__proto__')).toBe(true);
  });
  test('names', () => {
    expect(validateFunctionName('CronTab')).toBe('validateCronTab');
  });
});

/** The `openAPIV3Schema` of a committed CRD's version. */
function crdSchema(file: string, version: string): ValidationSchema {
  const crd = parse(fs.readFileSync(path.join(REPO, file), 'utf8')) as { spec: { versions: Array<{ name: string; schema: { openAPIV3Schema: ValidationSchema } }> } };
  return crd.spec.versions.find((v) => v.name === version)!.schema.openAPIV3Schema;
}

describe('generated validators', () => {
  const objects = [
    { spec: { schedule: '* * * * *', image: 'nginx' } },
    { spec: { schedule: 'bad', replicas: 0 } },
    { spec: { image: 3 }, status: { lastScheduleTime: 5 } },
  ];
  test.each(objects.map((o) => [JSON.stringify(o), o] as const))('validateCronTab(%s) equals the runtime over the CRD schema', (_name, o) => {
    const obj = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'c' }, ...o };
    const want = validate(crdSchema('generated/stable.example.com/crds/stable.example.com_crontabs.yaml', 'v1'), obj, { statusSubresource: true }).errors.map(formatFieldError);
    expect(cronTabV1.validateCronTab(obj).errors.map(formatFieldError)).toEqual(want);
  });
  test('a generated validator with a scale subresource', () => {
    const r = etcd.validateEtcdCluster({ apiVersion: 'etcd.database.coreos.com/v1beta2', kind: 'EtcdCluster', metadata: { name: 'e' }, spec: { size: -1 } });
    expect(r.errors.map(formatFieldError)).toContain('.spec.size: Invalid value: -1: should be a non-negative integer');
  });
  test('the sample CronTab of the README', () => {
    const r = cronTabV1.validateCronTab({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'c' }, spec: { schedule: '*/5 * * * *', image: 'busybox', replicas: 0 } });
    expect(r.valid).toBe(false);
    expect(r.errors.map(formatFieldError)).toEqual(['spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1']);
  });
});
