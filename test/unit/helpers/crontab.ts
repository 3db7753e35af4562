/** The CronTab resource the runtime's client tests (typed client, fake, type meta) drive. */
import type { KubeList, ResourceDescriptor } from '../../../runtime/src/client/types';
import type { ObjectMeta } from '../../../runtime/src/meta/types';

export interface CronTab {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: { cronSpec?: string; replicas?: number };
  status?: { replicas?: number; selector?: string };
}

export type CronTabList = KubeList<CronTab>;

/** Namespaced, with the status subresource and a scale subresource (replicas and label selector paths). */
export const crontabs: ResourceDescriptor<CronTab, CronTabList> = {
  group: 'stable.example.com',
  version: 'v1',
  resource: 'crontabs',
  kind: 'CronTab',
  namespaced: true,
  subresources: { status: true, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
};
