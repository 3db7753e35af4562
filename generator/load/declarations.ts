/**
 * Whether a TypeScript text holds declarations only — the check `kubegen import` runs on what it printed
 * (generator/import-check.ts), on the compiler's AST: no text from an imported document can have become a statement.
 */
import * as ts from 'typescript';
import { SourceFiles } from './resolve';

/**
 * The first statement of `contents` (a file named `file`) that is not a declaration — anything but type-only imports
 * and exports, interfaces and type aliases (exported or not), described with its `line:column` — or its first syntax
 * error; undefined when it holds declarations only.
 */
export function firstNonDeclaration(file: string, contents: string): string | undefined {
  const sf = ts.createSourceFile(file, contents, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const [syntax] = SourceFiles.parseDiagnostics(sf);
  if (syntax) return `a syntax error (${ts.flattenDiagnosticMessageText(syntax.messageText, ' ')})`;
  for (const st of sf.statements) {
    const ok =
      (ts.isImportDeclaration(st) && st.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword) ||
      (ts.isExportDeclaration(st) && st.isTypeOnly) ||
      (ts.isInterfaceDeclaration(st) && (ts.getModifiers(st) ?? []).every((m) => m.kind === ts.SyntaxKind.ExportKeyword)) ||
      (ts.isTypeAliasDeclaration(st) && (ts.getModifiers(st) ?? []).every((m) => m.kind === ts.SyntaxKind.ExportKeyword));
    if (!ok) {
      const { line, character } = sf.getLineAndCharacterOfPosition(st.getStart(sf));
      return `a ${ts.SyntaxKind[st.kind]} at ${line + 1}:${character + 1}`;
    }
  }
  return undefined;
}
