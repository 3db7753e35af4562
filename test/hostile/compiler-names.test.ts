/**
 * Names in generated code: user types named like the runtime's exports (`JsonObject`, `ResourceClient`,
 * `Lister`, `ObjectMeta` …) or declared by a generated file, and Unicode type names, produce output that
 * type-checks; the import tracker aliases what collides, whatever the order of requests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ImportTracker, declaredNames, renderSourceFile } from '../../generator/render';
import { isIdentifier, privateName, publicName, safeIdentifier } from '../../generator/naming';
import { kubegen, project, remove, typeCheckGenerated } from './compiler-support';
import { typeAssertions } from '../unit/helpers/generated';

// This file loads TypeScript programs and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

/** A kind named Resource: its client type is ResourceClient, as the runtime's generic client. */
const RESOURCE_KIND = `/**
 * +genclient
 * +kubebuilder:object:root=true
 */
export interface Resource extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: JsonObject;
}

/** +kubebuilder:object:root=true */
export interface ResourceList extends TypeMeta {
  metadata?: ListMeta;
  items: Resource[];
}
`;

const API = `import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
  status?: WidgetStatus;
}

/** +kubebuilder:object:root=true */
export interface WidgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Widget[];
}

export interface WidgetSpec {
  json?: JsonObject;
  client?: ResourceClient;
  lister?: Lister;
  größe?: Größe;
  omega?: Ωmega;
  /** +kubebuilder:default=3 */
  count?: int32;
  data?: unknown;
}

export interface WidgetStatus {
  ready?: boolean;
}

export interface JsonObject {
  /** +kubebuilder:default="x" */
  value?: string;
}

export interface ResourceClient {
  url?: string;
}

export interface Lister {
  items?: string[];
}

export interface Größe {
  /** +kubebuilder:default=1 */
  maß?: int32;
}

export type Ωmega = Record<string, Größe>;
`;

describe('colliding and Unicode type names', () => {
  let dir: string;
  beforeAll(async () => {
    dir = project(API);
    const r = await kubegen(['generate'], dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  }, 60_000);
  afterAll(() => remove(dir));

  const read = (rel: string) => fs.readFileSync(path.join(dir, 'generated/ex.example.com/src', rel), 'utf8');

  it('generates output that type-checks strictly', () => {
    expect(typeCheckGenerated(path.join(dir, 'generated'))).toBe('');
  }, 120_000);

  it('aliases the runtime import where a user type takes the name', () => {
    expect(read('v1/deepcopy.ts')).toContain("import { type JsonObject as runtime_internal_JsonObject, ");
    expect(read('v1/deepcopy.ts')).toMatch(/^import type \{ Größe, JsonObject, Lister, ResourceClient, Widget, WidgetList, WidgetSpec, WidgetStatus, Ωmega \} from '\.\/types';$/m);
  });

  it('declares and imports Unicode names as written', () => {
    expect(read('v1/types.ts')).toContain('export interface Größe {');
    expect(read('v1/types.ts')).toContain('export type Ωmega = Record<string, Größe>;');
    expect(read('v1/types.ts')).toContain('  größe?: Größe;');
    expect(read('v1/deepcopy.ts')).toContain('export function deepCopyGröße(in_: Größe): Größe;');
  });
});

/** Fields named like the members every object has through Object.prototype, required and optional, in every container. */
const OBJECT_MEMBER_FIELDS = `import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +genclient
 * +kubebuilder:object:root=true
 */
export interface Proto extends TypeMeta {
  metadata?: ObjectMeta;
  spec: ProtoSpec;
}

/** +kubebuilder:object:root=true */
export interface ProtoList extends TypeMeta {
  metadata?: ListMeta;
  items: Proto[];
}

export interface ProtoSpec {
  constructor?: string;
  toString: string;
  valueOf?: int32;
  hasOwnProperty?: Member;
  isPrototypeOf?: Member[];
  propertyIsEnumerable?: Record<string, Member>;
  inline?: { constructor?: boolean; toLocaleString: Member };
}

export interface Member {
  constructor: string;
  valueOf?: Leaf[];
}

export interface Leaf {
  toString?: string;
  hasOwnProperty: Record<string, string>;
}
`;

describe('fields named like Object.prototype members', () => {
  it('are copied by deepcopy code that type-checks without a type assertion', async () => {
    const dir = project(OBJECT_MEMBER_FIELDS);
    try {
      const r = await kubegen(['generate'], dir);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(typeCheckGenerated(path.join(dir, 'generated'))).toBe('');
      const deepcopy = fs.readFileSync(path.join(dir, 'generated/ex.example.com/src/v1/deepcopy.ts'), 'utf8');
      expect(deepcopy).toContain("case 'hasOwnProperty' satisfies keyof");
      expect(deepcopy).toContain('out[key] = Array.isArray(v) ? cloneJSON(v) : deepCopyMember(v);');
      expect(typeAssertions(deepcopy).filter((a) => !a.startsWith('as keyof '))).toEqual([]);
    } finally {
      remove(dir);
    }
  }, 120_000);
});

describe('a kind whose generated names are runtime names', () => {
  it('keeps the declared name and aliases the runtime import (ResourceClient of kind Resource)', async () => {
    const dir = project(API.replace(/^export interface ResourceClient \{[^}]*\}\n/m, '').replace('client?: ResourceClient;', '') + RESOURCE_KIND);
    try {
      const r = await kubegen(['generate'], dir);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const client = fs.readFileSync(path.join(dir, 'generated/ex.example.com/src/v1/client.ts'), 'utf8');
      expect(client).toMatch(/^export type ResourceClient = Omit<runtime_client_ResourceClient<Resource, ResourceList>, /m);
      expect(client).toContain('type ResourceClient as runtime_client_ResourceClient');
      expect(typeCheckGenerated(path.join(dir, 'generated'))).toBe('');
    } finally {
      remove(dir);
    }
  }, 120_000);

  it('is a located error when a user type has the same generated name (the index re-exports both)', async () => {
    const text = API + RESOURCE_KIND;
    const dir = project(text);
    try {
      const r = await kubegen(['generate'], dir);
      const line = text.split('\n').indexOf('export interface ResourceClient {') + 1;
      expect(r.err).toBe(
        `apis/ex.example.com/v1/types.ts:${line}:18 - error KG5002: type ResourceClient has the name kubegen gives a declaration of client.ts in ex.example.com/v1, which the version's index re-exports with the types: rename the type\n\nFound 1 error.\n`,
      );
      expect(r.code).toBe(1);
      expect(fs.existsSync(path.join(dir, 'generated'))).toBe(false);
    } finally {
      remove(dir);
    }
  }, 60_000);
});

