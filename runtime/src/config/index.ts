export * from './config';
export { inClusterConfig, inClusterPossible, SERVICE_ACCOUNT_DIR, type InClusterOptions } from './incluster';
export {
  KubeconfigError,
  mergeKubeconfigs,
  parseKubeconfig,
  readKubeconfigFile,
  readKubeconfigFileIfExists,
  selectContext,
  type KubeconfigCluster,
  type KubeconfigContext,
  type KubeconfigObject,
  type KubeconfigUser,
  type KubeconfigValue,
  type ParsedKubeconfig,
  type SelectedContext,
} from './kubeconfig';
export { fromParsedKubeconfig, type KubeconfigClientOptions } from './resolve';
export { fileTokenSource, type FileTokenOptions } from './token';
