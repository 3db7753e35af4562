import { withEsmSpecifiers } from '../../../../generator/emit/esm-specifiers';
import type { VirtualFile } from '../../../../generator/emit/shared/types';

const src = (path: string, contents: string): VirtualFile => ({ path, contents, role: 'source', group: 'shop.example.dev' });

describe('withEsmSpecifiers', () => {
  const files: VirtualFile[] = [
    src('shop/index.ts', "export * as v1 from './v1';\nexport * from './clientset';\n"),
    src('shop/clientset.ts', "import { ShopV1Client, type ShopV1Interface } from './v1/client';\nimport { ResourceClient } from '@kubegen/runtime/client';\n"),
    src('shop/v1/index.ts', "export * from './types';\n"),
    src('shop/v1/types.ts', "/**\n * copied from './nowhere' in a comment\n */\nexport const note = \"import x from './nowhere';\";\n"),
    src('shop/v1/client.ts', "import type {\n  Order,\n  OrderList,\n} from './types';\nimport * as hub from '..';\nimport type * as v from '../v1';\n"),
    { path: 'shop/crds/shop_orders.yaml', contents: "from: './v1'\n", group: 'shop.example.dev', role: 'crd' },
  ];

  it.each([
    ['shop/index.ts', "export * as v1 from './v1/index.js';\nexport * from './clientset.js';\n"],
    ['shop/clientset.ts', "import { ShopV1Client, type ShopV1Interface } from './v1/client.js';\nimport { ResourceClient } from '@kubegen/runtime/client';\n"],
    ['shop/v1/index.ts', "export * from './types.js';\n"],
    ['shop/v1/client.ts', "import type {\n  Order,\n  OrderList,\n} from './types.js';\nimport * as hub from '../index.js';\nimport type * as v from '../v1/index.js';\n"],
  ])('%s: relative specifiers name their files', (path, want) => {
    expect(withEsmSpecifiers(files).find((f) => f.path === path)!.contents).toBe(want);
  });

  it('leaves comments, strings, package specifiers and non-TypeScript files alone, and does not mutate its input', () => {
    const before = JSON.stringify(files);
    const out = withEsmSpecifiers(files);
    expect(out.find((f) => f.path === 'shop/v1/types.ts')).toBe(files[3]);
    expect(out.find((f) => f.path === 'shop/crds/shop_orders.yaml')).toBe(files[5]);
    expect(JSON.stringify(files)).toBe(before);
    expect(withEsmSpecifiers(out)).toEqual(out); // idempotent: explicit specifiers stay
  });

  it('refuses a specifier that names no generated module', () => {
    expect(() => withEsmSpecifiers([src('shop/index.ts', "export * from './missing';\n")])).toThrow("shop/index.ts: import of './missing' names no generated module");
  });
});
