/**
 * Every CRD kubegen generates — for `apis/` and for every golden case with CRDs (`test/golden/<case>/apis`) — applied to a real
 * kube-apiserver, and every promise of its schema checked against what the server does: establishment without
 * warnings, valid objects accepted, each structural constraint and CEL rule enforced with a 422 naming the right
 * field, defaults applied, unknown fields pruned, printer columns served, status and scale subresources, and every
 * served version readable and writable. Expectations are computed from the generated CRD (support/schema.ts).
 */
import { randomBytes } from 'node:crypto';
import { useE2e } from './support/namespace';
import { applyCrd, crdSources, mapCrd, deleteCrd, formatTable, generateCrds, resourcePath, type Crd, type CrdVersion } from './support/crds';
import type { KubeResponse } from './support/kube';
import {
  deleteAt,
  fieldOf,
  pathOf,
  getAt,
  literalsOf,
  sample,
  SampleError,
  setAt,
  violations,
  walk,
  type Located,
  type Schema,
  type Step,
  type ValidationRule,
} from './support/schema';
import { present } from '../unit/helpers/present';
import { pool } from './support/objects';

/** How many structural violations of one CRD are sent at a time (dry runs, each on its own object). */
const VIOLATION_CONCURRENCY = 8;

const e2e = useE2e(__filename);

interface Cause {
  reason?: string;
  message?: string;
  field?: string;
}
type Status = { kind?: string; message?: string; details?: { causes?: Cause[] } };
type Obj = Record<string, unknown> & { metadata: { name: string; namespace?: string; resourceVersion?: string; labels?: Record<string, string> } };

const META_PROPS = new Set(['apiVersion', 'kind', 'metadata']);

function rootSchema(version: CrdVersion): Schema {
  return version.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
}

/** The schema below the root without apiVersion/kind/metadata, which the tests fill themselves. */
function bodySchema(version: CrdVersion): Schema {
  const root = rootSchema(version);
  const properties = Object.fromEntries(Object.entries(root.properties ?? {}).filter(([k]) => !META_PROPS.has(k)));
  return { ...root, properties, required: (root.required ?? []).filter((r) => !META_PROPS.has(r)) };
}

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

function newObject(crd: Crd, version: CrdVersion, body: Record<string, unknown>, name = unique('sample')): Obj {
  return {
    apiVersion: `${crd.spec.group}/${version.name}`,
    kind: crd.spec.names.kind,
    metadata: { name, ...(crd.spec.scope === 'Namespaced' ? { namespace: e2e.namespace } : {}) },
    ...body,
  };
}

function minimalBody(version: CrdVersion): Record<string, unknown> {
  return sample(bodySchema(version)) as Record<string, unknown>;
}

async function create(crd: Crd, version: CrdVersion, obj: Obj): Promise<KubeResponse<Obj & Status>> {
  return e2e.kube.post<Obj & Status>(resourcePath(crd, version.name, e2e.namespace), obj);
}

function causes(res: KubeResponse<Status>): Cause[] {
  return res.body.details?.causes ?? [];
}

function describeRejection(res: KubeResponse<Status>): string {
  return `${res.status} ${res.body.message ?? JSON.stringify(res.body)}`;
}

/** Set KUBEGEN_E2E_DEBUG=1 to see how base objects are repaired. */
function debug(line: string): void {
  if (process.env.KUBEGEN_E2E_DEBUG) process.stderr.write(`${line}\n`);
}

function servedVersions(crd: Crd): CrdVersion[] {
  return crd.spec.versions.filter((v) => v.served);
}

function parsePath(jsonPath: string): Step[] {
  return jsonPath
    .replace(/^\./, '')
    .split('.')
    .filter(Boolean)
    .map((prop) => ({ prop }));
}

function isPrefix(a: readonly Step[], b: readonly Step[]): boolean {
  return a.length <= b.length && fieldOf(a) === fieldOf(b.slice(0, a.length));
}

/**
 * Per CRD version: how to submit objects (dry-run create, or dry-run `/status` update for status paths when the
 * status subresource is on), and a valid base object found by starting from a full sample and removing the
 * optional parts the server objects to.
 */
