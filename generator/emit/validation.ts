/**
 * The validation emitter: for every version package with kinds, `<version>/validation.ts` with, per kind, the
 * version's CRD schema as a constant (`<kind>Schema`, without descriptions) and `validate<Kind>(obj, options?)`
 * binding it to the runtime's validator (`@kubegen/runtime/validation`): generated code names the schema, the
 * runtime does the validating. The schema is the one the CRD emitter writes (same builder, same flattening);
 * problems with it are the CRD emitter's to report.
 */
import { DiagnosticBag } from '../diagnostics';
import { crdKinds, RUNTIME_PACKAGE } from '../model/util';
import { SchemaBuilder } from '../schema/build';
import { omitEmpty } from '../schema/flatten';
import type { JSONSchemaProps } from '../core/schema';
import { ImportTracker, cmp, jsPropertyKey, jsLiteral, render, renderSourceFile } from '../render';
import { privateName, safeIdentifier, validateFunctionName } from '../naming';
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './shared/types';


/** Schema keys that document and do not validate: left out of the emitted constant. */
const DOC_KEYS: ReadonlySet<string> = new Set(['description', 'example', 'externalDocs', 'title']);

export const validationGenerator: Generator<NoOptions> = {
  name: 'validation',
  start(ctx: GenerationContext): GeneratorRun {
    const opts = { typesModule: './types', runtimeModule: RUNTIME_PACKAGE };
    // The CRD emitter reports schema problems; building the same schemas here must not report them twice.
    const schemas = new SchemaBuilder(ctx.model, new DiagnosticBag());
    const kinds = crdKinds(ctx.model);
    return {
      version(gv) {
        const here = kinds
          .filter((ck) => ck.group === gv.group)
          .flatMap((ck) => ck.versions.filter((v) => v.version === gv.version && v.package.id === gv.package.id && !v.kind.skip))
          .sort((a, b) => cmp(a.kind.name, b.kind.name));
        if (here.length === 0) return [];
        const imports = new ImportTracker();
        const body = here.map(({ kind, decl }) =>
          render('validation', 'kind', {
            kind: kind.name,
            apiVersion: `${gv.group}/${gv.version}`,
            name: validateFunctionName(kind.name),
            schemaName: safeIdentifier(`${privateName(kind.name)}Schema`),
            schemaType: imports.runtimeType(opts.runtimeModule, 'ValidationSchema'),
            validatorType: imports.runtimeType(opts.runtimeModule, 'Validator'),
            createValidator: imports.runtimeValue(opts.runtimeModule, 'createValidator'),
            typeName: imports.type(opts.typesModule, kind.name),
            options: validatorOptions(kind.subresources),
            status: kind.subresources.status,
            scale: kind.subresources.scale !== undefined,
            schema: schemaLiteral(validationSchema(omitEmpty(schemas.kindSchema(decl))), 0),
          }),
        );
        return [{ path: 'validation.ts', contents: renderSourceFile(imports, body.join('\n')) }];
      },
    };
  },
};

/** The validator options of a kind's subresources, as an object literal ('' when there are none). */
function validatorOptions(sub: { status: boolean; scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string } }): string {
  const o: Record<string, unknown> = {};
  if (sub.status) o.statusSubresource = true;
  if (sub.scale) {
    const { specReplicasPath, statusReplicasPath, labelSelectorPath } = sub.scale;
    o.scale = labelSelectorPath === undefined ? { specReplicasPath, statusReplicasPath } : { specReplicasPath, statusReplicasPath, labelSelectorPath };
  }
  return Object.keys(o).length === 0 ? '' : jsLiteral(o);
}

/** The schema without its documentation keys (`description`, `example` …), walked by schema structure. */
export function validationSchema(s: JSONSchemaProps): JSONSchemaProps {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(s) as Array<keyof JSONSchemaProps>) {
    if (DOC_KEYS.has(k)) continue;
    const v = s[k];
    if (k === 'properties' && v && typeof v === 'object') {
      const props = Object.create(null) as Record<string, JSONSchemaProps>;
      for (const [name, prop] of Object.entries(v as Record<string, JSONSchemaProps>)) Object.defineProperty(props, name, { value: validationSchema(prop), enumerable: true, writable: true, configurable: true });
      out[k] = props;
    } else if ((k === 'items' || k === 'not' || k === 'additionalProperties') && v && typeof v === 'object') {
      out[k] = validationSchema(v);
    } else if ((k === 'allOf' || k === 'anyOf' || k === 'oneOf') && Array.isArray(v)) {
      out[k] = (v as JSONSchemaProps[]).map(validationSchema);
    } else {
      out[k] = v;
    }
  }
  return out;
}

/** A JSON value as a readable (indented) JavaScript literal: objects and arrays of objects one entry a line. */
export function schemaLiteral(value: unknown, depth: number): string {
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return jsLiteral(value);
    return `[\n${value.map((v) => `${pad}${schemaLiteral(v, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (value === null || typeof value !== 'object') return jsLiteral(value);
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  const o = value as Record<string, unknown>;
  return `{\n${keys.map((k) => `${pad}${jsPropertyKey(k)}: ${schemaLiteral(o[k], depth + 1)},`).join('\n')}\n${close}}`;
}
