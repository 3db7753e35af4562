/**
 * Minimal typed descriptors of the built-in kinds this operator writes: apps/v1 StatefulSet, v1 Service and
 * v1 ConfigMap, used through the runtime's generic client (`mgr.clientFor(descriptor, namespace)`).
 *
 * TO BE REPLACED by `@kubegen/api` (the generated types and clients of the built-in kinds) once it lands: only
 * the fields this operator sets or reads are typed here; everything else the server holds is kept untouched.
 */
import type { IntOrString, KubeObject, ResourceDescriptor } from '@kubegen/runtime';

export interface LabelSelector {
  matchLabels?: Record<string, string>;
}

export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { fieldRef?: { apiVersion?: string; fieldPath: string } };
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: ContainerPort[];
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}

export interface PodTemplateSpec {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: { containers: Container[]; volumes?: Array<{ name: string; emptyDir?: Record<string, never> }> };
}

/** apps/v1 StatefulSet (the fields this operator uses). */
export interface StatefulSet extends KubeObject {
  spec?: {
    replicas?: number;
    serviceName?: string;
    selector: LabelSelector;
    podManagementPolicy?: 'OrderedReady' | 'Parallel';
    template: PodTemplateSpec;
  };
  /** Written by the StatefulSet controller of kube-controller-manager (absent in envtest, which runs none). */
  status?: { observedGeneration?: number; replicas?: number; readyReplicas?: number; updatedReplicas?: number };
}

export interface ServicePort {
  name?: string;
  port: number;
  targetPort?: IntOrString;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
}

/** v1 Service (the fields this operator uses). */
export interface Service extends KubeObject {
  spec?: {
    clusterIP?: string;
    selector?: Record<string, string>;
    ports?: ServicePort[];
    publishNotReadyAddresses?: boolean;
  };
}

/** v1 ConfigMap. */
export interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

export const statefulSetResource: ResourceDescriptor<StatefulSet> = { group: 'apps', version: 'v1', resource: 'statefulsets', kind: 'StatefulSet', listKind: 'StatefulSetList', namespaced: true, subresources: { status: true } };
export const serviceResource: ResourceDescriptor<Service> = { group: '', version: 'v1', resource: 'services', kind: 'Service', listKind: 'ServiceList', namespaced: true, subresources: { status: true } };
export const configMapResource: ResourceDescriptor<ConfigMap> = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', listKind: 'ConfigMapList', namespaced: true };