describe('import tracker', () => {
  it('gives the package its own names and aliases others, whatever the order of requests', () => {
    const orders = [
      ['rt', 'types'],
      ['types', 'rt'],
    ];
    const outputs = orders.map((order) => {
      const t = new ImportTracker();
      const refs: Record<string, string> = {};
      for (const o of order) {
        if (o === 'rt') refs.rt = t.type('@kubegen/runtime', 'JsonObject');
        else refs.types = t.type('./types', 'JsonObject');
      }
      return renderSourceFile(t, `export function f(a: ${refs.types}, b: ${refs.rt}): void {}\n`);
    });
    expect(outputs[0]).toBe(outputs[1]);
    expect(outputs[0]).toContain("import type { JsonObject as runtime_JsonObject } from '@kubegen/runtime';");
    expect(outputs[0]).toContain("import type { JsonObject } from './types';");
    expect(outputs[0]).toContain('export function f(a: JsonObject, b: runtime_JsonObject): void {}');
  });

  it('never imports under a name the file declares', () => {
    const t = new ImportTracker();
    const lister = t.value('@kubegen/runtime', 'Lister');
    const text = renderSourceFile(t, `export interface Lister {}\nexport const x = new ${lister}();\n`);
    expect(text).toContain("import { Lister as runtime_Lister } from '@kubegen/runtime';");
    expect(text).toContain('export const x = new runtime_Lister();');
  });

  it('numbers an alias that is taken too', () => {
    const t = new ImportTracker();
    const a = t.type('@kubegen/runtime', 'X');
    const text = renderSourceFile(t, `export type X = 1;\nexport type runtime_X = 2;\nexport type Y = ${a};\n`);
    expect(text).toContain("import type { X as runtime_X2 } from '@kubegen/runtime';");
    expect(text).toContain('export type Y = runtime_X2;');
  });

  it('finds the names a file declares at top level', () => {
    expect([...declaredNames('export interface A {}\nfunction b() {\n  const c = 1;\n}\nexport const Größe = 1;\nexport type D<T> = T;\nclass E {}\n')]).toEqual(['A', 'b', 'Größe', 'D', 'E']);
  });
});

describe('naming', () => {
  const rows: Array<{ given: string; want: { safe: string; identifier: boolean } }> = [
    { given: 'Größe', want: { safe: 'Größe', identifier: true } },
    { given: 'Ωmega', want: { safe: 'Ωmega', identifier: true } },
    { given: '名前', want: { safe: '名前', identifier: true } },
    { given: 'F\u00f6\u00f6bar', want: { safe: 'Fööbar', identifier: true } },
    { given: 'a-b', want: { safe: 'a_b', identifier: false } },
    { given: '1a', want: { safe: '_1a', identifier: false } },
    { given: '·x', want: { safe: '_·x', identifier: false } },
    { given: 'default', want: { safe: 'default_', identifier: false } },
    { given: '$x_1', want: { safe: '$x_1', identifier: true } },
  ];
  test.each(rows)('$given', ({ given, want }) => {
    expect(safeIdentifier(given)).toBe(want.safe);
    expect(isIdentifier(given)).toBe(want.identifier);
  });

  it('splits and joins words of any script', () => {
    expect(publicName('größe-maß')).toBe('GrößeMaß');
    expect(privateName('Größe')).toBe('größe');
    expect(publicName('ωmegaΔelta')).toBe('ΩmegaΔelta');
  });
});
