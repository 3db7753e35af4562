/**
 * Lister expansions: hand-written methods on generated listers (lister-gen's `<T>ListerExpansion` and
 * `<T>NamespaceListerExpansion`, which Go fills with methods in a hand-written file of the same package).
 *
 * A generated lister interface extends two expansion interfaces that are empty as generated. To add methods,
 * augment them (declaration merging) and register their implementation on the generated, per-kind
 * `ListerExpansion` object before listers are made:
 *
 * ```ts
 * declare module '@kubegen-generated/stable.example.com/v1' {
 *   interface CronTabNamespaceListerExpansion { byImage(image: string): CronTab[] }
 * }
 * cronTabListerExpansion.namespaceLister = (l) => ({ byImage: (image) => l.list().filter((c) => c.spec.image === image) });
 * ```
 *
 * Contract: `expandLister` adds the registered methods to the lister it is given (and to every namespace lister
 * its `namespace(ns)` returns), at the time it is called; an augmented interface whose implementation is not
 * registered type-checks but its methods are missing at run time — register next to the augmentation.
 */

import type { KubeObject } from '../client/types';
import type { Lister, NamespaceLister } from './lister';

/** The implementations of a kind's lister expansions; each builds the added methods over the plain lister. */
export interface ListerExpansion<T extends KubeObject, L, NL = unknown> {
  lister?: (base: Lister<T>) => L;
  namespaceLister?: (base: NamespaceLister<T>) => NL;
}

/** A lister with its expansions (see the module doc). */
export type ExpandedLister<T extends KubeObject, L, NL> = Omit<Lister<T>, 'namespace'> &
  L & {
    namespace(namespace: string): NamespaceLister<T> & NL;
  };

/** Adds the registered expansion methods to `base` and to the namespace listers it returns. */
export function expandLister<T extends KubeObject, L, NL>(base: Lister<T>, expansion: ListerExpansion<T, L, NL>): ExpandedLister<T, L, NL> {
  const { lister, namespaceLister } = expansion;
  if (namespaceLister) {
    const plain = base.namespace.bind(base);
    base.namespace = (namespace: string) => {
      const ns = plain(namespace);
      return Object.assign(ns, namespaceLister(ns));
    };
  }
  // Without registered implementations the expansion interfaces are empty (or their methods missing, see above).
  // The expansion interfaces are augmented by the user; their methods exist only when registered (module doc).
  return (lister ? Object.assign(base, lister(base)) : base) as unknown as ExpandedLister<T, L, NL>; // cast-ok: user-augmented interfaces
}
