/**
 * Comment handling for the front end: splitting the comments above a declaration into groups, finding the doc
 * group and the marker lines, and turning doc text into a description by controller-gen's rules.
 *
 * Association rules (controller-gen's collect.go, in TypeScript terms):
 * - The *doc group* of a declaration is the comment group directly above it (no blank line in between): a JSDoc
 *   block or a run of `//` lines. Its non-marker lines are the description; its marker lines belong to the
 *   declaration.
 * - The group before that (separated by a blank line), as in kubebuilder's scaffolding
 *   (`// +kubebuilder:object:root=true` + blank line + doc), also lends its markers to the declaration when the
 *   marker is registered for the declaration's target; other markers there are package-level.
 * - Every other comment at file level is package-level.
 */
import * as ts from 'typescript';

/** One comment line with its text (comment syntax removed) and where its text starts. */
export interface CommentLine {
  text: string;
  /** 0-based offset in the file of the first character of `text`. */
  pos: number;
}

/** A run of adjacent comments not separated by a blank line. */
export interface CommentGroup {
  lines: CommentLine[];
  /** Whether the group is, or ends with, a JSDoc/block comment (lines trimmed like Go's block comments). */
  block: boolean;
  start: number;
  end: number;
}

/** Comment groups in the leading trivia at `pos` (a node's full start), in source order. */
export function leadingCommentGroups(text: string, pos: number): CommentGroup[] {
  const ranges = ts.getLeadingCommentRanges(text, pos) ?? [];
  const groups: CommentGroup[] = [];
  let current: CommentGroup | undefined;
  let prevEnd = -1;
  for (const r of ranges) {
    const separated = prevEnd >= 0 && hasBlankLine(text, prevEnd, r.pos);
    if (!current || separated) {
      current = { lines: [], block: false, start: r.pos, end: r.end };
      groups.push(current);
    }
    const lines = commentLines(text, r);
    current.lines.push(...lines);
    // A plain `/* */` block keeps Go's whitespace trimming; JSDoc lines keep their indentation after `* `.
    current.block = r.kind === ts.SyntaxKind.MultiLineCommentTrivia && !text.startsWith('/**', r.pos);
    current.end = r.end;
    prevEnd = r.end;
  }
  return groups;
}

/** Whether there is an empty line between two offsets (two or more newlines in whitespace). */
export function hasBlankLine(text: string, from: number, to: number): boolean {
  let newlines = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      newlines++;
      if (newlines >= 2) return true;
    } else if (c !== 13 && c !== 32 && c !== 9) {
      newlines = 0;
    }
  }
  return false;
}

/** Split the leading trivia of a node into its doc group (adjacent) and the groups above it. */
export function splitDoc(text: string, fullStart: number, nodeStart: number): { doc?: CommentGroup; above: CommentGroup[] } {
  const groups = leadingCommentGroups(text, fullStart);
  const last = groups.at(-1);
  if (last === undefined) return { above: [] };
  if (hasBlankLine(text, last.end, nodeStart)) return { above: groups };
  return { doc: last, above: groups.slice(0, -1) };
}

/** The lines of one comment (line or block), comment syntax removed, with the offset where each line's text starts. */
export function commentLines(text: string, r: ts.CommentRange): CommentLine[] {
  const raw = text.slice(r.pos, r.end);
  if (r.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
    // `// text`: drop `//` and one following space, as go/ast's CommentGroup.Text does.
    let offset = 2;
    if (raw[offset] === ' ') offset++;
    return [{ text: raw.slice(offset).replace(/\s+$/, ''), pos: r.pos + offset }];
  }
  // Block comment: drop `/*` or `/**`, `*/`, and per line leading whitespace and one `*` (+ one space).
  const bodyStart = raw.startsWith('/**') && !raw.startsWith('/**/') ? 3 : 2;
  const body = raw.slice(bodyStart, raw.length - 2);
  const out: CommentLine[] = [];
  let lineStart = r.pos + bodyStart;
  for (const line of body.split('\n')) {
    let i = 0;
    while (i < line.length && (line[i] === ' ' || line[i] === '\t' || line[i] === '\r')) i++;
    if (line[i] === '*') {
      i++;
      if (line[i] === ' ') i++;
    }
    out.push({ text: line.slice(i).replace(/\s+$/, ''), pos: lineStart + i });
    lineStart += line.length + 1;
  }
  // Drop the empty first/last lines a JSDoc block has.
  while (out[0]?.text === '') out.shift();
  while (out.at(-1)?.text === '') out.pop();
  return out;
}

/** Whether a comment line is a marker line (`+name…`). */
export function isMarkerLine(line: CommentLine): boolean {
  return line.text.trimStart().startsWith('+');
}

/**
 * The description of a doc group by controller-gen's rules (markers/zip.go extractDoc, v0.16+): marker lines
 * removed; leading and trailing blank lines removed, runs of blank lines collapsed (go/ast Text); lines of block
 * comments trimmed; outside fenced code blocks, lines starting with `TODO` dropped and everything from a line
 * starting with `---` on dropped; lines joined with `\n` (a blank line is a paragraph break).
 */
export function describe(group: CommentGroup | undefined): string {
  if (!group) return '';
  const lines: string[] = [];
  for (const l of group.lines) {
    if (isMarkerLine(l)) continue;
    lines.push(group.block ? l.text.trim() : l.text);
  }
  // go/ast CommentGroup.Text: strip trailing spaces, collapse blank-line runs, trim leading/trailing blank lines.
  const collapsed: string[] = [];
  for (const line of lines.map((l) => l.replace(/\s+$/, ''))) {
    if (line === '' && (collapsed.length === 0 || collapsed[collapsed.length - 1] === '')) continue;
    collapsed.push(line);
  }
  while (collapsed.length > 0 && collapsed[collapsed.length - 1] === '') collapsed.pop();
  const kept: string[] = [];
  let inFence = false;
  for (const line of collapsed) {
    if (line.startsWith('```') || line.startsWith('~~~')) inFence = !inFence;
    if (!inFence) {
      if (line.startsWith('TODO')) continue;
      if (line.startsWith('---')) break;
    }
    kept.push(line);
  }
  return kept.join('\n');
}
