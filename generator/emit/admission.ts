/**
 * The admission emitter: per API version, `<version>/admission.ts` with, per kind of the version:
 *
 * - `<kind>Admission`: the kind's group, version and kind with its admission paths, `/validate-<group with - for
 *   .>-<version>-<lowercase kind>` and `/mutate-…` — the paths controller-runtime serves and `+kubebuilder:webhook`
 *   markers name (the runtime's `admissionKind`, so the generator and a running server agree);
 * - `<Kind>Validator` / `<Kind>Defaulter`: the runtime's `CustomValidator` / `CustomDefaulter` bound to the kind's
 *   type;
 * - `register<Kind>Validator(server, validator)` / `register<Kind>Defaulter(server, defaulter)`: the handler served
 *   at the kind's path on an `AdmissionRegistrar` (the manager's one webhook server, `mgr.getWebhookServer()`, or a
 *   standalone `AdmissionServer`), refusing requests for other kinds.
 *
 * Versions without kinds get no file.
 */
import { admissionKind } from '@kubegen/runtime/webhook/admission';
import { RUNTIME_PACKAGE } from '../model/util';
import type { Generator, GeneratorRun, NoOptions } from './shared/types';
import { cmp, ImportTracker, render, renderSourceFile, type GroupVersionPackage } from '../render';
import { gvkConstName, privateName, safeIdentifier } from '../naming';

function renderAdmission(gv: GroupVersionPackage, rt: string): string {
  const imports = new ImportTracker();
  const kinds = [...gv.package.kinds]
    .sort((a, b) => cmp(a.name, b.name))
    .map((k) => {
      const paths = admissionKind({ group: gv.group, version: gv.version, kind: k.name });
      return {
        kindT: imports.type('./types', k.name),
        gvkConst: imports.value('./types', gvkConstName(k.name)),
        gvkDoc: `${gv.group}/${gv.version} ${k.name}`,
        validatePath: paths.validatePath,
        mutatePath: paths.mutatePath,
        bindingConst: safeIdentifier(`${privateName(k.name)}Admission`),
        validator: safeIdentifier(`${k.name}Validator`),
        defaulter: safeIdentifier(`${k.name}Defaulter`),
        registerValidator: safeIdentifier(`register${k.name}Validator`),
        registerDefaulter: safeIdentifier(`register${k.name}Defaulter`),
        admissionKindType: imports.runtimeType(rt, 'AdmissionKind'),
        admissionKindFunc: imports.runtimeValue(rt, 'admissionKind'),
        customValidator: imports.runtimeType(rt, 'CustomValidator'),
        customDefaulter: imports.runtimeType(rt, 'CustomDefaulter'),
        server: imports.runtimeType(rt, 'AdmissionRegistrar'),
      };
    });
  return renderSourceFile(imports, render('admission', 'version', { kinds }));
}

export const admissionGenerator: Generator<NoOptions> = {
  name: 'admission',
  start(): GeneratorRun {
    const rt = RUNTIME_PACKAGE;
    return {
      version(gv) {
        return gv.package.kinds.length > 0 ? [{ path: 'admission.ts', contents: renderAdmission(gv, rt) }] : [];
      },
    };
  },
};
