/**
 * The typed accessors (`getMarker(markers, Definition)`) trust one contract of the registry: a parsed marker's value
 * has the value type its definition declares. This checks that contract on every marker of every API folder in the
 * repository, against the definition's argument schema (the run-time twin of `ArgTypeFor<T>`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadApiModel } from '../../../../generator/load';
import { markerDefinition, type ArgSpec, type ArgType, type MarkerArgs } from '../../../../generator/markers';
import type { MarkerValue, TypeRef } from '../../../../generator/model/types';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const repo = path.join(__dirname, '..', '..', '..', '..');

function apiFolders(): Array<{ cwd: string; root: string }> {
  const out = [{ cwd: repo, root: 'apis' }];
  for (const parent of ['test/golden', 'test/invalid']) {
    const dir = path.join(repo, parent);
    if (!fs.existsSync(dir)) continue;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'apis'))) out.push({ cwd: path.join(dir, e.name), root: 'apis' });
    }
  }
  return out;
}

function typeMarkers(t: TypeRef, out: MarkerValue[]): void {
  if (t.kind === 'array') typeMarkers(t.items, out);
  else if (t.kind === 'map') typeMarkers(t.values, out);
  else if (t.kind === 'struct') {
    for (const f of t.fields) {
      out.push(...f.markers);
      typeMarkers(f.type, out);
    }
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function conformsArg(type: ArgType, v: unknown): boolean {
  switch (type.kind) {
    case 'int':
      return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
    case 'number':
      return typeof v === 'number';
    case 'string':
    case 'raw':
      return typeof v === 'string';
    case 'bool':
      return typeof v === 'boolean';
    case 'any':
    case 'json':
      return true;
    case 'slice':
      return Array.isArray(v) && v.every((x) => conformsArg(type.items, x));
    case 'map':
      return isObject(v) && Object.keys(v).every((k) => conformsArg(type.values, v[k]));
  }
}

function conformsSpec(spec: ArgSpec, v: unknown): boolean {
  if (!conformsArg(spec.type, v)) return false;
  if (!spec.oneOf) return true;
  const oneOf = spec.oneOf;
  return (Array.isArray(v) ? v : [v]).every((x) => typeof x === 'string' && oneOf.includes(x));
}

function conforms(args: MarkerArgs, v: unknown): boolean {
  switch (args.kind) {
    case 'flag':
      return v === true;
    case 'value':
      return conformsSpec(args.arg, v);
    case 'struct': {
      if (!isObject(v)) return false;
      const specs = args.args;
      return (
        Object.entries(v).every(([k, x]) => {
          const spec = Object.hasOwn(specs, k) ? specs[k] : undefined;
          return spec !== undefined && conformsSpec(spec, x);
        }) &&
        Object.entries(specs).every(([k, spec]) => spec.optional === true || Object.hasOwn(v, k))
      );
    }
  }
}

test('every parsed marker value has its definition\'s value type', () => {
  let checked = 0;
  for (const { cwd, root } of apiFolders()) {
    const { model } = loadApiModel({ root, cwd });
    const markers: MarkerValue[] = [];
    for (const p of model.packages) {
      markers.push(...p.markers);
      for (const t of p.types) {
        markers.push(...t.markers);
        typeMarkers(t.type, markers);
      }
    }
    for (const m of markers) {
      const def = markerDefinition(m.name);
      expect(def).toBeDefined();
      if (!def || def.parse) continue; // custom grammars type their own value (CustomParse<T>)
      if (!conforms(def.args, m.value)) throw new Error(`${m.span.file}:${m.span.line}:${m.span.column}: +${m.name} has value ${String(m.value)}, not of its definition's type`);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(200);
});
