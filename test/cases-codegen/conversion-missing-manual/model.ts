/** The conversion case without its hand-written functions: generation must fail, naming each field and function. */
import { build as buildWithManual } from '../conversion/model';

export const generators = ['conversion'];

export function build() {
  return buildWithManual({ manual: false });
}
