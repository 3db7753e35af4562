/**
 * The schema stage's CEL check: the rules of a kind's finished `openAPIV3Schema` checked as the apiserver will
 * (see ./check.ts), each problem reported at the `+kubebuilder:validation:XValidation` marker that wrote the rule.
 */
import type { DiagnosticBag } from '../diagnostics';
import type { ApiModel, MarkerValue, SourceSpan } from '../model/types';
import { formatSchemaPath } from '../schema/structural';
import type { JSONSchemaProps } from '../core/schema';
import { CelChecker } from './check';

export { CelChecker, checkCelRules, costErrorMessage, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, type CelProblem } from './check';

const XVALIDATION = 'kubebuilder:validation:XValidation';

/** Where each rule text was written: the spans of the XValidation markers carrying it, in model order. */
export function ruleSpans(model: ApiModel): Map<string, SourceSpan[]> {
  const out = new Map<string, SourceSpan[]>();
  const visit = (markers: readonly MarkerValue[]) => {
    for (const m of markers) {
      if (m.name !== XVALIDATION || !m.value || typeof m.value !== 'object') continue;
      const rule = (m.value as { rule?: unknown }).rule;
      if (typeof rule !== 'string') continue;
      const list = out.get(rule) ?? [];
      list.push(m.span);
      out.set(rule, list);
    }
  };
  const walk = (value: unknown, depth: number): void => {
    if (depth > 64 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    const o = value as Record<string, unknown>;
    if (Array.isArray(o.markers)) visit(o.markers as MarkerValue[]);
    for (const k of Object.keys(o)) if (k !== 'markers' && k !== 'span') walk(o[k], depth + 1);
  };
  walk(model.packages, 0);
  return out;
}

/**
 * Reports the CEL problems of one kind version's schema. `fallback` is the span of the field or type at a schema
 * path, used when no marker with the rule's text is found (a rule written by kubegen itself, e.g. +k8s:immutable).
 */
export function reportCelProblems(
  checker: CelChecker,
  schema: JSONSchemaProps,
  spans: () => Map<string, SourceSpan[]>,
  fallback: (path: Parameters<typeof formatSchemaPath>[0]) => SourceSpan,
  bag: DiagnosticBag,
): void {
  for (const p of checker.checkSchema(schema)) {
    const near = fallback(p.path);
    const candidates = spans().get(p.rule.rule) ?? [];
    const span = candidates.find((s) => s.file === near.file && s.line <= near.line && near.line - s.line < 40) ?? candidates[0] ?? near;
    const text = `x-kubernetes-validations[${p.index}].${p.part} at ${formatSchemaPath(p.path)}: ${p.message}`;
    bag.report('invalid-cel', text, span, p.hint === undefined ? undefined : { hint: p.hint });
  }
}