class VersionUnderTest {
  private stored: Promise<Obj> | undefined;
  private baseResult: Promise<{ base?: Obj; error?: string }> | undefined;
  readonly locs: Map<string, Located>;

  constructor(
    readonly crd: Crd,
    readonly version: CrdVersion,
  ) {
    this.locs = new Map(walk(bodySchema(version)).map((l) => [fieldOf(l.path), l]));
  }

  get statusSubresource(): boolean {
    return this.version.subresources?.status !== undefined;
  }

  obj(body: Record<string, unknown>, name?: string): Obj {
    return newObject(this.crd, this.version, body, name);
  }

  url(name?: string): string {
    return resourcePath(this.crd, this.version.name, e2e.namespace, name);
  }

  /** Dry-run submission of `obj`; `path` decides whether it goes through `/status`. */
  async submit(obj: Obj, path: readonly Step[]): Promise<{ ok: boolean; res: KubeResponse<Obj & Status> }> {
    const [first] = path;
    if (this.statusSubresource && first !== undefined && 'prop' in first && first.prop === 'status') {
      const stored = await this.storedObject();
      const res = await e2e.kube.put<Obj & Status>(`${this.url(stored.metadata.name)}/status?dryRun=All`, {
        ...obj,
        metadata: { ...obj.metadata, name: stored.metadata.name, resourceVersion: stored.metadata.resourceVersion },
      });
      return { ok: res.status === 200, res };
    }
    const res = await e2e.kube.post<Obj & Status>(`${this.url()}?dryRun=All`, obj);
    return { ok: res.status === 201, res };
  }

