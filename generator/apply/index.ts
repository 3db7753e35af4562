/**
 * `kubegen/apply`: the engine of `kubegen apply` as a library — read manifests (`readManifests`, `parseManifests`)
 * or bring objects already rendered, then `applyManifests` them (server-side apply, install order, waits, ApplySet
 * pruning, server dry run, delete). See docs/apply.md.
 */
export { applyManifests, ApplyError, errorLine, formatResult, objectRef } from './engine';
export type { ApplyManifestsOptions, ApplyOutcome, ApplyResult, ApplySummary } from './engine';
export { checkObject, formatSource, ManifestError, MAX_MANIFEST_BYTES, parseManifests, readManifests } from './manifests';
export type { Manifest, ManifestObject, ManifestSource, ReadManifestsOptions } from './manifests';
export * from './applyset';
export { changedPaths } from './diff';
export { INSTALL_ORDER, installRank, sortForDelete, sortForInstall } from './order';
export { buildKustomizationDir, KustomizeError, parseLabelSelector, splitImage } from './kustomize/build';
export { printManifests } from './kustomize/print';
