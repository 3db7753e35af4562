/**
 * Where an import problem is in the input: every problem names one input document and the JSON path in it.
 *
 * Contract:
 * - What the importer builds carries its origin in its spans (`SourceSpan.imported`: the document as messages name
 *   it and the JSON path of the node), so a diagnostic of the model builder or of `kubegen crd` on the imported model
 *   becomes a problem at that document and path (`problemOf`).
 * - The self-check loads the written TypeScript back: `Origins.learn` pairs the loaded model's spans (places in the
 *   written files) with the importer's spans, element by element, so a diagnostic about the loaded model is reported
 *   in the input too.
 * - `Sources` turns a document name and JSON path into `file:line:column` where the YAML parser gave positions.
 */
import type { Diagnostic } from '../diagnostics';
import type { ImportedFrom, SourceSpan } from '../core/types';
import type { ApiModel } from '../model/types';
import { RUNTIME_PACKAGE } from '../model/util';
import type { ImportProblem, Locate } from './source';

/** A CEL diagnostic's text (generator/cel's `reportCelProblems`): the rule's index and part, its schema path, the problem. */
const CEL_MESSAGE = /^x-kubernetes-validations\[\d+\]\.(rule|messageExpression|message|fieldPath|reason) at \S+: ([^]*)$/;
const RULE_PATH = /\.x-kubernetes-validations\[\d+\]$/;

function spanKey(span: SourceSpan): string {
  return `${span.file}:${span.line}:${span.column}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isSpan(v: unknown): v is SourceSpan {
  return isRecord(v) && typeof v.file === 'string' && typeof v.line === 'number' && typeof v.column === 'number';
}

/** The origins of what an import built, and of what the self-check loaded back from the written files. */
export class Origins {
  private readonly loaded = new Map<string, ImportedFrom>();
  private readonly byTsFile = new Map<string, string>();

  constructor(
    model: ApiModel,
    /** The input files (as messages name them). */
    private readonly inputs: readonly string[],
  ) {
    for (const p of model.packages) for (const t of p.types) if (t.span.imported && !this.byTsFile.has(t.span.file)) this.byTsFile.set(t.span.file, t.span.imported.file);
  }

  /**
   * The input a written file (`<group>/<version>/<file>.ts`) was made from: its first declaration's document; the one
   * input when there is one; else the file itself (a package's doc.ts, say).
   */
  ofFile(tsFile: string): string {
    return this.byTsFile.get(tsFile) ?? (this.inputs.length === 1 ? (this.inputs[0] ?? tsFile) : tsFile);
  }

  /** Pairs the spans of `loaded` (the written files loaded back) with the importer's, element by element. */
  learn(model: ApiModel, loaded: ApiModel): void {
    const mine = new Map(model.packages.map((p) => [p.id, p]));
    for (const p of loaded.packages) {
      if (p.id === RUNTIME_PACKAGE) continue;
      const q = mine.get(p.id);
      if (q) this.pair(p, q, 0);
    }
    this.pair(loaded.groups, model.groups, 0);
  }

  private pair(a: unknown, b: unknown, depth: number): void {
    if (depth > 200) return;
    if (isSpan(a) && isSpan(b)) {
      if (b.imported && !this.loaded.has(spanKey(a))) this.loaded.set(spanKey(a), b.imported);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      a.forEach((x, i) => { this.pair(x, b[i], depth + 1); });
      return;
    }
    if (!isRecord(a) || !isRecord(b)) return;
    for (const k of Object.keys(a)) if (Object.hasOwn(b, k)) this.pair(a[k], b[k], depth + 1);
  }

  /** The input node a span is about: the importer's own spans carry it; spans of the loaded files were learned. */
  of(span: SourceSpan | undefined): ImportedFrom | undefined {
    if (!span) return undefined;
    return span.imported ?? this.loaded.get(spanKey(span));
  }

  /** A diagnostic about the imported types as a problem at its input node; `prefix` goes before the message. */
  problemOf(d: Diagnostic, prefix = ''): ImportProblem {
    const severity = d.severity === 'error' ? 'error' : 'warning';
    const at = this.of(d.span);
    if (!at) return { severity, file: this.ofFile(d.span?.file ?? ''), path: '', message: `${prefix}${d.message}` };
    // a CEL problem at the rule it is about: `…x-kubernetes-validations[0].rule: <problem>`
    const cel = CEL_MESSAGE.exec(d.message);
    if (cel && RULE_PATH.test(at.path)) return { severity, file: at.file, path: `${at.path}.${cel[1] ?? ''}`, message: `${prefix}${cel[2] ?? ''}` };
    return { severity, file: at.file, path: at.path, message: `${prefix}${d.message}` };
  }
}

/** The documents of the inputs by the name problems give them, to add `line:column` to a problem's file. */
export class Sources {
  private readonly byName = new Map<string, { file: string; locate: Locate } | null>();

  /** A document named `name` in messages, of input `file`; a name given to two documents locates nothing. */
  add(name: string, file: string, locate: Locate): void {
    const known = this.byName.get(name);
    if (known === undefined) this.byName.set(name, { file, locate });
    else if (known !== null && known.locate !== locate) this.byName.set(name, null);
  }

  /** The problem with its file written `file:line:column` when its document and path give a position. */
  locate(p: ImportProblem): ImportProblem {
    const s = this.byName.get(p.file);
    // a problem with a whole document is located only when the file holds several (its name says which)
    const pos = s && (p.path !== '' || s.file !== p.file) ? s.locate(p.path) : undefined;
    return s && pos ? { ...p, file: `${s.file}:${pos.line}:${pos.column}` } : p;
  }
}