  /**
   * Submits `obj`; while the server rejects optional fields away from `protect`, removes them and tries again.
   * `obj` is modified in place to what was finally submitted.
   */
  async submitRepairing(obj: Obj, protect: readonly Step[]): Promise<{ ok: boolean; res: KubeResponse<Obj & Status> }> {
    const protectedPath = (path: readonly Step[]) => protect.length > 0 && (isPrefix(path, protect) || isPrefix(protect, path));
    const optional = (path: readonly Step[]) => {
      const last = path[path.length - 1];
      const parent = this.locs.get(fieldOf(path.slice(0, -1)));
      return last !== undefined && 'prop' in last && parent !== undefined && !(parent.schema.required ?? []).includes(last.prop);
    };
    for (let round = 0; ; round++) {
      const result = await this.submit(obj, protect);
      if (result.ok || result.res.status !== 422 || round >= 10) return result;
      let repaired = false;
      for (const cause of causes(result.res)) {
        const path = pathOf(cause.field ?? '');
        const value = getAt(obj, path);
        if (value === undefined || (path.length > 0 && protectedPath(path) && !isPrefix(path, protect))) continue;
        const complaint = (c: Cause) => `${c.field} ${(c.message ?? '').replace(/^Invalid value: (?:"(?:[^"\\]|\\.)*"|\S+): /, '')}`;
        const gone = (res: KubeResponse<Status>) => res.status !== 422 || !causes(res).some((c) => complaint(c) === complaint(cause));
        // 1. Another sample of the complained-about value, or of one of its children (rules such as min <= max).
        const targets: Step[][] = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map((k) => [...path, { prop: k }]) : [path];
        for (const target of targets) {
          const loc = this.locs.get(fieldOf(target));
          if (!loc || target.length === 0 || (protectedPath(target) && !isPrefix(target, protect))) continue;
          const rules = (loc.schema['x-kubernetes-validations'] ?? []).map((r) => r.rule).join(' ');
          const tries = [...(rules ? candidates(loc.schema, rules) : []), ...Array.from({ length: 40 }, (_, seed) => seed)];
          for (const attempt of tries) {
            if (repaired) break;
            let replacement: unknown = attempt;
            if (typeof attempt === 'number' && tries.indexOf(attempt) >= tries.length - 40) {
              try {
                replacement = sample({ ...loc.schema, default: undefined }, { seed: attempt });
              } catch (e) {
                if (e instanceof SampleError) break;
                throw e;
              }
            }
            const trial = structuredClone(obj);
            setAt(trial, loc, replacement);
            if (gone((await this.submit(trial, protect)).res)) {
              debug(`repair ${this.crd.metadata.name}/${this.version.name}: ${fieldOf(target)} = ${JSON.stringify(replacement)} for ${cause.field}: ${cause.message}`);
              setAt(obj, loc, replacement);
              repaired = true;
            }
          }
          if (repaired) break;
        }
        if (repaired) break;
        // 2. Drop one optional child of an object the rule is on.
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
          for (const child of Object.keys(value)) {
            const childPath: Step[] = [...path, { prop: child }];
            if (!optional(childPath) || protectedPath(childPath)) continue;
            const trial = structuredClone(obj);
            deleteAt(trial, childPath);
            if (gone((await this.submit(trial, protect)).res)) {
              debug(`repair ${this.crd.metadata.name}/${this.version.name}: dropping ${fieldOf(childPath)} for ${cause.field}: ${cause.message}`);
              deleteAt(obj, childPath);
              repaired = true;
              break;
            }
          }
          if (repaired) break;
        }
        // 3. Drop the value itself when it is optional.
        if (path.length > 0 && optional(path) && !protectedPath(path)) {
          debug(`repair ${this.crd.metadata.name}/${this.version.name}: dropping ${cause.field} (${cause.message})`);
          deleteAt(obj, path);
          repaired = true;
          break;
        }
      }
      if (!repaired) return result;
    }
  }

  /** A valid object with as many optional fields as the server accepts (found once; concurrent callers share it). */
  base(): Promise<{ base?: Obj; error?: string }> {
    this.baseResult ??= this.findBase();
    return this.baseResult;
  }

  private async findBase(): Promise<{ base?: Obj; error?: string }> {
    const body = bodySchema(this.version);
    const errors: string[] = [];
    for (const make of [() => sample(body, { full: true, depth: 6 }), () => sample(body, { full: true, depth: 1 }), () => sample(body)]) {
      let candidate: Obj;
      try {
        candidate = this.obj(make() as Record<string, unknown>, 'base');
      } catch (e) {
        if (!(e instanceof SampleError)) throw e;
        debug(`base ${this.crd.metadata.name}/${this.version.name}: ${e.message}`);
        errors.push(e.message);
        continue;
      }
      if (this.statusSubresource) delete candidate.status;
      const result = await this.submitRepairing(candidate, []);
      if (result.ok) {
        debug(`base ${this.crd.metadata.name}/${this.version.name}: ${JSON.stringify(candidate)}`);
        return { base: candidate };
      }
      debug(`base ${this.crd.metadata.name}/${this.version.name} rejected: ${describeRejection(result.res)}`);
      errors.push(describeRejection(result.res));
    }
    return { error: errors.join(' / ') };
  }

  /** A clone of the base with a fresh name; throws when no valid base was found. */
  async fresh(): Promise<Obj> {
    const { base, error } = await this.base();
    if (!base) throw new Error(`no valid ${this.crd.spec.names.kind} ${this.version.name} object could be built: ${error}`);
    const copy = structuredClone(base);
    copy.metadata.name = unique('sample');
    return copy;
  }

  /** A stored object (created once; concurrent callers share it) to send dry-run `/status` updates to. */
  private storedObject(): Promise<Obj> {
    this.stored ??= (async () => {
      const obj = await this.fresh();
      const res = await create(this.crd, this.version, obj);
      if (res.status !== 201) throw new Error(`could not create a ${this.crd.spec.names.kind}: ${describeRejection(res)}`);
      return res.body;
    })();
    return this.stored;
  }
}

