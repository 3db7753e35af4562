/**
 * The e2e project's test runner: jest's own, serial. Every e2e file shares the run's one control plane, and several
 * install the same CRDs (the samples' and the golden cases': crds, defaults, validation-agreement …), replacing a CRD
 * of the same name first — run side by side they would delete each other's. So the e2e files run one after another
 * whatever `maxWorkers` is, while the unit project's files (own processes, own ports, own temporary directories) use
 * every worker jest has. Jest runs its projects' runners one after the other, so the two never overlap.
 */
import TestRunner from 'jest-runner';

export default class SerialRunner extends TestRunner {
  override readonly isSerial = true;
}
