/**
 * The client verbs are written once (generator/core/client-verbs.ts): the runtime's `ResourceClient` declares exactly
 * the table's methods, in its order; the marker grammar, the model and the clientset emitter read the same table.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import type { KubeList, KubeObject, ResourceClient } from '@kubegen/runtime';
import { CLIENT_METHODS, CLIENT_VERBS, READONLY_VERBS, RESOURCE_CLIENT_METHODS, clientMethods, type ResourceClientMethod } from '../../../../generator/core/client-verbs';
import { CLIENT_VERBS as MARKER_VERBS, GenClientOnlyVerbs } from '../../../../generator/markers/definitions/client';
import { parseMarker } from '../../../../generator/markers';

const RUNTIME_CLIENT = path.resolve(__dirname, '../../../../runtime/src/client/types.ts');

/** The members of an interface of a source file, in declaration order (overloads once). */
function interfaceMembers(file: string, name: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const decl = sf.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!decl) throw new Error(`no interface ${name} in ${file}`);
  return [...new Set(decl.members.map((m) => (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? m.name.text : m.getText(sf))))];
}

// Checked by tsc: the table names only methods of ResourceClient, and every one of them.
type Methods = keyof ResourceClient<KubeObject, KubeList<KubeObject>>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exhaustive: Same<Methods, ResourceClientMethod> = true;

describe('the client verb table', () => {
  it("is the runtime's ResourceClient: exactly its methods, in declaration order", () => {
    expect(exhaustive).toBe(true);
    expect(interfaceMembers(RUNTIME_CLIENT, 'ResourceClient')).toEqual([...RESOURCE_CLIENT_METHODS]);
  });

  it("gives client-gen's verbs (each a method of its own name) to the marker grammar", () => {
    expect(MARKER_VERBS).toBe(CLIENT_VERBS);
    expect(CLIENT_VERBS).toEqual(['create', 'update', 'updateStatus', 'delete', 'deleteCollection', 'get', 'list', 'watch', 'patch', 'apply', 'applyStatus']);
    for (const v of [...CLIENT_VERBS, ...READONLY_VERBS]) expect(RESOURCE_CLIENT_METHODS).toContain(v);
    const parsed = parseMarker('+genclient:onlyVerbs=get,lisst', { file: 'a.ts', line: 1, column: 1 }, 'type');
    const diagnostics = parsed.kind === 'error' ? parsed.diagnostics : [];
    expect(diagnostics.map((d) => [d.message, d.hint])).toEqual([[`invalid +${GenClientOnlyVerbs.name}: unknown verb "lisst"; verbs are ${CLIENT_VERBS.join(', ')}`, 'list']]);
  });

  it.each<[string, string[], boolean, ResourceClientMethod[], ResourceClientMethod[]]>([
    ['every verb, no scale', [...CLIENT_VERBS], false, [], RESOURCE_CLIENT_METHODS.filter((m) => m !== 'getScale' && m !== 'updateScale')],
    ['every verb, with scale', [...CLIENT_VERBS], true, [], [...RESOURCE_CLIENT_METHODS]],
    ['readonly', [...READONLY_VERBS], false, [], ['get', 'list', 'listPages', 'listAll', 'watch']],
    ['get and update with scale', ['update', 'get'], true, [], ['update', 'get', 'getScale', 'updateScale']],
    ['scale verbs without their verb', ['list'], true, [], ['list', 'listPages', 'listAll']],
    ["client-gen's GetScale extension, no scale subresource", ['get'], false, ['getScale'], ['get', 'getScale']],
    ['no verbs', [], true, [], []],
  ])('the methods of a client with %s', (_name, verbs, scale, also, want) => {
    expect(clientMethods(new Set(verbs), scale, new Set(also))).toEqual(want);
  });

  it('lets every method come from one verb', () => {
    for (const m of CLIENT_METHODS) {
      const from = 'verb' in m ? m.verb : m.with;
      expect(CLIENT_VERBS).toContain(from);
    }
  });
});
