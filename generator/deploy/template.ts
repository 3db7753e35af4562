/**
 * Values that differ between the deploy tree's two renderings: plain Kubernetes objects in which a few nodes are
 * chart parameters. One object model, two renderings:
 *
 * - {@link resolve} gives the plain object for one set of {@link Settings} (the kustomize tree uses the defaults; a
 *   test resolves with other settings to compare against `helm template --set …`);
 * - {@link chartYaml} writes the object as a Helm template: each parameter node becomes the Go-template action that
 *   computes it from `.Values` / `.Release`.
 *
 * Node kinds: {@link Expr} (a scalar computed by an action), {@link Block} (a map or list taken from `.Values` with
 * `toYaml`), {@link When} (a map entry or a scalar list item present only when a condition holds). Everything else
 * is data: literal text is escaped for Go templates ({@link escapeGoTemplate}) before the actions are put in.
 */
import { marshalYamlV2 } from '../yaml/yamlv2';
import { group, jsonText } from '../text';

/** The chart's settings that change objects (values.yaml's defaults are {@link DEFAULT_SETTINGS}). */
export interface Settings {
  /** `webhook.certificates`: who makes the webhook serving certificate. */
  certificates: 'selfManaged' | 'certManager';
  /** `manager.leaderElection`. */
  leaderElection: boolean;
  /** `metrics.enable`. */
  metrics: boolean;
  /** `rbac.enable`: the Roles and bindings. */
  rbac: boolean;
  /** `crd.enable`. */
  crd: boolean;
  /** `crd.keep`: `helm.sh/resource-policy: keep` on the CRDs (chart only). */
  crdKeep: boolean;
  /** The rendering: objects of the chart (true) or of the kustomize tree (false). */
  helm: boolean;
}

export const DEFAULT_SETTINGS: Settings = { certificates: 'selfManaged', leaderElection: true, metrics: true, rbac: true, crd: true, crdKeep: true, helm: false };

/** A scalar the chart computes with a Go-template action (`{{ .Release.Namespace }}`); `value` is its default. */
export class Expr {
  constructor(readonly action: string, readonly value: string | number | boolean) {}
}

/** A map or list the chart takes from `.Values` (`toYaml .Values.manager.resources`); `value` is its default. */
export class Block {
  constructor(readonly valuesPath: string, readonly value: unknown) {}
}

/** A map entry or scalar list item that exists only when `holds(settings)`; `condition` is the same test as a Go-template pipeline. */
export class When {
  constructor(readonly condition: string, readonly holds: (s: Settings) => boolean, readonly value: unknown) {}
}

const OMIT = Symbol('omit');

/** The plain object for `settings`: Expr and Block become their values, When entries are kept or dropped. */
export function resolve(node: unknown, settings: Settings): unknown {
  const out = resolveNode(node, settings);
  return out === OMIT ? undefined : out;
}

function resolveNode(node: unknown, s: Settings): unknown {
  if (node instanceof Expr) return node.value;
  if (node instanceof Block) return structuredClone(node.value);
  if (node instanceof When) return node.holds(s) ? resolveNode(node.value, s) : OMIT;
  if (Array.isArray(node)) return node.map((n) => resolveNode(n, s)).filter((n) => n !== OMIT);
  if (typeof node === 'object' && node !== null) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(node)) {
      const v = resolveNode((node as Record<string, unknown>)[k], s);
      if (v !== OMIT) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return node;
}

/**
 * Literal text as Go-template text that prints it unchanged: every `{{` becomes an action printing `{{`. (`}}` outside
 * an action is plain text.) Applied to the marshalled YAML before the chart's own actions are put in.
 */
export function escapeGoTemplate(text: string): string {
  return text.split('{{').join('{{ "{{" }}');
}

/**
 * Placeholders: letters and digits only, so the YAML marshaller writes them plain, and never `{{`; the prefix is
 * lengthened until no text of the object contains it, so a placeholder never meets data that looks like one.
 */
function tokenPrefix(node: unknown): string {
  const text = jsonText(node, (_k, v: unknown) => (v instanceof Expr || v instanceof Block || v instanceof When ? Object.assign({}, v) : v)) ?? '';
  let prefix = 'kgtpl';
  while (text.includes(prefix)) prefix += 'q';
  return prefix;
}

