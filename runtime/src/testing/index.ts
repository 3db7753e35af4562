/**
 * `@kubegen/runtime/testing`: a real Kubernetes control plane (etcd + kube-apiserver on loopback) for tests, the
 * TypeScript counterpart of controller-runtime's envtest; and the fake clientset (client-go's `testing` and
 * `fake` packages): an in-memory object tracker behind the typed client interface, with recorded actions and reactors.
 */
export {
  DEFAULT_KUBERNETES_VERSION,
  buildControlPlaneBinaries,
  cachedAssetsDir,
  defaultCacheDir,
  kubernetesVersionOf,
  resolveControlPlaneBinaries,
  type ControlPlaneBinaries,
  type ResolveBinariesOptions,
} from './binaries';
export {
  REQUEST_HEADERS,
  startControlPlane,
  type ComponentFlags,
  type ControlPlane,
  type ControlPlaneOptions,
  type ControlPlaneUser,
  type FrontProxy,
  type ProcessInfo,
} from './controlplane';
export { buildKubeconfig, kubeconfigToYaml, type Kubeconfig, type KubeconfigOptions } from './kubeconfig';
export { parseDuration } from './duration';
export { isAlive } from './lock';
export { endpointAddress, freePort } from './ports';
export { defaultToolsCacheDir, ensureGoModuleSource, ensureGoTool, goToolPath, type GoModuleSourceOptions, type GoToolOptions } from './gotools';
export type { ProcessExit } from './process';
export {
  crdClientsFor,
  customResourceDefinitionResource,
  installCRDs,
  parseCrdFile,
  readCrdFiles,
  type CrdClients,
  type CrdInstallOptions,
  type CustomResourceDefinition,
  type CustomResourceDefinitionList,
  type InstalledCrds,
} from './crds';
export * from './fake';
export {
  makeCertificateAuthority,
  makeClientCertificate,
  makeServingCertificates,
  writeServingCertificates,
  type ClientCertificateOptions,
  type ServingCertificateOptions,
  type ServingCertificates,
} from './certs';
