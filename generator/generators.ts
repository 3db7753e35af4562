/**
 * Every generator kubegen runs, by name. `kubegen generate` runs those the configuration selects (all by default),
 * in this order, over one model.
 */
import { clientsetGenerator, fakeGenerator } from './emit/clientset';
import { conversionGenerator } from './emit/conversion';
import { crdGenerator } from './emit/crd';
import { deepcopyGenerator } from './emit/deepcopy';
import { defaultsGenerator } from './emit/defaults';
import { informersGenerator } from './emit/informers';
import { listersGenerator } from './emit/listers';
import { packageGenerator } from './emit/package';
import type { Generator } from './emit/types';
import { typesGenerator } from './emit/types-ts';

export const generators: ReadonlyArray<Generator<never>> = [
  crdGenerator,
  typesGenerator,
  deepcopyGenerator,
  defaultsGenerator,
  conversionGenerator,
  clientsetGenerator,
  fakeGenerator,
  listersGenerator,
  informersGenerator,
  packageGenerator,
] as ReadonlyArray<Generator<never>>;

export function generatorByName(name: string): Generator<never> | undefined {
  return generators.find((g) => g.name === name);
}
