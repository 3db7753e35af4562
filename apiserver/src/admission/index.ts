/** Admission: typed plugins (mutating, then validating) the registry store runs before it writes. */
export { ALL_OPERATIONS, admissionPlugin, type AdmissionOperation, type AdmissionPlugin, type AdmissionPluginContext, type AdmissionPluginFactory, type ObjectReader, type TypedPluginSpec } from './plugin';
export { AdmissionChain, type AdmissionAttributes } from './chain';
export { storeReader } from './reader';