/**
 * `node` as the text of a Helm template: YAML as `marshalYamlV2` writes it (keys sorted), with the actions in place of
 * the parameter nodes, and `{{`-escaped literal text.
 */
export function chartYaml(node: unknown): string {
  const prefix = tokenPrefix(node);
  const subs: Array<Expr | Block | When> = [];
  const token = (n: Expr | Block | When) => {
    subs.push(n);
    return `${prefix}${subs.length - 1}x`;
  };
  const walk = (n: unknown): unknown => {
    if (n instanceof Expr || n instanceof Block) return token(n);
    if (n instanceof When) throw new Error('a When node must be a map entry or a list item');
    if (Array.isArray(n)) {
      return n.map((item) => {
        if (!(item instanceof When)) return walk(item);
        if (typeof item.value === 'object' && item.value !== null) throw new Error('a conditional list item must be a scalar');
        return token(item);
      });
    }
    if (typeof n === 'object' && n !== null) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(n)) {
        const v = (n as Record<string, unknown>)[k];
        // The key keeps its place in the sorted order: `<key>` then the token (a suffix sorts right after it).
        if (v instanceof When) out[`${k}${token(v)}`] = walk(v.value);
        else out[k] = walk(v);
      }
      return out;
    }
    return n;
  };
  const lines = escapeGoTemplate(marshalYamlV2(walk(node) as object)).split('\n');
  const out: string[] = [];
  const placeholder = new RegExp(`^(\\s*)(- )?(.*?)${prefix}(\\d+)x(:?)(.*)$`);
  const lineAt = (j: number): string => {
    const l = lines[j];
    if (l === undefined) throw new Error(`kubegen bug: line ${j} of a ${lines.length}-line template`);
    return l;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lineAt(i);
    // Only lines with a placeholder (short lines of our own: data never contains the prefix) meet the regex.
    const m = line.includes(prefix) ? placeholder.exec(line) : null;
    const sub = m ? subs[Number(group(m, 4))] : undefined;
    if (!m || !sub) {
      out.push(line);
      continue;
    }
    const [lineIndent, before, colon, after] = [group(m, 1), group(m, 3), group(m, 5), group(m, 6)];
    const dash = m[2] ?? '';
    if (sub instanceof When && colon === ':') {
      // A conditional map entry: the key line and the lines under it (deeper, or a list at the key's indent). As the
      // first key of a list item, the item's `-` stays on a line of its own, so the item exists either way.
      if (dash !== '') out.push(`${lineIndent}-`);
      const indent = dash === '' ? lineIndent : `${lineIndent}  `;
      let end = i + 1;
      const under = (l: string): boolean => l !== '' && (indentOf(l) > indent.length || (indentOf(l) === indent.length && l.slice(indent.length).startsWith('- ')));
      while (end < lines.length && under(lineAt(end))) end++;
      out.push(`{{- if ${sub.condition} }}`);
      out.push(substitute(`${indent}${before}:${after}`, subs, prefix));
      for (const l of lines.slice(i + 1, end)) out.push(substitute(l, subs, prefix));
      out.push('{{- end }}');
      i = end - 1;
    } else if (sub instanceof When && dash !== '' && before === '' && colon === '' && after === '') {
      out.push(`{{- if ${sub.condition} }}`);
      out.push(`${lineIndent}${marshalYamlV2([sub.value] as object).trimEnd()}`.replace(/\{\{/g, '{{ "{{" }}'));
      out.push('{{- end }}');
    } else if (sub instanceof Block && before.endsWith(': ') && after === '' && colon === '') {
      const keyIndent = lineIndent.length + dash.length;
      out.push(`${lineIndent}${dash}${before.trimEnd()}`);
      out.push(`{{- toYaml ${sub.valuesPath} | nindent ${keyIndent + 2} }}`);
    } else {
      out.push(substitute(line, subs, prefix));
    }
  }
  return out.join('\n');
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function substitute(line: string, subs: ReadonlyArray<Expr | Block | When>, prefix: string): string {
  return line.replace(new RegExp(`${prefix}(\\d+)x`, 'g'), (_, i: string) => {
    const sub = subs[Number(i)];
    if (!(sub instanceof Expr)) throw new Error(`a ${sub?.constructor.name ?? 'missing'} node cannot stand inside a line`);
    return sub.action;
  });
}
