import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  GENERATED_HEADER,
  ImportTracker,
  jsLiteral,
  jsPropertyAccess,
  jsPropertyKey,
  jsString,
  normaliseWhitespace,
  renderSourceFile,
  templatesDir,
} from '../../../../generator/render';
import { HelperNames, helperName, lowerCamel, privateName, publicName, publicPlural, safeIdentifier } from '../../../../generator/naming';
import { evaluate } from '../../helpers/evaluate';

describe('escaping', () => {
  const strings: Array<[string, string]> = [
    ['plain', "'plain'"],
    ["it's", "'it\\'s'"],
    ['back\\slash', "'back\\\\slash'"],
    ['line\nbreak\r\ttab', "'line\\nbreak\\r\\ttab'"],
    ['\u2028\u2029\u0000\u007f', "'\\u2028\\u2029\\u0000\\u007f'"],
    ['lone \ud800 surrogate', "'lone \\ud800 surrogate'"],
    ['emoji 😀', "'emoji 😀'"],
    ['*/ ${x} `', "'*/ ${x} `'"],
  ];
  it.each(strings)('jsString(%j)', (given, want) => {
    expect(jsString(given)).toBe(want);
    expect(evaluate(want)).toBe(given);
  });

  it('jsLiteral renders JSON as a fresh expression, with __proto__ as an own property', () => {
    const _value = { a: [1, 'x', null, true], 'b-c': { __proto__: 1 }, '': -0 };
    const parsed: unknown = JSON.parse('{"a":[1,"x",null,true],"b-c":{"__proto__":1},"":0}');
    const text = jsLiteral(parsed);
    expect(text).toBe(`{ a: [1, 'x', null, true], 'b-c': { ['__proto__']: 1 }, '': 0 }`);
    const evaluated = evaluate(text) as Record<string, unknown>;
    expect(JSON.stringify(evaluated)).toBe(JSON.stringify(parsed));
    expect(Object.getPrototypeOf(evaluated['b-c'])).toBe(Object.prototype);
    expect(() => jsLiteral(NaN)).toThrow();
    expect(() => jsLiteral(undefined)).toThrow();
  });

  it('property keys and accesses', () => {
    expect(jsPropertyKey('spec')).toBe('spec');
    expect(jsPropertyKey('x-y')).toBe("'x-y'");
    expect(jsPropertyAccess('o', 'spec')).toBe('o.spec');
    expect(jsPropertyAccess('o', 'a.b')).toBe("o['a.b']");
    expect(jsPropertyAccess('o', '__proto__')).toBe("o['__proto__']");
    // names every object inherits: element access, so a JsonObject's index signature (not the inherited member) types it
    for (const name of ['toString', 'valueOf', 'constructor', 'hasOwnProperty', 'isPrototypeOf']) expect(jsPropertyAccess('o', name)).toBe(`o['${name}']`);
    expect(jsPropertyAccess('o', 'length')).toBe('o.length');
  });
});

describe('naming', () => {
  const table: Array<[string, string, string, string]> = [
    // given, public, private, publicPlural
    ['cronTab', 'CronTab', 'cronTab', 'CronTabs'],
    ['Policy', 'Policy', 'policy', 'Policies'],
    ['Status', 'Status', 'status', 'Statuses'],
    ['URLMap', 'URLMap', 'urlMap', 'URLMaps'],
    ['stable.example.com', 'StableExampleCom', 'stableExampleCom', 'StableExampleComs'],
    ['v1beta1', 'V1beta1', 'v1beta1', 'V1beta1s'],
    ['Endpoints', 'Endpoints', 'endpoints', 'Endpoints'],
  ];
  it.each(table)('%s', (given, pub, priv, plural) => {
    expect(publicName(given)).toBe(pub);
    expect(privateName(given)).toBe(priv);
    expect(lowerCamel(given)).toBe(priv);
    expect(publicPlural(given)).toBe(plural);
  });

  it('safe identifiers', () => {
    expect(safeIdentifier('default')).toBe('default_');
    expect(safeIdentifier('1a')).toBe('_1a');
    expect(safeIdentifier('a-b.c')).toBe('a_b_c');
    expect(safeIdentifier('')).toBe('_');
    expect(privateName('Package')).toBe('package_');
  });
});

describe('imports and files', () => {
  it('sorts modules (packages first) and names, and uses import type for type-only modules', () => {
    const t = new ImportTracker();
    expect(t.isEmpty).toBe(true);
    t.type('./types', 'B');
    t.type('./types', 'A');
    t.value('@kubegen/runtime', 'cloneJSON');
    t.type('@kubegen/runtime', 'JsonObject');
    t.value('@kubegen/runtime', 'LostFields');
    t.type('@kubegen/runtime', 'LostFields');
    t.namespace('./v1/conversion', 'v1');
    t.typeNamespace('../v1/types', 'hub');
    expect(t.render()).toBe(
      [
        "import { type JsonObject, LostFields, cloneJSON } from '@kubegen/runtime';",
        "import type * as hub from '../v1/types';",
        "import type { A, B } from './types';",
        "import * as v1 from './v1/conversion';",
      ].join('\n'),
    );
  });

  it('renders a source file with the fixed header and normalised whitespace', () => {
    const t = new ImportTracker();
    t.value('x', 'y');
    expect(renderSourceFile(t, 'function f() {\n\n  return 1;   \n\n\n}\n\n\n')).toBe(`${GENERATED_HEADER}\n\nimport { y } from 'x';\n\nfunction f() {\n  return 1;\n}\n`);
    expect(normaliseWhitespace('a\n\n\n\nb')).toBe('a\n\nb\n');
  });

  it('finds the templates directory of the repository', () => {
    const dir = templatesDir();
    expect(dir).toBe(path.resolve(__dirname, '../../../../templates'));
    expect(fs.existsSync(path.join(dir, 'deepcopy', 'struct.hbs'))).toBe(true);
  });
});

describe('helper names', () => {
  it.each([
    { given: ['deepCopy', 'CronTab_spec'], want: 'deepCopyCronTabSpec' },
    { given: ['deepCopy', 'CronTabSpec_v1Only'], want: 'deepCopyCronTabSpecV1Only' },
    { given: ['convert', 'v1alpha1', 'Fischer', 'To', 'v1beta1', 'Fischer'], want: 'convertV1alpha1FischerToV1beta1Fischer' },
    { given: ['apply', 'runtime', 'SecretKeySelector'], want: 'applyRuntimeSecretKeySelector' },
    { given: ['apply', 'other.example.com/v1', 'Größe_maß'], want: 'applyOtherExampleComV1GrößeMaß' },
  ])('helperName($given) = $want', ({ given, want }) => {
    const [verb, ...parts] = given;
    expect(helperName(verb!, ...parts)).toBe(want);
  });

  it('gives each identity one name and never the same name to two identities or to a reserved one', () => {
    const names = new HelperNames();
    names.reserve('deepCopyFooBar');
    // the inline type Foo.bar and a declared type FooBar spell the same words
    expect(names.name('inline\0Foo_bar', 'deepCopyFooBar')).toBe('deepCopyFooBar2');
    expect(names.name('inline\0FooB_ar', 'deepCopyFooBar')).toBe('deepCopyFooBar3');
    expect(names.name('inline\0Foo_bar', 'deepCopyFooBar')).toBe('deepCopyFooBar2');
    expect(names.name('inline\0Baz_qux', 'deepCopyBazQux')).toBe('deepCopyBazQux');
  });
});
