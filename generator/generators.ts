/**
 * Every generator kubegen runs, by name. `kubegen generate` runs those the configuration selects (all by default),
 * in this order, over one model.
 */
import { crdGenerator } from './emit/crd';
import type { Generator } from './emit/types';

export const generators: ReadonlyArray<Generator<never>> = [crdGenerator as Generator<never>];

export function generatorByName(name: string): Generator<never> | undefined {
  return generators.find((g) => g.name === name);
}
