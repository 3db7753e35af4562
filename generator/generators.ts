/**
 * Every generator kubegen runs, by name, each with how its options come out of the run's configuration. `kubegen
 * generate` runs those the configuration selects (all but the opt-in `docs` by default), in this order, over one generation context.
 */
import { admissionGenerator } from './emit/admission';
import { applyConfigurationsGenerator } from './emit/applyconfigurations';
import { clientsetGenerator, fakeGenerator } from './emit/clientset';
import { conversionGenerator } from './emit/conversion';
import { crdGenerator, type CrdOptions } from './emit/crd';
import { deepcopyGenerator } from './emit/deepcopy';
import { docsGenerator } from './emit/docs';
import { defaultsGenerator } from './emit/defaults';
import { configure, type ConfiguredGenerator } from './emit/shared/execute';
import { informersGenerator } from './emit/informers';
import { listersGenerator } from './emit/listers';
import { packageGenerator, type PackageOptions } from './emit/package';
import type { Generator, NoOptions } from './emit/shared/types';
import { typesGenerator } from './emit/types-ts';
import { validationGenerator, type ValidationOptions } from './emit/validation';

/** The configuration of a run, resolved once: what each generator's options are made from. */
export interface GenerationConfig {
  crd: CrdOptions;
  package: PackageOptions;
  validation: ValidationOptions;
}

/** A generator of the registry, with how the configuration gives its options (typed per generator). */
export interface RegisteredGenerator {
  readonly name: string;
  /** Runs only when the configuration names it (not part of the default "all"). */
  readonly optIn?: boolean;
  configure(config: GenerationConfig): ConfiguredGenerator;
}

function register<Options>(generator: Generator<Options>, options: (config: GenerationConfig) => Options): RegisteredGenerator {
  return { name: generator.name, configure: (config) => configure(generator, options(config)) };
}

/** Generators without options: generated code imports `@kubegen/runtime` and its version's `./types`. */
const defaults = (): NoOptions => ({});

export const generators: readonly RegisteredGenerator[] = [
  register(crdGenerator, (c) => c.crd),
  register(typesGenerator, defaults),
  register(deepcopyGenerator, defaults),
  register(defaultsGenerator, defaults),
  register(validationGenerator, (c) => c.validation),
  register(conversionGenerator, defaults),
  register(applyConfigurationsGenerator, defaults),
  register(clientsetGenerator, defaults),
  register(fakeGenerator, defaults),
  register(listersGenerator, defaults),
  register(informersGenerator, defaults),
  register(admissionGenerator, defaults),
  { ...register(docsGenerator, defaults), optIn: true },
  register(packageGenerator, (c) => c.package),
];

export function generatorByName(name: string): RegisteredGenerator | undefined {
  return generators.find((g) => g.name === name);
}
