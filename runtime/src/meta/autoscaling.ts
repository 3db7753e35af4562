/** autoscaling/v1 Scale, the body of the `scale` subresource (k8s.io/api/autoscaling/v1). */

import type { ObjectMeta, int32 } from './types';

/** The desired scale. */
export interface ScaleSpec {
  /** The desired number of instances. */
  replicas?: int32;
}

/** The observed scale. */
export interface ScaleStatus {
  /** The actual number of observed instances. */
  replicas: int32;
  /** The label selector of the pods, in string form (as in `kubectl get --selector`). */
  selector?: string;
}

/** Scale represents a scaling request for a resource (autoscaling/v1). */
export interface Scale {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: ScaleSpec;
  status?: ScaleStatus;
}
