/** The marker reference (`kubegen markers`), printed from the registry: the help text IS the documentation. */
import { typeString } from './grammar';
import { markerDefinitions, markerSyntax } from './registry';
import type { ArgSpec, MarkerDefinition } from './types';

function categories(): Array<[string, MarkerDefinition[]]> {
  const groups = new Map<string, MarkerDefinition[]>();
  for (const d of markerDefinitions) {
    const list = groups.get(d.category) ?? [];
    list.push(d);
    groups.set(d.category, list);
  }
  return [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function argsOf(d: MarkerDefinition): Array<[string, ArgSpec]> {
  if (d.args.kind === 'struct') return Object.entries(d.args.args);
  if (d.args.kind === 'value') return [['', d.args.arg]];
  return [];
}

function facts(d: MarkerDefinition): string[] {
  const out = [`on ${d.targets.join(', ')}${d.kindOnly ? ' (a kind)' : ''}`];
  if (d.repeatable) out.push('repeatable');
  if (d.items) out.push('applies to array items');
  if (d.schema) out.push(`priority ${d.schema.priority}`);
  if (d.since) out.push(`since ${d.since}`);
  if (d.deprecated) out.push(`deprecated: use +${d.deprecated.use}`);
  if (d.ineffective !== undefined) out.push(`no effect in kubegen: ${d.ineffective}`);
  return out;
}

function argType(a: ArgSpec): string {
  return typeString(a.type);
}

function renderText(): string {
  const lines: string[] = ['kubegen markers', ''];
  for (const [category, defs] of categories()) {
    lines.push(category, '='.repeat(category.length), '');
    for (const d of defs) {
      lines.push(markerSyntax(d));
      lines.push(`    ${facts(d).join('; ')}`);
      lines.push(`    ${d.help.summary}`);
      if (d.help.details) lines.push(`    ${d.help.details}`);
      for (const [name, a] of argsOf(d)) {
        if (a.type.kind === 'raw') continue; // its syntax is the marker line above
        const values = a.oneOf ? ` (one of ${a.oneOf.join(', ')})` : '';
        const label = name === '' ? 'value' : name;
        const help = a.help ? ` — ${a.help}` : '';
        lines.push(`    ${label}: ${argType(a)}${a.optional ? ', optional' : ''}${values}${help}`);
      }
      lines.push('');
    }
  }
  return lines.join('\n');
}

function md(s: string): string {
  return s.replace(/\|/g, '\\|');
}

function renderMarkdown(): string {
  const lines: string[] = ['# kubegen markers', '', 'Generated from the marker registry (`generator/markers`).', ''];
  for (const [category, defs] of categories()) {
    lines.push(`## ${category}`, '');
    for (const d of defs) {
      lines.push(`### \`+${d.name}\``, '');
      lines.push(`\`${markerSyntax(d)}\` — ${facts(d).join(' · ')}`, '');
      lines.push(d.help.summary, '');
      if (d.help.details) lines.push(d.help.details, '');
      const args = argsOf(d).filter(([, a]) => a.type.kind !== 'raw');
      if (args.length > 0) {
        lines.push('| argument | type | required | description |', '|---|---|---|---|');
        for (const [name, a] of args) {
          const values = a.oneOf ? ` One of ${a.oneOf.map((v) => `\`${v}\``).join(', ')}.` : '';
          const help = a.help ?? '';
          lines.push(`| ${name === '' ? '(value)' : `\`${name}\``} | \`${md(argType(a))}\` | ${a.optional ? 'no' : 'yes'} | ${md(help + values).trim()} |`);
        }
        lines.push('');
      }
    }
  }
  return lines.join('\n');
}

export function renderMarkerReference(format: 'text' | 'markdown'): string {
  return format === 'markdown' ? renderMarkdown() : renderText();
}
