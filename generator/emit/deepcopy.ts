/**
 * The deepcopy emitter: for every version package of every API group, `<version>/deepcopy.ts` with
 *
 * - `deepCopy<Type>(in_: Type): Type` for every struct type of the version (and for aliases of arrays and maps);
 * - `deepCopyObject(obj)` for the version's kinds and lists, chosen by `obj.kind`.
 *
 * The functions are straight-line code: a spread copies every own key (scalars as they are, `__proto__` as data),
 * then one pass over the own keys (`Object.keys`, never `for … in`) replaces the values that are objects, switching
 * on the key with case labels `'<field>' satisfies keyof <Type>` so that the compiler checks every field name; each
 * declared object field is copied by its own function, arrays and maps of them by inline loops (every call site
 * monomorphic, no callbacks). The walk reads JSON (`jsonView`: the object's values are `JsonValue`s), and every copy
 * function — generated or the runtime's — has
 * a JSON signature next to its typed one (`(in_: JsonObject): JsonObject`, then `(in_: Type): Type`), so the copied
 * values are handed on as the JSON they are, without a type assertion whatever the type declares. Values the
 * type does not declare (fields from a newer server, preserve-unknown-fields subtrees, values of an unexpected
 * shape) are copied by the runtime's `cloneJSON`, so a copy is lossless for any JSON object. Well-known meta types
 * (ObjectMeta, Condition, LabelSelector …) are copied by the runtime's hand-written `deepCopy*` functions.
 * Struct types of another version of the same group — and of another group generated into the same source tree
 * (`GenerationContext.packageModule`) — are copied by that version's generated functions; struct types of other
 * packages are copied by `cloneJSON` (still deep and lossless, only not specialised).
 * Keys are data: an own `__proto__` key (of a struct or of a map) is copied as an own key through the runtime's
 * `setOwn`, never assigned (an assignment would set the copy's prototype).
 */
import { RUNTIME_PACKAGE } from '../model/util';
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './shared/types';
import { CopyContext, needsCopyFunction, objectTypes, structView, type CopyModules } from './shared/copy';
import { ImportTracker, ModelIndex, cmp, jsString, render, renderSourceFile } from '../render';
import { deepCopyFunctionName, publicName } from '../naming';
import { present } from '../core/invariant';

export type { CopyModules } from './shared/copy';

export const deepcopyGenerator: Generator<NoOptions> = {
  name: 'deepcopy',
  start(ctx: GenerationContext): GeneratorRun {
    return {
      version(gv) {
        const contents = renderDeepcopyFile(ctx.index, gv.group, gv.package.id, (to) => ctx.packageModule(gv.package.id, to, 'deepcopy'));
        return contents === undefined ? [] : [{ path: 'deepcopy.ts', contents }];
      },
    };
  },
};

function renderDeepcopyFile(index: ModelIndex, group: string, pkgId: string, moduleOf: (pkg: string) => string | undefined): string | undefined {
  const options: CopyModules = { typesModule: './types', runtimeModule: RUNTIME_PACKAGE };
  const pkg = present(index.package(pkgId), `package ${pkgId}`);
  const imports = new ImportTracker();
  const ctx = new CopyContext(index, imports, pkgId, group, options, (other) => (other === pkgId ? '' : moduleOf(other)));

  ctx.helperNames.reserve('deepCopyObject', ...pkg.types.map((d) => deepCopyFunctionName(d.name)));
  const chunks: Array<{ name: string; text: string }> = [];
  for (const decl of [...pkg.types].sort((a, b) => cmp(a.name, b.name))) {
    const shape = index.declShape(decl);
    if (shape.kind === 'struct') {
      const view = structView(ctx, shape, true, { name: decl.name, local: imports.type(options.typesModule, decl.name) });
      chunks.push({ name: view.name, text: render('deepcopy', 'struct', view) });
    } else if (shape.kind === 'array' || shape.kind === 'map') {
      const t = imports.type(options.typesModule, decl.name);
      // the walk reads the value as JSON; the copy, built from a value of the alias, is one of it
      const asDeclared = ctx.rt('asDeclared');
      const lines = needsCopyFunction(shape)
        ? [`const v = ${ctx.rt('jsonView')}(in_);`, ...ctx.copyStatements(shape, 'v', (x) => `return ${asDeclared}(${x});`)]
        : [`return ${ctx.rt('cloneJSON')}(in_);`];
      chunks.push({ name: deepCopyFunctionName(decl.name), text: render('deepcopy', 'alias', { name: deepCopyFunctionName(decl.name), docName: `a ${decl.name}`, inType: t, lines }) });
    }
  }
  // Private functions for inline object types, found while building the others (and while building themselves).
  const done = new Set<string>();
  for (;;) {
    const next = [...ctx.inline.values()].filter((s) => !done.has(s.id)).sort((a, b) => cmp(a.id, b.id))[0];
    if (!next) break;
    done.add(next.id);
    const view = structView(ctx, next, false, undefined);
    chunks.push({ name: view.name, text: render('deepcopy', 'struct', view) });
  }
  if (chunks.length === 0) return undefined;
  chunks.sort((a, b) => cmp(a.name, b.name));

  const objects = objectTypes(index, pkgId).map((name) => ({
    type: imports.type(options.typesModule, name),
    kindString: jsString(name),
    fn: deepCopyFunctionName(name),
  }));
  const parts = chunks.map((c) => c.text);
  if (objects.length > 0) {
    parts.push(
      render('deepcopy', 'object', {
        unionName: `${publicName(pkg.version)}Object`,
        union: objects.map((o) => o.type).join(' | '),
        objects,
        cloneJSON: ctx.rt('cloneJSON'),
        // the kind's function copies the object's JSON; the copy is seen as the caller's type `T` (inferred from the return)
        asDeclared: ctx.rt('asDeclared'),
        jsonView: ctx.rt('jsonView'),
      }),
    );
  }
  return renderSourceFile(imports, parts.join('\n'));
}