/** Candidate replacement values for a node, to search for one that breaks a CEL rule. */
function candidates(schema: Schema, rule: string): unknown[] {
  const { strings, numbers } = literalsOf(rule);
  const out: unknown[] = [];
  const seeds = [0, 1, 2, 3];
  const safe = (f: () => unknown) => {
    try {
      out.push(f());
    } catch (e) {
      if (!(e instanceof SampleError)) throw e;
    }
  };
  switch (schema.type) {
    case 'string':
      out.push(...strings, '', ...strings.map((s) => `${s}x`), ...strings.map((s) => `x${s}`));
      seeds.forEach((seed) => safe(() => sample({ ...schema, default: undefined }, { seed })));
      break;
    case 'integer':
    case 'number':
      out.push(...numbers, ...numbers.map((n) => n + 1), ...numbers.map((n) => n - 1), 0, -1);
      if (schema.minimum !== undefined) out.push(schema.minimum);
      if (schema.maximum !== undefined) out.push(schema.maximum);
      seeds.forEach((seed) => safe(() => sample({ ...schema, default: undefined }, { seed })));
      break;
    case 'boolean':
      out.push(true, false);
      break;
    case 'array':
      out.push([]);
      for (const s of strings) out.push([s], [`${s}x`], ['nope']);
      seeds.forEach((seed) => safe(() => [sample(schema.items ?? {}, { seed })]));
      break;
    default:
      break;
  }
  return out;
}

/** Variants of an object node for a CEL search: each property replaced by each candidate, or removed; minimal; full. */
function objectVariants(schema: Schema, base: Record<string, unknown>, rule: string): unknown[] {
  const out: unknown[] = [{}];
  const starts: Record<string, unknown>[] = [base];
  for (const make of [() => sample({ ...schema, default: undefined }), () => sample({ ...schema, default: undefined }, { full: true, depth: 2 })]) {
    try {
      starts.push(make() as Record<string, unknown>);
    } catch (e) {
      if (!(e instanceof SampleError)) throw e;
    }
  }
  for (const start of starts) {
    out.push(start);
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      const without = { ...start };
      delete without[name];
      out.push(without);
      for (const value of candidates(child, rule)) out.push({ ...start, [name]: value });
    }
  }
  return out;
}

/**
 * CRDs are cluster-wide and other e2e files install some of the same ones concurrently; so that this file never
 * deletes a CRD another file uses, its copies live in a group of their own (`<run id>.<group>`). Only the group and
 * the name derived from it change; schemas, versions, subresources and columns are exactly as generated.
 */
const RUN_GROUP_PREFIX = `e2e${randomBytes(3).toString('hex')}`;

function isolate(crd: Crd): Crd {
  return mapCrd(crd, (c) => {
    const group = `${RUN_GROUP_PREFIX}.${c.spec.group}`;
    return { ...c, metadata: { ...c.metadata, name: `${c.spec.names.plural}.${group}` }, spec: { ...c.spec, group } };
  });
}

interface SourceRun {
  crds: Crd[];
  generationError?: Error;
}

const sources = crdSources();

describe.each(sources)('CRDs generated for $name', (source) => {
  const run: SourceRun = { crds: [] };
  try {
    run.crds = generateCrds(source).map(isolate);
  } catch (err) {
    run.generationError = err as Error;
  }
  const applied = new Map<string, Awaited<ReturnType<typeof applyCrd>>>();

  // The source's CRDs together (distinct names within a source): one wait for Established and one for deletion.
  beforeAll(async () => {
    await Promise.all(run.crds.map(async (crd) => applied.set(crd.metadata.name, await applyCrd(e2e.kube, crd))));
  });
  afterAll(async () => {
    await Promise.all(run.crds.filter((crd) => applied.get(crd.metadata.name)?.status === 201).map((crd) => deleteCrd(e2e.kube, crd.metadata.name)));
  });

  test('kubegen generates them', () => {
    if (run.generationError) throw run.generationError;
    expect(run.crds.length).toBeGreaterThan(0);
  });

  const names = run.crds.map((crd) => ({ name: crd.metadata.name.replace(`${RUN_GROUP_PREFIX}.`, ''), crd }));
  if (names.length === 0) return;

  describe.each(names)('$name', ({ crd }) => {
    const versions = servedVersions(crd).map((v) => new VersionUnderTest(crd, v));
    const established = () => {
      const a = applied.get(crd.metadata.name);
      if (!a || a.status !== 201 || !a.conditions.some((c) => c.type === 'Established' && c.status === 'True')) {
        throw new Error(`CRD ${crd.metadata.name} is not established: ${JSON.stringify(a)}`);
      }
    };

    test('is created and becomes Established, with no warnings and no structural-schema problems', () => {
      const a = applied.get(crd.metadata.name);
      expect(a?.error).toBeUndefined();
      expect(a?.status).toBe(201);
      expect(a?.warnings).toEqual([]);
      const byType = Object.fromEntries((a?.conditions ?? []).map((c) => [c.type, c.status]));
      expect(byType).toMatchObject({ Established: 'True', NamesAccepted: 'True' });
      expect(byType.NonStructuralSchema).toBeUndefined();
    });

    test('accepts valid objects in every served version (minimal, and with every optional field the rules allow)', async () => {
      established();
      const problems: string[] = [];
      for (const v of versions) {
        const minimal = await v.submit(v.obj(minimalBody(v.version)), []);
        if (!minimal.ok) problems.push(`${v.version.name} minimal: ${describeRejection(minimal.res)}`);
        const { error } = await v.base();
        if (error) problems.push(`${v.version.name} full: ${error}`);
      }
      expect(problems).toEqual([]);
    });

    test('rejects each structural violation with 422 naming the field, and accepts a valid value there', async () => {
      established();
      // Each violation on its own fresh object, several at a time (dry runs: nothing is stored); the problems are
      // reported in the order of the violations.
      const cases = versions.flatMap((v) => violations(bodySchema(v.version)).map((violation) => ({ v, violation })));
      const found: string[][] = cases.map(() => []);
      await pool([...cases.entries()], VIOLATION_CONCURRENCY, async ([i, { v, violation }]) => {
        const problems = present(found[i], 'the problems of a violation');
        const where = `${v.version.name} ${violation.field} (${violation.constraint})`;
        const bad = await v.fresh();
        if (violation.remove) {
          if (getAt(bad, violation.loc.path) === undefined) setAt(bad, violation.loc, sample(violation.loc.schema));
          deleteAt(bad, violation.loc.path);
        } else {
          setAt(bad, violation.loc, violation.value);
        }
        const { res } = await v.submit(bad, violation.loc.path);
        if (res.status !== 422) problems.push(`${where}: expected 422, got ${describeRejection(res)} for ${JSON.stringify(bad)}`);
        else if (!causes(res).some((c) => c.field === violation.field)) {
          problems.push(`${where}: 422 without a cause for ${violation.field}: ${JSON.stringify(causes(res))}`);
        }
        if (!violation.remove) {
          // A valid value is accepted there; CEL rules on the field may reject some samples, so try a few.
          let rejection = '';
          for (let seed = 0; seed < 12; seed++) {
            let value: unknown;
            try {
              value = sample({ ...violation.loc.schema, default: undefined }, { seed });
            } catch (e) {
              if (e instanceof SampleError) break;
              throw e;
            }
            const good = await v.fresh();
            setAt(good, violation.loc, value);
            const ok = await v.submitRepairing(good, violation.loc.path);
            if (ok.ok) {
              rejection = '';
              break;
            }
            rejection ||= `${describeRejection(ok.res)} for ${JSON.stringify(good)}`;
          }
          if (rejection) problems.push(`${where}: no valid value was accepted: ${rejection}`);
        }
      });
      expect(found.flat()).toEqual([]);
    });

    const ruled = versions.flatMap((v) => walk(bodySchema(v.version)).flatMap((loc) => (loc.schema['x-kubernetes-validations'] ?? []).map((rule) => ({ v, loc, rule }))));
    if (ruled.length > 0) {
      test(`enforces each of its ${ruled.length} CEL rules with 422 at the declared field`, async () => {
        established();
        const problems: string[] = [];
        for (const { v, loc, rule } of ruled) {
          const problem = await breakRule(v, loc, rule);
          if (problem) problems.push(`${v.version.name} ${fieldOf(loc.path) || '<root>'} rule ${JSON.stringify(rule.rule)}: ${problem}`);
        }
        expect(problems).toEqual([]);
      });
    }

    const defaulted = versions.flatMap((v) => walk(bodySchema(v.version)).filter((l) => l.schema.default !== undefined && l.path.length > 0).map((loc) => ({ v, loc })));
    if (defaulted.length > 0) {
      test(`applies each of its ${defaulted.length} defaults exactly as declared`, async () => {
        established();
        const problems: string[] = [];
        for (const { v, loc } of defaulted) {
          const obj = await v.fresh();
          if (loc.path.length > 1) {
            const parent: Located = { path: loc.path.slice(0, -1), schema: present(loc.ancestors.at(-1), 'the schema of the defaulted field\'s parent'), ancestors: loc.ancestors.slice(0, -1) };
            if (getAt(obj, parent.path) === undefined) setAt(obj, parent, sample({ ...parent.schema, default: undefined }));
          }
          deleteAt(obj, loc.path);
          const { ok, res } = await v.submitRepairing(obj, loc.path);
          const where = `${v.version.name} ${fieldOf(loc.path)}`;
          if (!ok) {
            problems.push(`${where}: object without the field was rejected: ${describeRejection(res)}`);
            continue;
          }
          const got = getAt(res.body, loc.path);
          const want = loc.schema.default;
          const same = typeof want === 'object' && want !== null && !Array.isArray(want) ? isSubset(want, got) : JSON.stringify(got) === JSON.stringify(want);
          if (!same) problems.push(`${where}: default ${JSON.stringify(want)} expected, got ${JSON.stringify(got)}`);
        }
        expect(problems).toEqual([]);
      });
    }

    test('prunes unknown fields unless the schema preserves them', async () => {
      established();
      const problems: string[] = [];
      for (const v of versions) {
        const base = await v.fresh();
        const nodes = walk(bodySchema(v.version)).filter(
          (l) =>
            l.path.length <= 2 &&
            l.path.every((s) => 'prop' in s) &&
            (l.path.length === 0 || (getAt(base, l.path) !== null && typeof getAt(base, l.path) === 'object')) &&
            !l.schema['x-kubernetes-embedded-resource'] &&
            typeof l.schema.additionalProperties !== 'object',
        );
        for (const loc of nodes) {
          const obj = await v.fresh();
          const unknown: Step[] = [...loc.path, { prop: 'kubegenUnknownField' }];
          setAt(obj, { path: unknown, ancestors: [...loc.ancestors, loc.schema] }, 'surprise');
          const { ok, res } = await v.submit(obj, loc.path);
          const where = `${v.version.name} ${fieldOf(unknown)}`;
          if (!ok) {
            problems.push(`${where}: rejected: ${describeRejection(res)}`);
            continue;
          }
          const preserved = loc.schema['x-kubernetes-preserve-unknown-fields'] === true;
          const got = getAt(res.body, unknown);
          if (preserved && got !== 'surprise') problems.push(`${where}: preserved by the schema but dropped`);
          if (!preserved && got !== undefined) problems.push(`${where}: not preserved by the schema but kept`);
        }
      }
      expect(problems).toEqual([]);
    });

    const withColumns = versions.filter((v) => (v.version.additionalPrinterColumns ?? []).length > 0);
    if (withColumns.length > 0) {
      test('serves the declared printer columns in a Table, printable like kubectl get', async () => {
        established();
        for (const v of withColumns) {
          const created = await create(crd, v.version, await v.fresh());
          expect(created.status).toBe(201);
          const table = await e2e.kube.get<{ columnDefinitions: Array<{ name: string; type: string; priority?: number }>; rows: Array<{ cells: unknown[] }> }>(
            v.url(created.body.metadata.name),
            { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } },
          );
          expect(table.status).toBe(200);
          const columns = v.version.additionalPrinterColumns ?? [];
          expect(table.body.columnDefinitions.map((c) => c.name)).toEqual(['Name', ...columns.map((c) => c.name)]);
          const row = present(table.body.rows[0], 'the row of the created object').cells;
          expect(row[0]).toBe(created.body.metadata.name);
          columns.forEach((column, i) => {
            if (column.type === 'date' || /[[\]*?@]/.test(column.jsonPath)) return;
            const want = getAt(created.body, parsePath(column.jsonPath));
            const cell = row[i + 1];
            if (want === undefined || want === null) expect([null, '', undefined]).toContain(cell);
            else if (typeof want === 'string' || typeof want === 'number' || typeof want === 'boolean') expect(String(cell)).toBe(String(want));
          });
          const printed = formatTable(table.body);
          for (const column of columns.filter((c) => (c.priority ?? 0) === 0)) expect(printed).toContain(column.name.toUpperCase());
          expect(printed).toContain(created.body.metadata.name);
          await e2e.kube.delete(v.url(created.body.metadata.name));
        }
      });
    }

    const withStatus = versions.filter((v) => v.statusSubresource);
    if (withStatus.length > 0) {
      test('status subresource: status ignored on the main resource, written through /status', async () => {
        established();
        for (const v of withStatus) {
          const statusSchema = rootSchema(v.version).properties?.status ?? { type: 'object' };
          const probe = v.obj({ status: sample({ ...statusSchema, default: undefined }, { full: true, depth: 6, seed: 1 }) });
          // Find a status the schema and its rules accept (dropping optional parts they object to).
          const accepted = await v.submitRepairing(Object.assign(await v.fresh(), { status: probe.status }), [{ prop: 'status' }]);
          expect(accepted.ok ? 'accepted' : describeRejection(accepted.res)).toBe('accepted');
          const status = accepted.res.body.status as Record<string, unknown>;
          const obj = Object.assign(await v.fresh(), { status });
          const created = await create(crd, v.version, obj);
          expect(created.status).toBe(201);
          expect(created.body.status ?? {}).toEqual({});
          const url = v.url(obj.metadata.name);
          const updated = await e2e.kube.put<Obj>(`${url}/status`, { ...created.body, status });
          expect(updated.status).toBe(200);
          expect(updated.body.status).toEqual(status);
          const viaMain = await e2e.kube.put<Obj>(url, { ...updated.body, status: {} });
          expect(viaMain.status).toBe(200);
          expect(viaMain.body.status).toEqual(updated.body.status);
          await e2e.kube.delete(url);
        }
      });
    }

    const withScale = versions.filter((v) => v.version.subresources?.scale !== undefined);
    if (withScale.length > 0) {
      test('scale subresource: /scale reads and writes the declared replica path', async () => {
        established();
        for (const v of withScale) {
          const scale = v.version.subresources!.scale!;
          const specPath = parsePath(scale.specReplicasPath);
          const located = v.locs.get(fieldOf(specPath));
          if (!located) throw new Error(`${scale.specReplicasPath} is not in the ${v.version.name} schema`);
          const storage = crd.spec.versions.find((x) => x.storage);
          if (storage && storage !== v.version && !walk(bodySchema(storage)).some((l) => fieldOf(l.path) === fieldOf(specPath))) {
            throw new Error(
              `the ${v.version.name} scale subresource cannot work: the storage version ${storage.name} has no ${scale.specReplicasPath}, ` +
                'so with conversion None the value is pruned when stored',
            );
          }
          const [first, second] = [1, 2].map((seed) => sample({ ...located.schema, default: undefined }, { seed }));
          const obj = await v.fresh();
          setAt(obj, located, first);
          const created = await create(crd, v.version, obj);
          expect(created.status).toBe(201);
          const url = v.url(obj.metadata.name);
          const read = await e2e.kube.get<{ kind: string; spec: { replicas: number } } & Status>(`${url}/scale`);
          expect(read.status === 200 ? 200 : describeRejection(read)).toBe(200);
          expect(read.body.kind).toBe('Scale');
          expect(read.body.spec.replicas).toBe(first);
          const written = await e2e.kube.put(`${url}/scale`, { ...read.body, spec: { replicas: second } });
          expect(written.status).toBe(200);
          const after = await e2e.kube.get<Obj>(url);
          expect(getAt(after.body, specPath)).toBe(second);
          await e2e.kube.delete(url);
        }
      });
    }

    if (versions.length > 1) {
      test(`each of the ${versions.length} served versions can be read and written (conversion None)`, async () => {
        established();
        for (const writer of versions) {
          const obj = await writer.fresh();
          const created = await create(crd, writer.version, obj);
          expect(created.status).toBe(201);
          for (const reader of versions) {
            const url = reader.url(obj.metadata.name);
            const read = await e2e.kube.get<Obj>(url);
            expect(read.status).toBe(200);
            expect(read.body.apiVersion).toBe(`${crd.spec.group}/${reader.version.name}`);
            const label = `written-as-${reader.version.name}`;
            const labelled = { ...read.body, metadata: { ...read.body.metadata, labels: { ...(read.body.metadata.labels ?? {}), [label]: 'yes' } } };
            const written = await e2e.kube.put<Obj>(url, labelled);
            expect([written.status, written.body.metadata.labels?.[label]]).toEqual([200, 'yes']);
          }
          await e2e.kube.delete(writer.url(obj.metadata.name));
        }
      });
    }
  });
});

function isSubset(want: unknown, got: unknown): boolean {
  if (typeof want !== 'object' || want === null) return JSON.stringify(want) === JSON.stringify(got);
  if (Array.isArray(want)) return Array.isArray(got) && want.length === got.length && want.every((w, i) => isSubset(w, got[i]));
  if (typeof got !== 'object' || got === null) return false;
  return Object.entries(want).every(([k, val]) => isSubset(val, (got as Record<string, unknown>)[k]));
}

/**
 * Searches for a value of the rule's node that the server rejects with this rule's message at the declared field
 * (node path + fieldPath). Transition rules (oldSelf) are checked by dry-run updates of a stored object, starting
 * from two different stored values. Returns a problem description, or undefined when the rule was seen enforced.
 */
async function breakRule(v: VersionUnderTest, loc: Located, rule: ValidationRule): Promise<string | undefined> {
  const field = fieldOf(loc.path) + (rule.fieldPath ?? '');
  const matches = (res: KubeResponse<Status>) =>
    res.status === 422 &&
    causes(res).some(
      (c) => (c.field === '<nil>' ? '' : (c.field ?? '')) === field && (rule.message ? (c.message ?? '').includes(rule.message) : rule.messageExpression ? true : (c.message ?? '').includes(rule.rule)),
    );
  const baseObj = await v.fresh();
  if (loc.path.length > 0 && getAt(baseObj, loc.path) === undefined) setAt(baseObj, loc, sample({ ...loc.schema, default: undefined }));
  const current = loc.path.length === 0 ? baseObj : getAt(baseObj, loc.path);
  const isObject = loc.schema.type === 'object' || (loc.schema.properties !== undefined && loc.schema.type === undefined);
  const variants = isObject ? objectVariants(loc.schema, (current ?? {}) as Record<string, unknown>, rule.rule) : candidates(loc.schema, rule.rule);
  const apply = (target: Obj, value: unknown): Obj => {
    const obj = structuredClone(target);
    if (loc.path.length === 0) Object.assign(obj, value);
    else setAt(obj, loc, value);
    return obj;
  };
  if (loc.path.length === 0) {
    // Root rules may look at metadata (e.g. the name's length).
    for (const length of [41, 63, 253]) variants.push({ metadata: { ...baseObj.metadata, name: 'n'.repeat(length) } });
  }
  const seen: string[] = [];
  const note = (res: KubeResponse<Status>) => {
    if (res.status === 422 && seen.length < 3) seen.push(JSON.stringify(causes(res)));
  };
  if (!/\boldSelf\b/.test(rule.rule)) {
    for (const value of variants.slice(0, 400)) {
      const { res } = await v.submit(apply(baseObj, value), loc.path);
      if (matches(res)) return undefined;
      note(res);
    }
  } else {
    const starts = [current, ...(isObject ? [] : candidates(loc.schema, rule.rule).slice(-2))];
    for (const start of starts) {
      const initial = apply(baseObj, start);
      initial.metadata.name = unique('transition');
      const created = await create(v.crd, v.version, initial);
      if (created.status !== 201) {
        seen.push(`could not create the object to update: ${describeRejection(created)}`);
        continue;
      }
      const url = v.url(initial.metadata.name);
      try {
        for (const value of variants.slice(0, 200)) {
          const res = await e2e.kube.put<Status>(`${url}?dryRun=All`, apply(created.body, value));
          if (matches(res)) return undefined;
          note(res);
        }
      } finally {
        await e2e.kube.delete(url);
      }
    }
  }
  return `no tried value (${variants.length}) was rejected with ${JSON.stringify(rule.message ?? rule.messageExpression)} at ${JSON.stringify(field)}; other rejections: ${seen.join(' | ') || 'none'}`;
}
